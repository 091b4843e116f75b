/**
 * Finding vouchers deleted from Tally's books: what a pull remembers of the vouchers it delivered, which of
 * them may be gone, and the document that tells the pipeline one is.
 */
import { createHash } from 'node:crypto';
import type { SourceDocument } from '../contract';
import { fieldError } from '../../domain';
import {
  encodeVouchers,
  numberKey,
  type RegisteredVoucher,
  type RegistrySummary,
  type VoucherRegistry,
} from './voucher-registry';

/** Bytes of registry lines written at once (about 2,500 vouchers): a 100,000-voucher pull appends a few dozen times. */
const FLUSH_BYTES = 256 * 1024;

/**
 * The vouchers of a pull, remembered as their batches are handed over. Held until written as the
 * registry's encoded lines, never as the documents' strings: those are slices of the response chunks they
 * were read from, and a few thousand of them would keep tens of megabytes of chunks alive.
 */
export class DeliveredVouchers {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Type and number of this pass's vouchers (incremental passes only: they are few). */
  readonly numbers = new Map<string, string>();

  constructor(
    private readonly registry: VoucherRegistry,
    readonly incremental: boolean,
  ) {}

  async add(documents: readonly SourceDocument[]): Promise<void> {
    if (documents.length === 0) return;
    const entries = documents.map((doc): RegisteredVoucher => {
      const ref = doc.raw as { voucherType?: string } | undefined;
      return {
        guid: doc.erpId,
        date: doc.documentDate ?? '',
        type: ref?.voucherType ?? '',
        number: doc.documentNumber ?? '',
      };
    });
    if (this.incremental) {
      for (const entry of entries)
        if (entry.number) this.numbers.set(numberKey(entry.type, entry.number), flatCopy(entry.guid));
    }
    const bytes = encodeVouchers(entries);
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= FLUSH_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    const pending = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    await this.registry.appendBytes(pending);
  }
}

/** A string of its own, not a slice of the response chunk it was read from. */
function flatCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * Delivered vouchers that may be gone: those of days where Tally counts fewer vouchers than were
 * delivered, and those whose type and number a voucher of this pass carries under another GUID.
 */
export function deletionCandidates(known: RegistrySummary, counted: ReadonlyMap<string, number>): string[] {
  const delivered = new Map<string, number>();
  for (const date of known.dates.values()) delivered.set(date, (delivered.get(date) ?? 0) + 1);
  const candidates = new Set<string>(known.renumbered);
  for (const [guid, date] of known.dates) {
    if ((delivered.get(date) ?? 0) > (counted.get(date) ?? 0)) candidates.add(guid);
  }
  return [...candidates];
}

/** A delivered voucher Tally no longer has: flagged deleted (cancelled ones come as themselves, flagged). */
export function deletedDocument(voucher: RegisteredVoucher): SourceDocument {
  const name = `${voucher.type} voucher ${voucher.number}`.trim();
  return {
    erpId: voucher.guid,
    contentHash: createHash('sha256').update(`deleted\t${voucher.guid}`).digest('hex'),
    direction: 'sales',
    documentNumber: voucher.number || undefined,
    documentDate: voucher.date || undefined,
    sourceRef: `${name} (GUID ${voucher.guid}), deleted from Tally's books`,
    normalised: {
      ok: false,
      errors: [
        fieldError(
          'voucher',
          'voucher.deleted',
          `${name} dated ${voucher.date} was deleted from Tally's books (not cancelled); a registered document needs a cancellation decision`,
        ),
      ],
    },
    raw: { guid: voucher.guid, voucherType: voucher.type, voucherNumber: voucher.number, date: voucher.date },
    deleted: true,
  };
}
