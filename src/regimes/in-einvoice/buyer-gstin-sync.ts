/**
 * NIC 3028 (GSTIN invalid) or 3029 (GSTIN not active) for a buyer whose record in the IRP's own master
 * lags the GST common portal: newly registered there, or active again after a cancellation was revoked.
 * SYNC_GSTIN_FROMCP copies the portal's record over, after which the document can be sent again.
 */
import type { IrpRejection } from '../../compliance';
import type { EinvoiceProvider } from './provider';

const GSTIN_IN_TEXT = /\b[0-9]{2}[0-9A-Z]{13}\b/g;

/** The IRP's answers for a GSTIN its master does not have, or has as inactive. */
export const BUYER_SYNC_CODES: ReadonlySet<string> = new Set(['3028', '3029']);

/**
 * Whether every error is a 3028 or 3029 that can only be about the buyer: it names the buyer's GSTIN, or
 * names no GSTIN at all (the seller is registered with the GSP, so the IRP knows it). One naming any other
 * GSTIN, or any other error alongside, is not something a sync of the buyer can cure.
 */
export function blamesUnsyncedBuyer(rejection: IrpRejection, buyerGstin: string): boolean {
  if (buyerGstin === 'URP' || rejection.errors.length === 0) return false;
  return rejection.errors.every((error) => {
    if (!BUYER_SYNC_CODES.has(error.code)) return false;
    const named = error.message.toUpperCase().match(GSTIN_IN_TEXT) ?? [];
    return named.every((gstin) => gstin === buyerGstin);
  });
}

export type BuyerSync = { active: true; status: string } | { active: false; answer: string };

/** Asks the portal once; any failure of the sync is reported as its answer, never thrown. */
export async function syncBuyerGstin(
  sync: NonNullable<EinvoiceProvider['syncGstinFromCp']>,
  gstin: string,
): Promise<BuyerSync> {
  try {
    const details = await sync(gstin);
    if (details.status === 'ACT') return { active: true, status: details.status };
    return {
      active: false,
      answer: `SYNC_GSTIN_FROMCP: GSTIN ${gstin} has status ${details.status || 'unknown'} at the GST common portal`,
    };
  } catch (error) {
    return { active: false, answer: `SYNC_GSTIN_FROMCP failed: ${(error as Error).message}` };
  }
}
