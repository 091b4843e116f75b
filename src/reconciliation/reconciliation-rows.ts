/**
 * Conversions between what connectors and the gateway give, what is stored, and what the matching
 * engine compares. Pure.
 */
import type { PurchaseRecord } from '../connectors';
import type { Gstr2bDocument } from '../compliance/returns';
import type { Gstr2bRow, PurchaseRow, StoredGstr2b, StoredPurchase } from '../database/repositories';
import type { RecoDocument, RecoDocumentKind } from './matching';

const orNull = <T>(value: T | undefined): T | null => (value === undefined || value === '' ? null : value);

/**
 * Purchase rows to store; a second row with an erp id already seen is kept under a suffixed id. `seen`
 * carries the ids across the batches of one pull.
 */
export function toPurchaseRows(
  records: readonly PurchaseRecord[],
  seen = new Map<string, number>(),
): PurchaseRow[] {
  return records.map((record) => {
    const count = (seen.get(record.erpId) ?? 0) + 1;
    seen.set(record.erpId, count);
    return {
      erpId: count === 1 ? record.erpId : `${record.erpId}#${count}`,
      supplierGstin: orNull(record.supplierGstin),
      supplierName: orNull(record.supplierName),
      billNumber: orNull(record.billNumber),
      billDate: orNull(record.billDate),
      documentType: orNull(record.documentType),
      taxableValue: orNull(record.taxableValue),
      igst: orNull(record.igst),
      cgst: orNull(record.cgst),
      sgst: orNull(record.sgst),
      cess: orNull(record.cess),
      total: orNull(record.total),
      placeOfSupply: orNull(record.placeOfSupply),
      reverseCharge: record.reverseCharge ?? null,
      portCode: orNull(record.portCode),
      fieldErrors: record.fieldErrors && record.fieldErrors.length > 0 ? record.fieldErrors : null,
    };
  });
}

/** The document's identity in the return: section, supplier, kind and number. */
export function gstr2bKey(document: Gstr2bDocument): string {
  return [document.section, document.supplierGstin ?? '', document.kind, document.number.toUpperCase()].join(
    '|',
  );
}

/**
 * Rows to store; a repeated identity is kept under `#2`, `#3`... in the order given. `seen` carries the
 * identities across the batches of one file.
 */
export function toGstr2bRows(
  documents: readonly Gstr2bDocument[],
  seen = new Map<string, number>(),
): Gstr2bRow[] {
  return documents.map((document) => {
    const key = gstr2bKey(document);
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return { docKey: count === 1 ? key : `${key}#${count}`, ...gstr2bColumns(document) };
  });
}

/** The original an amendment (b2ba, cdnra, isda, ecoma) replaces: same supplier, section family and number. */
export interface AmendedOriginal {
  supplierGstin: string;
  section: string;
  number: string;
}

/** An amendment's section, and the section of the originals it amends. */
export const AMENDED_FAMILY: Record<string, string> = {
  b2ba: 'b2b',
  cdnra: 'cdnr',
  isda: 'isd',
  ecoma: 'ecom',
};

/** The originals these documents' amendments replace. */
export function amendedOriginals(documents: readonly Gstr2bDocument[]): AmendedOriginal[] {
  const originals: AmendedOriginal[] = [];
  for (const document of documents) {
    const section = AMENDED_FAMILY[document.section];
    if (section && document.original) {
      originals.push({
        supplierGstin: document.supplierGstin ?? '',
        section,
        number: document.original.number,
      });
    }
  }
  return originals;
}

/** A 2B document's stored columns other than its key. */
export function gstr2bColumns(document: Gstr2bDocument): Omit<Gstr2bRow, 'docKey'> {
  const { section, kind, supplierGstin, supplierName, number, date, taxableValue, igst, cgst, sgst, cess } =
    document;
  return {
    section,
    kind,
    supplierGstin,
    supplierName: orNull(supplierName),
    number,
    date,
    taxableValue,
    igst,
    cgst,
    sgst,
    cess,
    itcAvailability: document.itcAvailability,
    itcUnavailableReason: orNull(document.itcUnavailableReason),
    reverseCharge: document.reverseCharge,
    sourceType: orNull(document.sourceType),
    irn: orNull(document.irn),
    placeOfSupply: orNull(document.placeOfSupply),
    portCode: orNull(document.portCode),
    detail: document as unknown as Record<string, unknown>,
  };
}

/** A stored purchase as the engine compares it; undefined for rows that could not be read. */
export function purchaseForMatching(row: StoredPurchase): RecoDocument | undefined {
  // A bill of entry of a supplier abroad has no GSTIN; its BOE number identifies it.
  const party = row.documentType === 'BOE' || Boolean(row.supplierGstin);
  if (row.fieldErrors || !party || !row.billNumber || !row.billDate) return undefined;
  return {
    id: row.id,
    supplierGstin: row.supplierGstin ?? '',
    supplierName: row.supplierName ?? undefined,
    kind: (row.documentType ?? 'INV') as RecoDocumentKind,
    number: row.billNumber,
    date: row.billDate,
    taxableValue: row.taxableValue ?? '0',
    igst: row.igst ?? '0',
    cgst: row.cgst ?? '0',
    sgst: row.sgst ?? '0',
    cess: row.cess ?? '0',
    reverseCharge: row.reverseCharge ?? false,
    placeOfSupply: row.placeOfSupply ?? undefined,
    portCode: row.portCode ?? undefined,
  };
}

export function gstr2bForMatching(row: StoredGstr2b): RecoDocument {
  return {
    id: row.id,
    supplierGstin: row.supplierGstin ?? '',
    supplierName: row.supplierName ?? undefined,
    kind: row.kind as RecoDocumentKind,
    number: row.number,
    date: row.date,
    taxableValue: row.taxableValue,
    igst: row.igst,
    cgst: row.cgst,
    sgst: row.sgst,
    cess: row.cess,
    reverseCharge: row.reverseCharge,
    placeOfSupply: row.placeOfSupply ?? undefined,
    portCode: row.portCode ?? undefined,
  };
}
