/**
 * The invoice chain of one EGS unit: ICV (invoice counter value, KSA-16) and PIH (previous invoice hash,
 * KSA-13). Every invoice the unit signs takes the next counter and the hash of the invoice signed
 * before it, whatever happens to that invoice afterwards (cleared, rejected, reported later): ZATCA checks
 * the sequence, so the chain must never fork (two invoices with one ICV/PIH) nor skip.
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

/** Which submission a slot is taken for: the store keeps the signed XML against it. */
export interface ChainSlotOwner {
  submissionId: string;
  uuid: string;
}

/** A signed invoice as stored with its submission; a retry resends exactly this. */
export interface StoredSignedInvoice extends SignedInChain, ChainSlot {
  egsUnitId: string;
  submissionId: string;
  uuid: string;
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
   * already has a signed invoice (checked under the lock), that one is returned and `fn` is not called.
   */
  withNextChainSlot(
    egsUnitId: string,
    fn: (icv: number, pih: string) => Promise<SignedInChain>,
    owner: ChainSlotOwner,
  ): Promise<StoredSignedInvoice>;
  /** The invoice signed for this submission, if any: never sign a second one for it. */
  findSigned(submissionId: string): Promise<StoredSignedInvoice | undefined>;
  current(egsUnitId: string): Promise<ChainState | undefined>;
}

/** For tests and the sandbox: per-unit promise queue instead of row locks. */
export class InMemoryZatcaChainStore implements ZatcaChainStore {
  private readonly states = new Map<string, ChainState>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly signed = new Map<string, StoredSignedInvoice>();

  withNextChainSlot(
    egsUnitId: string,
    fn: (icv: number, pih: string) => Promise<SignedInChain>,
    owner: ChainSlotOwner,
  ): Promise<StoredSignedInvoice> {
    const previous = this.queues.get(egsUnitId) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        const already = this.signed.get(owner.submissionId);
        if (already) return { ...already };
        const state = this.states.get(egsUnitId);
        const slot = { icv: (state?.lastIcv ?? 0) + 1, pih: state?.lastHash ?? ZATCA_INITIAL_PIH };
        const signed = await fn(slot.icv, slot.pih);
        const stored: StoredSignedInvoice = {
          ...signed,
          ...slot,
          egsUnitId,
          submissionId: owner.submissionId,
          uuid: owner.uuid,
        };
        this.signed.set(owner.submissionId, stored);
        this.states.set(egsUnitId, { lastIcv: slot.icv, lastHash: signed.hash });
        return { ...stored };
      });
    this.queues.set(egsUnitId, run);
    return run;
  }

  findSigned(submissionId: string): Promise<StoredSignedInvoice | undefined> {
    const stored = this.signed.get(submissionId);
    return Promise.resolve(stored ? { ...stored } : undefined);
  }

  current(egsUnitId: string): Promise<ChainState | undefined> {
    const state = this.states.get(egsUnitId);
    return Promise.resolve(state ? { ...state } : undefined);
  }
}
