/** A document for the engine's specs: an invoice of supplier 29AABCR6898M1ZN, Rs 10,000 + IGST 1,800. */
import type { RecoDocument } from '../reco-document';

export const SPEC_SUPPLIER = '29AABCR6898M1ZN';

export function recoDoc(id: string, number: string, overrides: Partial<RecoDocument> = {}): RecoDocument {
  return {
    id,
    supplierGstin: SPEC_SUPPLIER,
    kind: 'INV',
    number,
    date: '2026-10-05',
    taxableValue: '10000.00',
    igst: '1800.00',
    cgst: '0.00',
    sgst: '0.00',
    cess: '0.00',
    ...overrides,
  };
}
