/**
 * The ZATCA invoice chain in Postgres, shared by every worker. Taking a slot is ONE transaction: lock
 * the unit's `zatca_chain` row, sign in the next slot, store the signed XML in `zatca_signed_invoice`
 * and advance the row. Workers signing for the same unit queue on the row lock, so ICVs are consecutive
 * and each PIH is the hash of the invoice signed just before, whichever process signed it.
 *
 * A submission's signed invoices are keyed by (submission, generation): generation 0 is its invoice,
 * n > 0 the n-th re-issue after ZATCA rejected generation n - 1, which is marked superseded in the
 * re-issue's transaction and kept for audit. At most one generation per submission is not superseded.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ChainSlotRefused,
  ZATCA_INITIAL_PIH,
  type ChainSlotOwner,
  type ChainState,
  type SignedInChain,
  reissueRefusal,
  type StoredSignedInvoice,
  type ZatcaChainStore,
  type ZatcaRejection,
} from '../../../ports';

/** How long a worker waits for another one signing on the same unit before it gives up (and retries). */
const CHAIN_LOCK_TIMEOUT = '30s';

interface SignedInvoiceRow {
  submission_id: string;
  generation: number;
  egs_unit_id: string;
  icv: number;
  pih: string;
  uuid: string;
  invoice_hash: string;
  signed_xml: string;
  rejection: ZatcaRejection | null;
}

/** One signed invoice of a submission, as the operator API shows it. */
export interface SignedInvoiceView {
  generation: number;
  egsUnitId: string;
  icv: number;
  pih: string;
  uuid: string;
  invoiceHash: string;
  qr: string | null;
  signedAt: string;
  rejection: ZatcaRejection | null;
  rejectedAt: string | null;
  supersededAt: string | null;
  signedXml: string;
}

@Injectable()
export class PostgresZatcaChainStore implements ZatcaChainStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * `fn` runs while this transaction holds a pooled connection and the unit's row lock: it must only
   * build and sign (no I/O, no other database work), or a full pool could wait on itself.
   */
  async withNextChainSlot(
    egsUnitId: string,
    fn: (icv: number, pih: string) => Promise<SignedInChain>,
    owner: ChainSlotOwner,
  ): Promise<StoredSignedInvoice> {
    if (!isUuid(owner.submissionId)) {
      throw new Error(`zatca chain: submission id ${owner.submissionId} is not a submission row id`);
    }
    try {
      return await this.dataSource.transaction((m) => this.takeSlot(m, egsUnitId, fn, owner));
    } catch (error) {
      throw classifyChainError(error, egsUnitId, owner);
    }
  }

  async findSigned(submissionId: string): Promise<StoredSignedInvoice | undefined> {
    if (!isUuid(submissionId)) return undefined;
    return this.signedFor(this.dataSource.manager, submissionId);
  }

  async markRejected(
    signed: Pick<StoredSignedInvoice, 'submissionId' | 'generation'>,
    rejection: ZatcaRejection,
  ): Promise<void> {
    if (!isUuid(signed.submissionId)) return;
    await markSignedInvoiceRejected(this.dataSource.manager, signed, rejection);
  }

  async current(egsUnitId: string): Promise<ChainState | undefined> {
    const rows: { icv: number; pih: string }[] = await this.dataSource.query(
      `SELECT icv, pih FROM zatca_chain WHERE egs_unit_id = $1`,
      [egsUnitId],
    );
    const row = rows[0];
    return row ? { lastIcv: row.icv, lastHash: row.pih } : undefined;
  }

  private async takeSlot(
    m: EntityManager,
    egsUnitId: string,
    fn: (icv: number, pih: string) => Promise<SignedInChain>,
    owner: ChainSlotOwner,
  ): Promise<StoredSignedInvoice> {
    await m.query(`SET LOCAL lock_timeout = '${CHAIN_LOCK_TIMEOUT}'`);
    // A unit's first invoice: whoever inserts first wins, the others find the row (after its commit).
    await m.query(
      `INSERT INTO zatca_chain (egs_unit_id, icv, pih) VALUES ($1, 0, $2) ON CONFLICT (egs_unit_id) DO NOTHING`,
      [egsUnitId, ZATCA_INITIAL_PIH],
    );
    const locked: { icv: number; pih: string }[] = await m.query(
      `SELECT icv, pih FROM zatca_chain WHERE egs_unit_id = $1 FOR UPDATE`,
      [egsUnitId],
    );
    const chain = locked[0];
    if (!chain) throw new Error(`zatca chain: row for EGS unit ${egsUnitId} vanished`);

    // Checked under the lock: a second worker on the same submission (or a rerun after a crash) must
    // not sign a second invoice for the same generation.
    const generation = owner.generation ?? 0;
    const already = await this.signedFor(m, owner.submissionId, generation);
    if (already) return already;
    if (generation > 0) await this.supersede(m, owner.submissionId, generation - 1);

    const slot = { icv: chain.icv + 1, pih: chain.pih };
    const signed = await fn(slot.icv, slot.pih);
    await m.query(
      `INSERT INTO zatca_signed_invoice
         (submission_id, generation, egs_unit_id, icv, pih, uuid, invoice_hash, signed_xml, qr)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        owner.submissionId,
        generation,
        egsUnitId,
        slot.icv,
        slot.pih,
        owner.uuid,
        signed.hash,
        signed.signedXml,
        qrOfSignedXml(signed.signedXml) ?? null,
      ],
    );
    await m.query(`UPDATE zatca_chain SET icv = $2, pih = $3, updated_at = now() WHERE egs_unit_id = $1`, [
      egsUnitId,
      slot.icv,
      signed.hash,
    ]);
    return {
      egsUnitId,
      submissionId: owner.submissionId,
      uuid: owner.uuid,
      icv: slot.icv,
      pih: slot.pih,
      signedXml: signed.signedXml,
      hash: signed.hash,
      generation,
    };
  }

  /** The rejected generation a re-issue replaces; anything else must be resent, never re-signed. */
  private async supersede(m: EntityManager, submissionId: string, generation: number): Promise<void> {
    const superseded: unknown[] = await m.query(
      `UPDATE zatca_signed_invoice SET superseded_at = now()
        WHERE submission_id = $1 AND generation = $2 AND rejected_at IS NOT NULL AND superseded_at IS NULL
        RETURNING generation`,
      [submissionId, generation],
    );
    // UPDATE ... RETURNING comes back from the postgres driver as [rows, affected]
    const rows = Array.isArray(superseded[0]) ? (superseded[0] as unknown[]) : superseded;
    if (rows.length === 0) throw reissueRefusal(submissionId, generation + 1);
  }

  /**
   * Every invoice signed for a submission, first generation first, a rejected or superseded one
   * included: its chain slot is used for good, so its XML stays readable.
   */
  async listSigned(submissionId: string): Promise<SignedInvoiceView[]> {
    if (!isUuid(submissionId)) return [];
    const rows: (SignedInvoiceRow & {
      qr: string | null;
      created_at: Date;
      rejected_at: Date | null;
      superseded_at: Date | null;
    })[] = await this.dataSource.query(
      `SELECT submission_id, generation, egs_unit_id, icv, pih, uuid, invoice_hash, signed_xml, rejection,
                qr, created_at, rejected_at, superseded_at
           FROM zatca_signed_invoice WHERE submission_id = $1 ORDER BY generation`,
      [submissionId],
    );
    return rows.map((row) => ({
      generation: row.generation,
      egsUnitId: row.egs_unit_id,
      icv: row.icv,
      pih: row.pih,
      uuid: row.uuid,
      invoiceHash: row.invoice_hash,
      qr: row.qr,
      signedAt: new Date(row.created_at).toISOString(),
      rejection: row.rejection,
      rejectedAt: row.rejected_at ? new Date(row.rejected_at).toISOString() : null,
      supersededAt: row.superseded_at ? new Date(row.superseded_at).toISOString() : null,
      signedXml: row.signed_xml,
    }));
  }

  /** The submission's invoice of `generation`, or (without it) its latest one. */
  private async signedFor(
    m: EntityManager,
    submissionId: string,
    generation?: number,
  ): Promise<StoredSignedInvoice | undefined> {
    const rows: SignedInvoiceRow[] = await m.query(
      `SELECT submission_id, generation, egs_unit_id, icv, pih, uuid, invoice_hash, signed_xml, rejection
         FROM zatca_signed_invoice WHERE submission_id = $1 AND ($2::int IS NULL OR generation = $2)
        ORDER BY generation DESC LIMIT 1`,
      [submissionId, generation ?? null],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      egsUnitId: row.egs_unit_id,
      submissionId: row.submission_id,
      uuid: row.uuid,
      icv: row.icv,
      pih: row.pih,
      signedXml: row.signed_xml,
      hash: row.invoice_hash,
      generation: row.generation,
      ...(row.rejection ? { rejection: row.rejection } : {}),
    };
  }
}

/**
 * Records ZATCA's refusal of one signed invoice (in the caller's transaction, e.g. with the submission's
 * NOT_REPORTED). Only such an invoice may be superseded by a re-issue.
 */
export async function markSignedInvoiceRejected(
  m: EntityManager,
  signed: Pick<StoredSignedInvoice, 'submissionId' | 'generation'>,
  rejection: ZatcaRejection,
): Promise<void> {
  await m.query(
    `UPDATE zatca_signed_invoice SET rejected_at = now(), rejection = $3
      WHERE submission_id = $1 AND generation = $2`,
    [
      signed.submissionId,
      signed.generation,
      JSON.stringify({ code: rejection.code, message: rejection.message }),
    ],
  );
}

const QR_PATTERN =
  /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</;

/** The QR (KSA-14) embedded in a signed invoice, kept beside it for reprints and write-back. */
export function qrOfSignedXml(signedXml: string): string | undefined {
  return QR_PATTERN.exec(signedXml)?.[1]?.trim();
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** Database failures the regime can act on become ChainSlotRefused; anything else passes unchanged. */
function classifyChainError(error: unknown, egsUnitId: string, owner: ChainSlotOwner): unknown {
  const driver = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
  if (driver?.code === '55P03') {
    return new ChainSlotRefused(
      'unit-busy',
      `another worker is still signing for EGS unit ${egsUnitId}; will retry`,
      { cause: error },
    );
  }
  if (driver?.code === '23505' && driver.constraint === 'zatca_signed_invoice_uuid') {
    return new ChainSlotRefused(
      'uuid-taken',
      `invoice UUID ${owner.uuid} is already signed for another submission; one ERP document is signed once`,
      { cause: error },
    );
  }
  if (driver?.code === '23503') {
    return new Error(`zatca chain: submission ${owner.submissionId} does not exist`, { cause: error });
  }
  return error;
}
