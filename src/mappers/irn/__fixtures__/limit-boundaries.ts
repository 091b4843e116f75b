import { type CanonicalInvoice } from '../../../domain';
import { SAMPLE_INTERSTATE_BUYER_GSTIN } from '../../../domain/__fixtures__';
import { mapToNicEinvoiceV11 } from '../irn-v1.1.mapper';
import {
  type FieldLimit,
  NIC_EINVOICE_LIMITS,
  type NumberLimit,
  type SectionLimits,
  type TextLimit,
} from '../nic-einvoice-v1.1.limits';
import { type NicEinvoiceV11 } from '../nic-einvoice-v1.1.types';
import { transportInvoice } from './irn-scenarios';

/**
 * Payloads at and just beyond each limit of NIC_EINVOICE_LIMITS, generated from the table itself, for
 * proving that the rules refuse exactly what NIC's JSON schema refuses (the unit spec checks the rules,
 * `npm run conformance` checks the same cases against the schema).
 */
export const BOUNDARY_TODAY = '2024-08-01';

/**
 * Fields the mapper writes whose limits are checked by rules of their own, not by the limits table
 * (generic paths, without array indices). Together with the table they must cover every field of
 * `everyLimitedFieldPayload()`, which has every field the mapper can write.
 */
export const FIELDS_CHECKED_BY_OTHER_RULES: ReadonlySet<string> = new Set([
  'Version', // irn.version
  'TranDtls.TaxSch', // written by the mapper
  'TranDtls.SupTyp', // canonical enumeration; B2C refused as not applicable
  'TranDtls.RegRev', // written by the mapper (Y/N)
  'TranDtls.IgstOnIntra', // written by the mapper (Y/N)
  'TranDtls.EcmGstin', // irn.gstin.*
  'DocDtls.Typ', // canonical enumeration
  'DocDtls.No', // irn.document.number
  'DocDtls.Dt', // irn.document.date, irn.document.futureDate
  'SellerDtls.Gstin', // irn.gstin.*
  'SellerDtls.Pin', // irn.pincode
  'SellerDtls.Stcd', // irn.stateCode, irn.seller.stateCode
  'SellerDtls.Ph', // left out by the mapper unless 6 to 12 digits
  'SellerDtls.Em', // left out by the mapper unless NIC's pattern
  'BuyerDtls.Gstin',
  'BuyerDtls.Pos',
  'BuyerDtls.Pin',
  'BuyerDtls.Stcd',
  'BuyerDtls.Ph',
  'BuyerDtls.Em',
  'DispDtls.Pin',
  'DispDtls.Stcd',
  'ShipDtls.Gstin',
  'ShipDtls.Pin',
  'ShipDtls.Stcd',
  'ItemList.SlNo', // irn.item.serialNumber
  'ItemList.IsServc', // written by the mapper from the HSN
  'ItemList.HsnCd', // irn.item.hsnFormat
  'ItemList.Unit', // irn.item.uqc
  'RefDtls.PrecDocDtls.InvNo', // irn.precedingDocument.number
  'ExpDtls.RefClm', // written by the mapper (Y/N)
]);

/** An invoice with every optional part the mapper can map, each field within its limits. */
export function everyLimitedFieldInvoice(): CanonicalInvoice {
  const base = transportInvoice();
  const withLine2 = <T extends { address: CanonicalInvoice['buyer']['address'] }>(party: T): T => ({
    ...party,
    address: { ...party.address, line2: 'Second floor' },
  });
  const [line] = base.lines;
  return {
    ...base,
    documentNumber: 'KF/ALL/0001',
    ecommerceGstin: SAMPLE_INTERSTATE_BUYER_GSTIN,
    buyer: {
      ...withLine2(base.buyer),
      tradeName: 'Mysore Tech Parks',
      phone: '0821 2345678',
      email: 'payables@mysore-tech-parks.example',
    },
    dispatchFrom: base.dispatchFrom && withLine2(base.dispatchFrom),
    shipTo: base.shipTo && withLine2(base.shipTo),
    lines: [{ ...line, barcode: '8901234567890', freeQuantity: '2', preTaxValue: line.grossAmount }],
    originalInvoice: { number: 'KF/24-25/0040', date: '2024-07-01' },
    payment: {
      payeeName: 'Kaveri Furnishings Private Limited',
      accountNumber: '50200012345678',
      ifsc: 'HDFC0000123',
      mode: 'Credit transfer',
      terms: 'Net 30',
      instructions: 'Quote the invoice number',
      creditDays: 30,
      paidAmount: '10000',
      dueAmount: '110199',
    },
    export: {
      shippingBillNumber: '4821973',
      shippingBillDate: '2024-07-16',
      portCode: 'INBLR4',
      countryCode: 'IN',
      foreignCurrency: 'INR',
      refundClaim: false,
      exportDuty: '0',
    },
    additionalDocuments: [
      { url: 'https://erp.example/po/118', document: 'UE8gMTE4', information: 'Purchase order' },
    ],
    charges: [{ description: 'Packing', amount: '0' }],
    totals: { ...base.totals, invoiceTotalForeignCurrency: base.totals.invoiceTotal },
  };
}

export function everyLimitedFieldPayload(): NicEinvoiceV11 {
  const outcome = mapToNicEinvoiceV11(everyLimitedFieldInvoice(), { today: BOUNDARY_TODAY });
  if (!outcome.ok) throw new Error(`the boundary base does not map: ${JSON.stringify(outcome.errors)}`);
  return outcome.value;
}

export interface LimitBoundaryCase {
  /** e.g. "ItemList[0].PrdDesc of 301 characters" */
  name: string;
  /** The NIC path of the field changed. */
  path: string;
  payload: NicEinvoiceV11;
  /** Whether the value is within the field's limit, so both the rules and the schema must accept it. */
  withinLimit: boolean;
}

/** For each field of the table: values at its limits and just beyond, each in a copy of the base. */
export function limitBoundaryCases(base: NicEinvoiceV11 = everyLimitedFieldPayload()): LimitBoundaryCase[] {
  const cases: LimitBoundaryCase[] = [];
  for (const { segments, limit } of limitedFields(NIC_EINVOICE_LIMITS, [])) {
    const path = nicPath(segments);
    const current = valueAt(base, segments);
    if (current === undefined) throw new Error(`the boundary base has no ${path}`);
    for (const { label, value, withinLimit } of boundaryValues(limit, current)) {
      const payload = structuredClone(base);
      setValueAt(payload, segments, value);
      cases.push({ name: `${path} ${label}`, path, payload, withinLimit });
    }
  }
  return cases;
}

/** The generic paths (`ItemList.BchDtls.Nm`) of the fields in the limits table. */
export function limitedFieldPaths(): string[] {
  return limitedFields(NIC_EINVOICE_LIMITS, []).map(({ segments }) =>
    segments.filter((segment) => typeof segment === 'string').join('.'),
  );
}

/** Every leaf field present in a payload, by generic path. */
export function fieldPathsOf(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((element) => fieldPathsOf(element, prefix));
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    fieldPathsOf(child, prefix === '' ? key : `${prefix}.${key}`),
  );
}

/** `/ItemList/0/PrdDesc`, the JSON pointer the schema validator reports, for a NIC path. */
export function jsonPointer(path: string): string {
  return `/${path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .join('/')}`;
}

type Segment = string | number;

function limitedFields(
  limits: SectionLimits,
  prefix: Segment[],
): { segments: Segment[]; limit: FieldLimit }[] {
  const fields = Object.entries(limits.fields).map(([field, limit]) => ({
    segments: [...prefix, field],
    limit,
  }));
  const nested = Object.entries(limits.sections ?? {}).flatMap(([name, section]) =>
    // Arrays (ItemList, AttribDtls, ...) are tried on their first element.
    limitedFields(section, [...prefix, name, ...(ARRAY_SECTIONS.has(name) ? [0] : [])]),
  );
  return [...fields, ...nested];
}

const ARRAY_SECTIONS = new Set(['ItemList', 'AttribDtls', 'PrecDocDtls', 'AddlDocDtls']);

function nicPath(segments: Segment[]): string {
  return segments.reduce<string>(
    (path, segment) =>
      typeof segment === 'number' ? `${path}[${segment}]` : path === '' ? segment : `${path}.${segment}`,
    '',
  );
}

function valueAt(payload: NicEinvoiceV11, segments: Segment[]): unknown {
  let value: unknown = payload;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<Segment, unknown>)[segment];
  }
  return value;
}

function setValueAt(payload: NicEinvoiceV11, segments: Segment[], value: unknown): void {
  const parent = valueAt(payload, segments.slice(0, -1)) as Record<Segment, unknown>;
  parent[segments[segments.length - 1]] = value;
}

interface BoundaryValue {
  label: string;
  value: unknown;
  withinLimit: boolean;
}

function boundaryValues(limit: FieldLimit, current: unknown): BoundaryValue[] {
  switch (limit.kind) {
    case 'text':
      return textBoundaries(limit, String(current));
    case 'number':
      return numberBoundaries(limit);
    case 'date':
      return [
        { label: 'in 2010', value: '01/01/2010', withinLimit: true },
        { label: 'in 2009', value: '31/12/2009', withinLimit: false },
        { label: 'in 2029', value: '31/12/2029', withinLimit: true },
        { label: 'in 2030', value: '01/01/2030', withinLimit: false },
        { label: 'as yyyy-mm-dd', value: '2024-07-15', withinLimit: false },
      ];
  }
}

/** Lengths min - 1, min, max and max + 1 made from the field's own valid value, and a pattern breach. */
function textBoundaries(limit: TextLimit, valid: string): BoundaryValue[] {
  const lengths = [...new Set([limit.min - 1, limit.min, limit.max, limit.max + 1])].filter(
    (length) => length >= 0,
  );
  const values: BoundaryValue[] = lengths.map((length) => ({
    label: `of ${length} characters`,
    value: resized(valid, length),
    withinLimit: length >= limit.min && length <= limit.max,
  }));
  const atMin = resized(valid, Math.max(limit.min, 1));
  const breach = ['"', '#']
    .map((character) => character + atMin.slice(1))
    .find((text) => !limit.pattern.test(text));
  if (breach !== undefined)
    values.push({ label: `"${breach}" off its pattern`, value: breach, withinLimit: false });
  return values;
}

/** The valid text cut, or lengthened by repeating its last character (which its pattern accepts). */
function resized(valid: string, length: number): string {
  if (length <= valid.length) return valid.slice(0, length);
  return valid + valid.slice(-1).repeat(length - valid.length);
}

function numberBoundaries(limit: NumberLimit): BoundaryValue[] {
  const places = decimalPlaces(limit.max);
  return [
    { label: `at its minimum ${limit.min}`, value: limit.min, withinLimit: true },
    { label: `at its maximum ${limit.max}`, value: limit.max, withinLimit: true },
    { label: 'just below its minimum', value: beyond(limit.min, -1, places), withinLimit: false },
    { label: 'just above its maximum', value: beyond(limit.max, 1, places), withinLimit: false },
    { label: 'as text', value: String(limit.max), withinLimit: false },
  ];
}

function decimalPlaces(value: number): number {
  return String(value).split('.')[1]?.length ?? 0;
}

/**
 * The next value at the limit's own scale beyond it (max + 0.01 for an amount); near 10^14 a double
 * cannot hold the next paisa, so the step grows until the number differs.
 */
function beyond(limit: number, direction: 1 | -1, places: number): number {
  for (let step = 10 ** -places; ; step *= 10) {
    const value = Number((limit + direction * step).toFixed(places));
    if (value !== limit) return value;
  }
}
