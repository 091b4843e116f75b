/**
 * The invoice chain of one EGS unit: ICV (invoice counter value, KSA-16) and PIH (previous invoice hash,
 * KSA-13). Every invoice the unit signs takes the next counter and the hash of the invoice signed
 * before it, whatever happens to that invoice afterwards (cleared, rejected, reported later): ZATCA checks
 * the sequence, so the chain must never fork (two invoices with one ICV/PIH) nor skip.
 *
 * One submission normally has one signed invoice (generation 0). Only after ZATCA REJECTED it may the
 * corrected document be signed again, as a new invoice in the next slot (generation 1, 2, ...): the
 * rejected one keeps its slot and stays stored, superseded.
 */
import { createHash } from 'node:crypto';

/** PIH of an EGS unit's first invoice: base64 of the hex SHA-256 of "0" (the SDK's `PIH/pih.txt`). */
export const ZATCA_INITIAL_PIH = Buffer.from(createHash('sha256').update('0').digest('hex'), 'utf8').toString(
  'base64',
);

export interface ChainSlot {
  /** Invoice counter value for the invoice being signed (1 for the unit's first invoice). */
  icv: number;
  /** Hash of the previous invoice signed by this unit, or ZATCA_INITIAL_PIH. */
  pih: string;
}

export interface SignedInChain {
  signedXml: string;
  /** base64 invoice hash of `signedXml`: the next invoice's PIH. */
  hash: string;
}

/** Which submission (and which of its generations) a slot is taken for: the store keeps the XML against it. */
export interface ChainSlotOwner {
  submissionId: string;
  uuid: string;
  /** 0 (the default) for the submission's first invoice; n for its n-th re-issue after a rejection. */
  generation?: number;
}

/** ZATCA's refusal of a signed invoice (clearance NOT_CLEARED, reporting NOT_REPORTED), codes verbatim. */
export interface ZatcaRejection {
  code: string;
  message: string;
}

/** A signed invoice as stored with its submission; a retry resends exactly this unless ZATCA rejected it. */
export interface StoredSignedInvoice extends SignedInChain, ChainSlot {
  egsUnitId: string;
  submissionId: string;
  uuid: string;
  generation: number;
  rejection?: ZatcaRejection;
}

export interface ChainState {
  lastIcv: number;
  lastHash: string;
}

export interface ZatcaChainStore {
  /**
   * Reserves the unit's next slot, runs `fn` (build + sign with that ICV/PIH) and advances the chain to
   * `{icv, hash}`. The Postgres implementation does all of it in ONE transaction: lock the unit's
   * `zatca_chain` row (SELECT ... FOR UPDATE), call `fn`, store the signed XML on the submission and
   * update the row, then commit. If `fn` throws, or storing fails, nothing advances; two workers signing
   * for the same unit wait for each other. `fn` must not call the authority: only sign (the stored XML is
   * then sent, and a retry resends that same XML, found by `findSigned`). If `owner.submissionId`
   * already has a signed invoice of `owner.generation` (checked under the lock), that one is returned
   * and `fn` is not called: a rerun after a crash finds what the first run signed. A generation n > 0
   * is taken only if generation n - 1 was rejected; that one is marked superseded in the same transaction.
   * A slot the store cannot give (the unit busy past the lock timeout, the invoice UUID signed already for
   * another submission) is refused with ChainSlotRefused, which the regime classifies.
   */
  withNextChainSlot(
    egsUnitId: string,
    fn: (icv: number, pih: string) => Promise<SignedInChain>,
    owner: ChainSlotOwner,
  ): Promise<StoredSignedInvoice>;
  /** The submission's latest signed invoice, if any: resent as it is unless ZATCA rejected it. */
  findSigned(submissionId: string): Promise<StoredSignedInvoice | undefined>;
  /** Records ZATCA's refusal of this signed invoice; only a rejected invoice may be re-issued. */
  markRejected(
    signed: Pick<StoredSignedInvoice, 'submissionId' | 'generation'>,
    rejection: ZatcaRejection,
  ): Promise<void>;
  current(egsUnitId: string): Promise<ChainState | undefined>;
}

/** Refuses a re-issue whose previous generation ZATCA did not reject: that one must be resent instead. */
export function reissueRefusal(submissionId: string, generation: number): Error {
  return new Error(
    `zatca chain: submission ${submissionId} has no rejected invoice of generation ${generation - 1}; ` +
      `only a rejected invoice is re-issued, anything else is resent as signed`,
  );
}
