/**
 * What an override path may name: a field of the canonical invoice, spelt as field errors spell it
 * (`buyer.address.postalCode`, `lines[2].hsnCode`). The path is read strictly and each segment looked up
 * in the canonical invoice's own shape (built from the contract's key lists) before any object is
 * touched, so `__proto__`, `constructor` or a made-up name never reaches a property access. With the
 * invoice at hand, an index must also name an element that exists (`lines[-1]`, `lines[9]` of three
 * lines name nothing).
 */
import {
  ADDITIONAL_DOCUMENT_KEYS,
  ADDRESS_KEYS,
  ATTRIBUTE_KEYS,
  BATCH_KEYS,
  BUYER_KEYS,
  CHARGE_KEYS,
  DISPATCH_FROM_KEYS,
  EXPORT_KEYS,
  INVOICE_KEYS,
  KSA_KEYS,
  LINE_KEYS,
  ORIGINAL_INVOICE_KEYS,
  PARTY_IDENTIFIER_KEYS,
  PARTY_KEYS,
  PAYMENT_KEYS,
  TOTALS_KEYS,
  TRANSPORT_KEYS,
} from '../domain';

export type PathSegment = string | number;

type FieldShape =
  | { kind: 'value' }
  | { kind: 'object'; fields: ReadonlyMap<string, FieldShape> }
  | { kind: 'list'; item: FieldShape };

/** Longer than any canonical path; a longer one is refused before it is read. */
export const MAX_OVERRIDE_PATH_LENGTH = 200;

const VALUE: FieldShape = { kind: 'value' };

function object(keys: readonly string[], nested: Record<string, FieldShape> = {}): FieldShape {
  return { kind: 'object', fields: new Map(keys.map((key) => [key, nested[key] ?? VALUE])) };
}

function list(item: FieldShape): FieldShape {
  return { kind: 'list', item };
}

const ADDRESS = object(ADDRESS_KEYS);
const PARTY_NESTED = { address: ADDRESS, otherIds: list(object(PARTY_IDENTIFIER_KEYS)) };

const INVOICE_SHAPE = object(INVOICE_KEYS, {
  seller: object(PARTY_KEYS, PARTY_NESTED),
  buyer: object(BUYER_KEYS, PARTY_NESTED),
  shipTo: object(PARTY_KEYS, PARTY_NESTED),
  dispatchFrom: object(DISPATCH_FROM_KEYS, { address: ADDRESS }),
  lines: list(object(LINE_KEYS, { batch: object(BATCH_KEYS), attributes: list(object(ATTRIBUTE_KEYS)) })),
  charges: list(object(CHARGE_KEYS)),
  totals: object(TOTALS_KEYS),
  originalInvoice: object(ORIGINAL_INVOICE_KEYS),
  transport: object(TRANSPORT_KEYS),
  export: object(EXPORT_KEYS),
  payment: object(PAYMENT_KEYS),
  additionalDocuments: list(object(ADDITIONAL_DOCUMENT_KEYS)),
  ksa: object(KSA_KEYS),
});

export type ParsedOverridePath = { ok: true; segments: PathSegment[] } | { ok: false; problem: string };

const NAME = /^[^.[\]]+/;
const INDEX = /^\[(\d{1,6})\]/;

/**
 * The path's segments when every one is a field of the canonical invoice at its place (and, given the
 * invoice, every index names an existing element); otherwise why not.
 */
export function readOverridePath(path: string, invoice?: unknown): ParsedOverridePath {
  if (path.length === 0) return { ok: false, problem: 'an empty path names no field' };
  if (path.length > MAX_OVERRIDE_PATH_LENGTH) {
    return { ok: false, problem: `longer than any canonical path (${MAX_OVERRIDE_PATH_LENGTH} characters)` };
  }
  const segments: PathSegment[] = [];
  let shape: FieldShape = INVOICE_SHAPE;
  let value: unknown = invoice;
  let rest = path;
  while (rest.length > 0) {
    const where = segments.length === 0 ? 'the invoice' : describe(segments);
    if (shape.kind === 'list') {
      const index = INDEX.exec(rest);
      if (!index) return { ok: false, problem: `${where} is a list: an element is named by [index]` };
      const position = Number(index[1]);
      if (invoice !== undefined) {
        const length = Array.isArray(value) ? value.length : 0;
        if (position >= length) {
          return {
            ok: false,
            problem: `names nothing: ${where} has ${length} element(s), numbered from 0`,
          };
        }
        value = (value as unknown[])[position];
      }
      segments.push(position);
      shape = shape.item;
      rest = rest.slice(index[0].length);
      continue;
    }
    if (shape.kind === 'value') return { ok: false, problem: `${where} is a value with no fields inside` };
    const separated = segments.length === 0 ? rest : rest.startsWith('.') ? rest.slice(1) : undefined;
    const name = separated === undefined ? null : NAME.exec(separated);
    if (!name || separated === undefined) {
      return { ok: false, problem: `expected a field name after ${where}` };
    }
    const field = shape.fields.get(name[0]);
    if (field === undefined) {
      return { ok: false, problem: `"${name[0]}" is not a field of ${where}` };
    }
    segments.push(name[0]);
    shape = field;
    value = isRecord(value) && Object.hasOwn(value, name[0]) ? value[name[0]] : undefined;
    rest = separated.slice(name[0].length);
  }
  return { ok: true, segments };
}

function describe(segments: readonly PathSegment[]): string {
  return segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
