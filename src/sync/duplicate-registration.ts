/**
 * A registration the authority answered for a document number another document already holds: a second
 * ERP document with a registered number (deleted and re-entered, or made by an unmatched edit) gets IRP
 * 2150 with the first one's IRN, which must not be adopted as its own. Found against the registrations
 * already stored and among the batch's own (where the one freshly registered, else the first, keeps the
 * IRN), so each such document fails alone with the holder named, instead of the unique IRN index failing
 * the whole batch's transaction.
 */
import type { IrnHolder } from '../database/repositories';

export interface RegistrationClaim {
  /** The IRN the authority gave (or pointed at, for an adopted duplicate). */
  irn: string | undefined;
  documentId: string;
  erpId: string;
  docNumber: string | null;
  /** Taken over from a duplicate answer rather than freshly issued. */
  adopted: boolean;
}

export interface DuplicateRegistration {
  /** Position of the claim in the list given. */
  index: number;
  irn: string;
  holder: Pick<IrnHolder, 'documentId' | 'erpId' | 'docNumber'>;
}

export function duplicateRegistrations(
  claims: readonly RegistrationClaim[],
  stored: readonly IrnHolder[],
): DuplicateRegistration[] {
  const holders = new Map<string, Pick<IrnHolder, 'documentId' | 'erpId' | 'docNumber'>>();
  for (const holder of stored) holders.set(holder.irn, holder);
  const duplicates: DuplicateRegistration[] = [];
  const order = claims
    .map((claim, index) => ({ claim, index }))
    // Fresh registrations first: within the batch, the document the IRP registered keeps the IRN.
    .sort((a, b) => Number(a.claim.adopted) - Number(b.claim.adopted) || a.index - b.index);
  for (const { claim, index } of order) {
    if (claim.irn === undefined) continue;
    const holder = holders.get(claim.irn);
    if (holder === undefined) {
      holders.set(claim.irn, claim);
      continue;
    }
    if (holder.documentId !== claim.documentId) duplicates.push({ index, irn: claim.irn, holder });
  }
  return duplicates.sort((a, b) => a.index - b.index);
}

export function duplicateRegistrationMessage(
  duplicate: DuplicateRegistration,
  docNumber: string | null,
): string {
  const { holder } = duplicate;
  return (
    `number ${docNumber ?? holder.docNumber ?? '(unknown)'} already registered for document ${holder.erpId} ` +
    `(${holder.documentId}) with IRN ${duplicate.irn}: this document was not registered; cancel one of them ` +
    'in the ERP or give this one a new number'
  );
}
