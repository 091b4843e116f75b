/**
 * Reads a pushed purchase body: one bill, an array of them, or `{ "purchases": [...] }`. Each bill is read
 * with the rules the CSV purchase profile applies (contract.PurchaseRecord): a supplier GSTIN is required
 * except on a bill of entry (a supplier abroad has none), a bill of entry's port code is six letters and
 * digits, amounts are decimal strings, dates YYYY-MM-DD. An item `{ externalId, cancelled: true }` (or the
 * fields of the bill's natural id) withdraws a bill the ERP cancelled. One bad item is reported with its
 * index and field paths; the others are read.
 */
import {
  contentHash,
  dec,
  FieldReader,
  fieldError,
  financialYear,
  type FieldError,
  isValidStateCode,
  sum,
  toFixed,
  validateGstin,
  withoutUndefined,
} from '../../domain';
import type { PurchaseRecord, PushedPurchaseBody, PushedPurchaseItem } from '../contract';

const DOCUMENT_TYPES = ['INV', 'CRN', 'DBN', 'BOE'] as const;
const TAX_FIELDS = ['igst', 'cgst', 'sgst', 'cess'] as const;
const ITEM_KEYS = [
  'externalId',
  'cancelled',
  'supplierGstin',
  'supplierName',
  'billNumber',
  'billDate',
  'documentType',
  'portCode',
  'taxableValue',
  ...TAX_FIELDS,
  'total',
  'placeOfSupply',
  'reverseCharge',
] as const;
/** GSTN's port code: six letters and digits (INNSA1, INMAA1, INBLR4), as the CSV profile reads it. */
const PORT_CODE = /^[A-Z0-9]{6}$/;
const EXTERNAL_ID = /^[\w./:-]{1,128}$/;
/** purchase records keep amounts as numeric(18,2): sixteen digits before the point. */
const LARGEST_AMOUNT = dec('1e16');

export function readPurchaseBody(body: unknown, maxBatch: number): PushedPurchaseBody {
  const list = itemsOf(body);
  if (!list.ok) return list;
  if (list.items.length === 0)
    return { ok: false, errors: [fieldError('purchases', 'minItems', 'no purchases in the body')] };
  if (list.items.length > maxBatch) {
    return {
      ok: false,
      errors: [
        fieldError('purchases', 'maxItems', `at most ${maxBatch} purchases per request`, list.items.length),
      ],
    };
  }
  const items = list.items.map((item, index) => readItem(item, index));
  return { ok: true, items: withoutRepeatedIds(items) };
}

function itemsOf(body: unknown): { ok: true; items: unknown[] } | { ok: false; errors: FieldError[] } {
  if (Array.isArray(body)) return { ok: true, items: body };
  if (body && typeof body === 'object') {
    const purchases = (body as { purchases?: unknown }).purchases;
    if (purchases !== undefined) {
      if (!Array.isArray(purchases)) {
        return { ok: false, errors: [fieldError('purchases', 'type.array', 'purchases must be an array')] };
      }
      return { ok: true, items: purchases };
    }
    return { ok: true, items: [body] };
  }
  return {
    ok: false,
    errors: [
      fieldError('', 'type.object', 'body must be a JSON object or array of purchase bills', typeof body),
    ],
  };
}

function readItem(item: unknown, index: number): PushedPurchaseItem {
  const reader = new FieldReader();
  const fields = reader.object(item, '', ITEM_KEYS);
  if (!fields) return { index, errors: reader.errors };
  const externalId = reader.optionalString(fields, 'externalId', '');
  if (externalId !== undefined && !EXTERNAL_ID.test(externalId)) {
    reader.report('externalId', 'pattern', 'externalId must be 1-128 letters, digits or ._/:-', externalId);
  }
  if (reader.optionalBoolean(fields, 'cancelled', '') === true)
    return cancelledItem(index, fields, externalId, reader);

  const documentType = reader.optionalEnum(fields, 'documentType', '', DOCUMENT_TYPES) ?? 'INV';
  const billOfEntry = documentType === 'BOE';
  const supplierGstin = readSupplierGstin(reader, fields, billOfEntry);
  const billNumber = reader.requiredString(fields, 'billNumber', '');
  const billDate = reader.requiredDate(fields, 'billDate', '');
  const portCode = billOfEntry ? readPortCode(reader, fields) : undefined;
  const taxableValue = amount(reader, fields, 'taxableValue', true);
  const taxes = Object.fromEntries(
    TAX_FIELDS.map((key) => [key, amount(reader, fields, key, false)]),
  ) as Record<(typeof TAX_FIELDS)[number], string>;
  const statedTotal =
    fields.total === undefined || fields.total === null ? undefined : amount(reader, fields, 'total', true);
  const placeOfSupply = readPlaceOfSupply(reader, fields);
  const reverseCharge = reader.optionalBoolean(fields, 'reverseCharge', '');
  const supplierName = reader.optionalString(fields, 'supplierName', '');
  if (reader.errors.length > 0) return { index, errors: reader.errors };

  const record: PurchaseRecord = {
    erpId: externalId ?? naturalId(documentType, supplierGstin, portCode, billNumber, billDate),
    supplierGstin,
    supplierName,
    billNumber,
    billDate,
    documentType,
    taxableValue,
    ...taxes,
    total: statedTotal ?? toFixed(sum([taxableValue, ...Object.values(taxes)]), 2),
    placeOfSupply,
    reverseCharge,
    ...(billOfEntry ? { portCode } : {}),
  };
  return { index, purchase: { kind: 'bill', record, contentHash: contentHash(withoutUndefined(record)) } };
}

/** A cancelled bill is named by its externalId, or by the fields its natural id is made of. */
function cancelledItem(
  index: number,
  fields: Record<string, unknown>,
  externalId: string | undefined,
  reader: FieldReader,
): PushedPurchaseItem {
  if (externalId !== undefined)
    return reader.errors.length > 0 ? { index, errors: reader.errors } : cancelled(index, externalId);
  const documentType = reader.optionalEnum(fields, 'documentType', '', DOCUMENT_TYPES) ?? 'INV';
  const billOfEntry = documentType === 'BOE';
  const supplierGstin = readSupplierGstin(reader, fields, billOfEntry);
  const portCode = billOfEntry ? readPortCode(reader, fields) : undefined;
  const billNumber = reader.requiredString(fields, 'billNumber', '');
  const billDate = reader.requiredDate(fields, 'billDate', '');
  if (reader.errors.length > 0) return { index, errors: reader.errors };
  return cancelled(index, naturalId(documentType, supplierGstin, portCode, billNumber, billDate));
}

function cancelled(index: number, erpId: string): PushedPurchaseItem {
  return { index, purchase: { kind: 'cancelled', erpId } };
}

/** A supplier abroad has no GSTIN: a bill of entry needs one only when it names one (a SEZ unit). */
function readSupplierGstin(
  reader: FieldReader,
  fields: Record<string, unknown>,
  billOfEntry: boolean,
): string {
  const gstin = billOfEntry
    ? (reader.optionalString(fields, 'supplierGstin', '') ?? '')
    : reader.requiredString(fields, 'supplierGstin', '');
  if (gstin === '') return gstin;
  const check = validateGstin(gstin);
  if (!check.valid) reader.report('supplierGstin', check.rule, check.message, gstin);
  return gstin;
}

function readPortCode(reader: FieldReader, fields: Record<string, unknown>): string | undefined {
  const text = reader.optionalString(fields, 'portCode', '');
  if (text === undefined) return undefined;
  const portCode = text.trim().toUpperCase();
  if (!PORT_CODE.test(portCode)) {
    reader.report(
      'portCode',
      'portCode',
      `"${text}" is not a port code (6 letters and digits, e.g. INNSA1)`,
      text,
    );
  }
  return portCode;
}

/** Two-digit GST state code ("29"), as the CSV profile's PlaceOfSupply column. */
function readPlaceOfSupply(reader: FieldReader, fields: Record<string, unknown>): string | undefined {
  const code = reader.optionalString(fields, 'placeOfSupply', '');
  if (code !== undefined && !(/^\d{2}$/.test(code) && isValidStateCode(code))) {
    reader.report('placeOfSupply', 'stateCode', `"${code}" is not a two-digit GST state code`, code);
  }
  return code;
}

/** A decimal string (a credit note's amounts may be negative), kept to paise as the CSV register is. */
function amount(
  reader: FieldReader,
  fields: Record<string, unknown>,
  key: string,
  required: boolean,
): string {
  const before = reader.errors.length;
  const text = required
    ? reader.requiredDecimal(fields, key, '', { allowNegative: true })
    : reader.decimalOrZero(fields, key, '', { allowNegative: true });
  if (reader.errors.length > before) return '0';
  if (dec(text).abs().gte(LARGEST_AMOUNT)) {
    reader.report(key, 'decimal.range', 'must have at most 16 digits before the point', text);
    return '0';
  }
  return toFixed(text, 2);
}

/** As the CSV register names a bill without its own id: supplier (or BOE and port), type, number, year. */
function naturalId(
  documentType: PurchaseRecord['documentType'],
  supplierGstin: string,
  portCode: string | undefined,
  billNumber: string,
  billDate: string,
): string {
  const party = documentType === 'BOE' ? `BOE:${portCode ?? ''}` : supplierGstin;
  return `${party}:${documentType}:${billNumber}:${financialYear(billDate)}`;
}

/** Two items naming one bill in one body cannot both be kept: the later one is reported. */
function withoutRepeatedIds(items: PushedPurchaseItem[]): PushedPurchaseItem[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    if (!item.purchase) return item;
    const erpId = item.purchase.kind === 'bill' ? item.purchase.record.erpId : item.purchase.erpId;
    const first = seen.get(erpId);
    if (first === undefined) {
      seen.set(erpId, item.index);
      return item;
    }
    return {
      index: item.index,
      errors: [
        fieldError(
          'externalId',
          'unique',
          `names the same bill as item ${first} of this body (${erpId}); send each bill once`,
          erpId,
        ),
      ],
    };
  });
}
