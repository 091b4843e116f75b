/**
 * Reads a GSTR-2B return (the API's `data`, or the JSON a user downloads from the GST portal) into
 * documents of every section. Pure. An entry that cannot be read is reported with its JSON path, value
 * and rule and the rest of the return is still read; amendments replace the documents they amend.
 * Shapes: GSTN's published 2B schema (docdata sections) and its v1.0 sample (srctyp, irn, irngendate).
 * ecom/ecoma (supplies through e-commerce operators, newer schema) carry invoices as b2b does.
 */
import {
  fieldError,
  type FieldError,
  Dec,
  parseDate,
  type DecimalString,
  type IsoDate,
} from '../../../domain';
import type {
  Gstr2bDocument,
  Gstr2bDocumentKind,
  Gstr2bOriginal,
  Gstr2bReturn,
  Gstr2bSection,
  Gstr2bTaxLine,
} from './gstr2b-document';

type Json = Record<string, unknown>;

export interface Gstr2bParseResult {
  return?: Gstr2bReturn;
  errors: FieldError[];
}

const PERIOD = /^(0[1-9]|1[0-2])\d{4}$/;
/** Amounts with at most two decimals, the common case, written out without a decimal object. */
const TWO_PLACES = /^(-?\d+)(?:\.(\d{1,2}))?$/;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

class EntryReader {
  readonly errors: FieldError[] = [];
  constructor(
    readonly entry: Json,
    readonly path: string,
  ) {}

  text(key: string, required: boolean): string | undefined {
    const value = this.entry[key];
    if (value === undefined || value === null || value === '') {
      if (required) this.errors.push(fieldError(`${this.path}.${key}`, 'required', `${key} is required`));
      return undefined;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      this.errors.push(fieldError(`${this.path}.${key}`, 'type.string', `${key} must be text`, value));
      return undefined;
    }
    return String(value).trim();
  }

  date(key: string, required: boolean): IsoDate | undefined {
    const text = this.text(key, required);
    if (text === undefined) return undefined;
    const iso = parseDate(text, 'DD-MM-YYYY');
    if (!iso)
      this.errors.push(fieldError(`${this.path}.${key}`, 'date.ddmmyyyy', `${key} is not dd-mm-yyyy`, text));
    return iso;
  }

  /** `where` names the entry's path for an error (built only then). */
  amount(key: string, entry: Json = this.entry, where = (): string => this.path): DecimalString | undefined {
    const value = entry[key];
    if (value === undefined || value === null || value === '') return undefined;
    if ((typeof value !== 'number' || !Number.isFinite(value)) && typeof value !== 'string') {
      this.errors.push(fieldError(`${where()}.${key}`, 'type.number', `${key} must be a number`, value));
      return undefined;
    }
    // A JSON number's shortest text is the decimal GSTN wrote; it is read as a decimal from there.
    const text = typeof value === 'number' ? String(value) : value.trim();
    const plain = TWO_PLACES.exec(text);
    let amount: DecimalString;
    if (plain) {
      amount = `${plain[1]}.${(plain[2] ?? '').padEnd(2, '0')}`;
    } else {
      try {
        amount = new Dec(text).toFixed(2);
      } catch {
        this.errors.push(fieldError(`${where()}.${key}`, 'type.number', `${key} must be a number`, value));
        return undefined;
      }
    }
    // Amounts are stored as numeric(18,2): 16 digits before the point (-1e18 would overflow PostgreSQL).
    if (amount.replace('-', '').indexOf('.') > MAX_INTEGER_DIGITS) {
      this.errors.push(
        fieldError(
          `${where()}.${key}`,
          'range',
          `${key} must be less than 10^${MAX_INTEGER_DIGITS} in magnitude`,
          value,
        ),
      );
      return undefined;
    }
    return amount;
  }

  list(key: string): Json[] {
    const value = this.entry[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.errors.push(fieldError(`${this.path}.${key}`, 'type.array', `${key} must be a list`));
      return [];
    }
    return (value as unknown[]).filter((item, i): item is Json => {
      if (isObject(item)) return true;
      this.errors.push(fieldError(`${this.path}.${key}[${i}]`, 'type.object', 'entry must be an object'));
      return false;
    });
  }
}

const MAX_INTEGER_DIGITS = 16;

/** Sum of two-place amounts, in whole paise (exact integers) unless one is out of that range. */
function sumOf(values: readonly DecimalString[]): DecimalString {
  if (values.length === 1) return values[0];
  let paise = 0;
  for (const value of values) {
    const match = TWO_PLACES.exec(value);
    if (!match) return values.reduce((total, v) => total.plus(v), new Dec(0)).toFixed(2);
    const cents = Number(match[1].replace('-', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    paise += match[1].startsWith('-') ? -cents : cents;
  }
  if (!Number.isSafeInteger(paise)) return values.reduce((total, v) => total.plus(v), new Dec(0)).toFixed(2);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Tax lines (items) when present, else the document's own totals (impg, isd, newer schema's inv). */
function amounts(
  reader: EntryReader,
): Pick<Gstr2bDocument, 'taxableValue' | 'igst' | 'cgst' | 'sgst' | 'cess' | 'lines'> {
  const items = reader.list('items');
  const lines: Gstr2bTaxLine[] = items.map((item, i) => {
    const path = (): string => `${reader.path}.items[${i}]`;
    return {
      rate: reader.amount('rt', item, path) ?? '0.00',
      taxableValue: reader.amount('txval', item, path) ?? '0.00',
      igst: reader.amount('igst', item, path) ?? '0.00',
      cgst: reader.amount('cgst', item, path) ?? '0.00',
      sgst: reader.amount('sgst', item, path) ?? '0.00',
      cess: reader.amount('cess', item, path) ?? '0.00',
    };
  });
  const own = (
    key: 'txval' | 'igst' | 'cgst' | 'sgst' | 'cess',
    lineKey: keyof Gstr2bTaxLine,
  ): DecimalString =>
    reader.amount(key) ?? (lines.length > 0 ? sumOf(lines.map((line) => line[lineKey])) : '0.00');
  return {
    taxableValue: own('txval', 'taxableValue'),
    igst: own('igst', 'igst'),
    cgst: own('cgst', 'cgst'),
    sgst: own('sgst', 'sgst'),
    cess: own('cess', 'cess'),
    lines,
  };
}

function flag(reader: EntryReader, key: string, allowed: readonly string[], fallback: string): string {
  const value = reader.text(key, false)?.toUpperCase();
  if (value === undefined) return fallback;
  if (!allowed.includes(value)) {
    reader.errors.push(
      fieldError(`${reader.path}.${key}`, 'enum', `${key} must be one of ${allowed.join(', ')}`, value),
    );
    return fallback;
  }
  return value;
}

/** A copy without the undefined properties (copied, not deleted: `delete` turns objects into slow dictionaries). */
function withoutUndefined<T extends object>(value: T): T {
  const copy: Record<string, unknown> = {};
  for (const key in value) if (value[key] !== undefined) copy[key] = value[key];
  return copy as T;
}

interface Supplier {
  gstin: string | null;
  name?: string;
  period?: string;
  filingDate?: IsoDate;
}

function supplierOf(reader: EntryReader, gstinRequired: boolean): Supplier {
  return {
    gstin: reader.text('ctin', gstinRequired)?.toUpperCase() ?? null,
    name: reader.text('trdnm', false),
    period: reader.text('supprd', false),
    filingDate: reader.date('supfildt', false),
  };
}

type CommonFields = Pick<Gstr2bDocument, 'supplierGstin' | 'reverseCharge' | 'itcAvailability'> &
  Partial<
    Pick<
      Gstr2bDocument,
      | 'supplierName'
      | 'supplierPeriod'
      | 'supplierFilingDate'
      | 'documentValue'
      | 'placeOfSupply'
      | 'itcUnavailableReason'
      | 'differentialPercent'
      | 'sourceType'
      | 'irn'
      | 'irnDate'
      | 'imsStatus'
    >
  >;

function common(reader: EntryReader, supplier: Supplier): CommonFields {
  return {
    supplierGstin: supplier.gstin,
    supplierName: supplier.name,
    supplierPeriod: supplier.period,
    supplierFilingDate: supplier.filingDate,
    documentValue: reader.amount('val'),
    placeOfSupply: reader.text('pos', false),
    reverseCharge: flag(reader, 'rev', ['Y', 'N'], 'N') === 'Y',
    itcAvailability: flag(reader, 'itcavl', ['Y', 'N', 'T'], 'Y') as 'Y' | 'N' | 'T',
    itcUnavailableReason: reader.text('rsn', false),
    differentialPercent: reader.amount('diffprcnt'),
    sourceType: reader.text('srctyp', false),
    irn: reader.text('irn', false),
    irnDate: reader.date('irngendate', false),
    imsStatus: reader.text('imsStatus', false),
  };
}

type Collect = (reader: EntryReader, document: Gstr2bDocument | undefined) => void;

function readInvoices(section: Gstr2bSection, reader: EntryReader, collect: Collect): void {
  const supplier = supplierOf(reader, true);
  reader.list('inv').forEach((entry, i) => {
    const inv = new EntryReader(entry, `${reader.path}.inv[${i}]`);
    const number = inv.text('inum', true);
    const date = inv.date('dt', true);
    const amended = section === 'b2ba' || section === 'ecoma';
    const original: Gstr2bOriginal | undefined = amended
      ? withoutUndefined({ number: inv.text('oinum', true) ?? '', date: inv.date('oidt', false) })
      : undefined;
    const document =
      number && date && supplier.gstin
        ? Object.assign(common(inv, supplier), {
            section,
            kind: 'INV' as const,
            number,
            date,
            supplyType: inv.text('typ', false),
            ...amounts(inv),
            original,
            path: inv.path,
          })
        : undefined;
    collect(inv, document);
  });
}

function readNotes(section: Gstr2bSection, reader: EntryReader, collect: Collect): void {
  const supplier = supplierOf(reader, true);
  reader.list('nt').forEach((entry, i) => {
    const nt = new EntryReader(entry, `${reader.path}.nt[${i}]`);
    const number = nt.text('ntnum', true);
    const date = nt.date('dt', true);
    const type = flag(nt, 'typ', ['C', 'D'], '');
    if (type === '' && nt.entry.typ === undefined) {
      nt.errors.push(fieldError(`${nt.path}.typ`, 'required', 'typ (C or D) is required'));
    }
    const original: Gstr2bOriginal | undefined =
      section === 'cdnra'
        ? withoutUndefined({
            number: nt.text('ontnum', true) ?? '',
            date: nt.date('ontdt', false),
            kind: nt.text('onttyp', false),
          })
        : undefined;
    const kind: Gstr2bDocumentKind = type === 'C' ? 'CRN' : 'DBN';
    const document =
      number && date && supplier.gstin && type
        ? Object.assign(common(nt, supplier), {
            section,
            kind,
            number,
            date,
            supplyType: nt.text('suptyp', false),
            ...amounts(nt),
            original,
            path: nt.path,
          })
        : undefined;
    collect(nt, document);
  });
}

function readIsd(section: Gstr2bSection, reader: EntryReader, collect: Collect): void {
  const supplier = supplierOf(reader, true);
  reader.list('doclist').forEach((entry, i) => {
    const doc = new EntryReader(entry, `${reader.path}.doclist[${i}]`);
    const number = doc.text('docnum', true);
    const date = doc.date('docdt', true);
    const type = flag(doc, 'doctyp', ['ISDI', 'ISDC'], 'ISDI') as Gstr2bDocumentKind;
    const original: Gstr2bOriginal | undefined =
      section === 'isda'
        ? withoutUndefined({
            number: doc.text('odocnum', true) ?? '',
            date: doc.date('odocdt', false),
            kind: doc.text('odoctyp', false),
          })
        : doc.text('oinvnum', false) !== undefined
          ? withoutUndefined({ number: doc.text('oinvnum', false) ?? '', date: doc.date('oinvdt', false) })
          : undefined;
    const eligible = flag(doc, 'itcelg', ['Y', 'N'], 'Y');
    const document =
      number && date && supplier.gstin
        ? {
            section,
            kind: type,
            supplierGstin: supplier.gstin,
            supplierName: supplier.name,
            supplierPeriod: supplier.period,
            supplierFilingDate: supplier.filingDate,
            number,
            date,
            reverseCharge: false,
            itcAvailability: eligible as 'Y' | 'N',
            ...amounts(doc),
            original,
            path: doc.path,
          }
        : undefined;
    collect(doc, document);
  });
}

function readBillOfEntry(
  section: Gstr2bSection,
  boe: EntryReader,
  supplier: Supplier,
  collect: Collect,
): void {
  const number = boe.text('boenum', true);
  const date = boe.date('boedt', true);
  const document =
    number && date
      ? {
          section,
          kind: 'BOE' as const,
          supplierGstin: supplier.gstin,
          supplierName: supplier.name,
          number,
          date,
          portCode: boe.text('portcode', false),
          reverseCharge: false,
          itcAvailability: 'Y' as const,
          amendedAtCustoms:
            boe.text('isamd', false) === undefined ? undefined : boe.text('isamd', false) === 'Y',
          ...amounts(boe),
          path: boe.path,
        }
      : undefined;
  collect(boe, document);
}

function readSection(section: Gstr2bSection, entries: Json[], root: string, collect: Collect): FieldError[] {
  const errors: FieldError[] = [];
  entries.forEach((entry, i) => {
    const reader = new EntryReader(entry, `${root}.${section}[${i}]`);
    switch (section) {
      case 'b2b':
      case 'b2ba':
      case 'ecom':
      case 'ecoma':
        readInvoices(section, reader, collect);
        break;
      case 'cdnr':
      case 'cdnra':
        readNotes(section, reader, collect);
        break;
      case 'isd':
      case 'isda':
        readIsd(section, reader, collect);
        break;
      case 'impg':
        readBillOfEntry(section, reader, { gstin: null }, collect);
        break;
      case 'impgsez': {
        const supplier = supplierOf(reader, true);
        reader
          .list('boe')
          .forEach((boe, j) =>
            readBillOfEntry(section, new EntryReader(boe, `${reader.path}.boe[${j}]`), supplier, collect),
          );
        break;
      }
    }
    errors.push(...reader.errors);
  });
  return errors;
}

const AMENDED_BY: Partial<Record<Gstr2bSection, Gstr2bSection>> = {
  b2ba: 'b2b',
  cdnra: 'cdnr',
  isda: 'isd',
  ecoma: 'ecom',
};

function identity(supplier: string | null, kindGroup: string, number: string): string {
  return `${supplier ?? ''}|${kindGroup}|${number.toUpperCase()}`;
}

function kindGroup(document: Gstr2bDocument): string {
  return document.section.replace(/a$/, '');
}

/** Amendments replace the originals they name (same supplier, section family and original number). */
export function applyAmendments(documents: Gstr2bDocument[]): {
  documents: Gstr2bDocument[];
  replaced: Gstr2bDocument[];
} {
  const amendedKeys = new Set<string>();
  for (const document of documents) {
    if (AMENDED_BY[document.section] && document.original) {
      amendedKeys.add(identity(document.supplierGstin, kindGroup(document), document.original.number));
    }
  }
  const kept: Gstr2bDocument[] = [];
  const replaced: Gstr2bDocument[] = [];
  for (const document of documents) {
    const original = !AMENDED_BY[document.section];
    const key = identity(document.supplierGstin, kindGroup(document), document.number);
    if (original && amendedKeys.has(key)) replaced.push(document);
    else kept.push(document);
  }
  return { documents: kept, replaced };
}

const SECTION_ORDER: readonly Gstr2bSection[] = [
  'b2b',
  'b2ba',
  'cdnr',
  'cdnra',
  'isd',
  'isda',
  'impg',
  'impgsez',
  'ecom',
  'ecoma',
];

/**
 * Parses a whole return. `body` may be the downloaded file ({chksum, data}), the API answer's data, or
 * the data object itself. Several files of one large return are merged with `mergeGstr2bFiles` first.
 */
export function parseGstr2b(body: unknown): Gstr2bParseResult {
  const envelope = isObject(body) && isObject(body.data) ? body : { data: body };
  const data = envelope.data;
  if (!isObject(data)) {
    return { errors: [fieldError('data', 'type.object', 'GSTR-2B data must be a JSON object')] };
  }
  const errors: FieldError[] = [];
  const top = new EntryReader(data, 'data');
  const gstin = top.text('gstin', true)?.toUpperCase();
  const period = top.text('rtnprd', true);
  if (period !== undefined && !PERIOD.test(period)) {
    top.errors.push(fieldError('data.rtnprd', 'period.mmyyyy', 'rtnprd must be MMYYYY', period));
  }
  const generatedOn = top.date('gendt', false);
  errors.push(...top.errors);
  const docdata = data.docdata;
  if (docdata !== undefined && !isObject(docdata)) {
    errors.push(fieldError('data.docdata', 'type.object', 'docdata must be an object'));
  }
  const documents: Gstr2bDocument[] = [];
  const collect: Collect = (reader, document) => {
    errors.push(...reader.errors);
    if (document) documents.push(document);
  };
  if (isObject(docdata)) {
    for (const section of SECTION_ORDER) {
      const entries = docdata[section];
      if (entries === undefined || entries === null) continue;
      if (!Array.isArray(entries)) {
        errors.push(fieldError(`data.docdata.${section}`, 'type.array', `${section} must be a list`));
        continue;
      }
      errors.push(
        ...readSection(
          section,
          entries.filter((entry): entry is Json => isObject(entry)),
          'data.docdata',
          collect,
        ),
      );
    }
  }
  if (!gstin || !period || !PERIOD.test(period)) return { errors };
  const amended = applyAmendments(documents);
  return {
    return: withoutUndefined({
      gstin,
      period,
      version: top.text('version', false),
      generatedOn,
      checksum: typeof envelope.chksum === 'string' ? envelope.chksum : undefined,
      documents: amended.documents,
      replaced: amended.replaced,
    }),
    errors,
  };
}

/** The files of a large return (catalog A `file_num` pages), merged section by section into one `data`. */
export function mergeGstr2bFiles(files: readonly unknown[]): unknown {
  const datas = files.map((file) => (isObject(file) && isObject(file.data) ? file.data : file));
  const first = datas.find(isObject);
  if (!first) return undefined;
  const docdata: Record<string, unknown[]> = {};
  for (const data of datas) {
    if (!isObject(data) || !isObject(data.docdata)) continue;
    for (const [section, entries] of Object.entries(data.docdata)) {
      if (Array.isArray(entries)) (docdata[section] ??= []).push(...(entries as unknown[]));
    }
  }
  return { ...first, docdata };
}
