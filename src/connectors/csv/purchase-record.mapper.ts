/**
 * Maps the rows of one supplier bill in a purchase register CSV to a PurchaseRecord (for GSTR-2B
 * reconciliation). Pure. Registers with one row per tax rate are summed per bill. A bill of entry (document
 * type BOE) carries its BOE number and date in the bill number and date columns, its assessable value as
 * taxable value, and its port code when the register has one; its supplier GSTIN may be empty (a supplier
 * abroad).
 */
import {
  parseDate,
  financialYear,
  fieldError,
  type FieldError,
  type Outcome,
  validateGstin,
  sum,
  toFixed,
} from '../../domain';
import type { PurchaseRecord } from '../contract';
import {
  type ColumnBinding,
  type RowFields,
  cellLabel,
  cellPath,
  cellText,
  readRowFields,
  valueAt,
} from './column-binding';
import type { CsvRow } from './csv-reader';
import { isNoteType, withNoteType } from './document-identity';
import { isBillOfEntry } from './row-grouping';

const AMOUNT_FIELDS = ['taxableValue', 'igst', 'cgst', 'sgst', 'cess'] as const;
const DOCUMENT_TYPES: readonly PurchaseRecord['documentType'][] = ['INV', 'CRN', 'DBN', 'BOE'];
/** GSTN's port code: six letters and digits (INNSA1, INMAA1, INBLR4). */
const PORT_CODE = /^[A-Z0-9]{6}$/;

function first<T>(
  binding: ColumnBinding,
  rows: readonly RowFields[],
  path: string,
  guard: (value: unknown) => value is T,
): T | undefined {
  for (const row of rows) {
    const value = valueAt(binding, row.values, path);
    if (guard(value)) return value;
  }
  return undefined;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';

function errorAt(
  binding: ColumnBinding,
  row: RowFields,
  path: string,
  rule: string,
  reason: string,
  value?: string,
): FieldError {
  const column = binding.profile.columns[path];
  return fieldError(
    cellPath(row.rowNumber, column ?? path),
    rule,
    `${cellLabel(row.rowNumber, column, path)}: ${reason}`,
    value,
  );
}

function total(binding: ColumnBinding, rows: readonly RowFields[], path: string): string {
  return toFixed(
    sum(rows.map((row) => (valueAt(binding, row.values, path) as string | undefined) ?? '0')),
    2,
  );
}

export function mapPurchaseRecord(
  binding: ColumnBinding,
  csvRows: readonly CsvRow[],
): Outcome<PurchaseRecord> {
  const rows = csvRows.map((row) => readRowFields(binding, row));
  // A bill of entry of a supplier abroad has no GSTIN: a profile requiring one does not refuse it for that.
  const errors = rows.flatMap((row, i) =>
    row.errors.filter(
      (error, j) =>
        !(
          row.errorFields[j] === 'supplierGstin' &&
          error.rule === 'required' &&
          isBillOfEntry(binding, csvRows[i])
        ),
    ),
  );
  if (errors.length > 0) return { ok: false, errors };

  const supplierGstin = first(binding, rows, 'supplierGstin', isText) ?? '';
  const billNumber = first(binding, rows, 'billNumber', isText) ?? '';
  const billDate = first(binding, rows, 'billDate', isText) ?? '';
  const documentType = first(binding, rows, 'documentType', isText) ?? 'INV';
  if (!(DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
    errors.push(
      errorAt(
        binding,
        rows[0],
        'documentType',
        'documentType',
        `"${documentType}" is not INV, CRN, DBN or BOE`,
        documentType,
      ),
    );
  }
  const billOfEntry = documentType === 'BOE';
  const portCode = first(binding, rows, 'portCode', isText);
  // A supplier abroad has no GSTIN: a bill of entry needs one only when it names one (a SEZ unit).
  if (!billOfEntry || supplierGstin !== '') {
    const gstinCheck = validateGstin(supplierGstin);
    if (!gstinCheck.valid) {
      errors.push(
        errorAt(binding, rows[0], 'supplierGstin', gstinCheck.rule, gstinCheck.message, supplierGstin),
      );
    }
  }
  if (billOfEntry && portCode !== undefined && !PORT_CODE.test(portCode)) {
    errors.push(
      errorAt(
        binding,
        rows[0],
        'portCode',
        'portCode',
        `"${portCode}" is not a port code (6 letters and digits, e.g. INNSA1)`,
        portCode,
      ),
    );
  }
  if (errors.length > 0) return { ok: false, errors };

  const amounts = Object.fromEntries(
    AMOUNT_FIELDS.map((path) => [path, total(binding, rows, path)]),
  ) as Record<(typeof AMOUNT_FIELDS)[number], string>;
  const statedTotal = rows.every((row) => valueAt(binding, row.values, 'total') !== undefined)
    ? total(binding, rows, 'total')
    : undefined;
  const ownId = first(binding, rows, 'erpId', isText);
  // A supplier's note may carry the number of its invoice: as on the sales side, a note's id ends in its type.
  const billKey = billOfEntry ? 'BOE' : supplierGstin;
  const erpId = withNoteType(
    ownId
      ? `${binding.profile.name}:${ownId}`
      : `${binding.profile.name}:${billKey}:${billNumber}:${financialYear(billDate)}`,
    isNoteType(documentType) ? documentType : undefined,
  );
  const record: PurchaseRecord = {
    erpId,
    supplierGstin,
    supplierName: first(binding, rows, 'supplierName', isText),
    billNumber,
    billDate,
    documentType: documentType as PurchaseRecord['documentType'],
    ...amounts,
    total: statedTotal ?? toFixed(sum(Object.values(amounts)), 2),
    placeOfSupply: first(binding, rows, 'placeOfSupply', isText),
    reverseCharge: first(binding, rows, 'reverseCharge', isFlag),
    ...(billOfEntry ? { portCode } : {}),
  };
  return { ok: true, value: record };
}

/**
 * A bill whose rows could not be read, as a record carrying its field errors: the cells' own text where
 * there is some, "0" amounts. Its date is the bill date when that could be read (undefined otherwise).
 */
export function unreadablePurchaseRecord(
  binding: ColumnBinding,
  csvRows: readonly CsvRow[],
  errors: FieldError[],
): { record: PurchaseRecord; billDate?: string } {
  const row = csvRows[0];
  const text = (path: string): string => cellText(binding, row, path);
  const billDate = parseDate(text('billDate'), binding.profile.dateFormat);
  const ownId = text('erpId');
  const rowsRef = `rows ${row.rowNumber}-${csvRows[csvRows.length - 1].rowNumber}`;
  const documentType = text('documentType');
  return {
    billDate,
    record: {
      erpId: `${binding.profile.name}:${ownId || `${text('supplierGstin')}:${text('billNumber')}:${rowsRef}`}`,
      supplierGstin: text('supplierGstin').toUpperCase(),
      supplierName: text('supplierName') || undefined,
      billNumber: text('billNumber'),
      billDate: billDate ?? '',
      documentType: (DOCUMENT_TYPES as readonly string[]).includes(documentType)
        ? (documentType as PurchaseRecord['documentType'])
        : 'INV',
      taxableValue: '0',
      igst: '0',
      cgst: '0',
      sgst: '0',
      cess: '0',
      total: '0',
      fieldErrors: errors,
    },
  };
}
