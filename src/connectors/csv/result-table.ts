/**
 * The result CSV written beside each source file: every input row of the documents written back so far,
 * followed by what the compliance side said. Pure: the table in, the updated table out. Several regimes
 * (e-invoice, e-way bill, ZATCA) write to the same rows; each keeps its own entry in `Status` and its
 * own identifier columns.
 */
import type { WriteBackOutcome } from '../contract';
import type { CsvRawDocument, CsvRawRow } from './csv-raw-document';

export const RESULT_COLUMNS = [
  'SourceRow',
  'Status',
  'Irn',
  'AckNo',
  'AckDt',
  'SignedQRCode',
  'QrPngPath',
  'EwbNo',
  'EwbDate',
  'EwbValidUpto',
  'ZatcaStatus',
  'ErrorClass',
  'ErrorCode',
  'ErrorMessage',
] as const;

/** States after which the regime's error stays on the row until that regime succeeds. */
const FAILED_STATES = new Set(['REJECTED', 'MAPPING_FAILED', 'WRITEBACK_FAILED', 'FAILED']);

/** One document's outcome to put on its rows. */
export interface ResultUpdate {
  raw: CsvRawDocument;
  outcome: WriteBackOutcome;
}

/** Rows keyed by column name, in file order. */
export interface ResultTable {
  header: string[];
  rows: Record<string, string>[];
}

export function resultFileName(sourceFile: string): string {
  return `${sourceFile}.result.csv`;
}

/** Table from parsed CSV records (first record is the header). */
export function tableFromRecords(records: readonly string[][]): ResultTable {
  if (records.length === 0) return { header: [], rows: [] };
  const [header, ...body] = records;
  return {
    header: [...header],
    rows: body.map((values) =>
      Object.fromEntries(header.map((column, index) => [column, values[index] ?? ''])),
    ),
  };
}

export function recordsFromTable(table: ResultTable): string[][] {
  return [table.header, ...table.rows.map((row) => table.header.map((column) => row[column] ?? ''))];
}

/** "in-einvoice: REGISTERED; in-ewaybill: REJECTED" ↔ map. */
function parseStatus(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const part of text.split(';')) {
    const [regime, state] = part.split(':').map((piece) => piece.trim());
    if (regime && state) entries.set(regime, state);
  }
  return entries;
}

function formatStatus(entries: Map<string, string>): string {
  return [...entries].map(([regime, state]) => `${regime}: ${state}`).join('; ');
}

function errorMessage(outcome: WriteBackOutcome): string {
  const error = outcome.error;
  if (!error) return '';
  const details = (error.fieldErrors ?? []).map((field) => `${field.path}: ${field.message}`);
  return [`${outcome.regime}: ${error.message}`, ...details].join(' | ');
}

function identifierColumns(outcome: WriteBackOutcome): Record<string, string | undefined> {
  const ids = outcome.identifiers;
  return {
    Irn: ids.irn,
    AckNo: ids.ackNo,
    AckDt: ids.ackDate,
    SignedQRCode: ids.signedQrCode ?? ids.zatcaQr,
    QrPngPath: ids.qrPngPath,
    EwbNo: ids.ewbNo,
    EwbDate: ids.ewbDate,
    EwbValidUpto: ids.ewbValidUpto,
    ZatcaStatus: ids.zatcaStatus,
    // A regime's own kinds, each in a column of its key's name (added to the header when first seen).
    ...Object.fromEntries(Object.entries(ids.extra ?? {}).map(([key, value]) => [extraColumn(key), value])),
  };
}

/** `verificationCode` -> `VerificationCode`, as the other result columns are named. */
function extraColumn(key: string): string {
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/** Puts the outcome of one regime on a row (in place): its state in `Status`, its identifiers, its error. */
export function updateRow(row: Record<string, string>, outcome: WriteBackOutcome): void {
  const status = parseStatus(row.Status ?? '');
  status.set(outcome.regime, outcome.state);
  row.Status = formatStatus(status);
  for (const [column, value] of Object.entries(identifierColumns(outcome))) {
    if (value !== undefined && value !== '') row[column] = value;
  }
  if (outcome.error) {
    row.ErrorClass = outcome.error.errorClass;
    row.ErrorCode = outcome.error.code ?? '';
    row.ErrorMessage = errorMessage(outcome);
    return;
  }
  const otherRegimeFailing = [...status].some(
    ([regime, state]) => regime !== outcome.regime && FAILED_STATES.has(state),
  );
  if (!otherRegimeFailing) {
    row.ErrorClass = '';
    row.ErrorCode = '';
    row.ErrorMessage = '';
  }
}

/**
 * Appends (in place) the columns of a document the header does not have yet: input, then result columns,
 * then the outcome's identifiers of its regime's own kinds.
 */
export function addResultColumns(
  header: string[],
  known: Set<string>,
  raw: CsvRawDocument,
  outcome: WriteBackOutcome,
): void {
  const extra = Object.keys(outcome.identifiers.extra ?? {}).map(extraColumn);
  for (const column of [...raw.header, ...RESULT_COLUMNS, ...extra]) {
    if (!known.has(column)) {
      known.add(column);
      header.push(column);
    }
  }
}

/** The result row of a source row written back for the first time: its input values and its row number. */
export function newResultRow(raw: CsvRawDocument, source: CsvRawRow): Record<string, string> {
  const row = Object.fromEntries(raw.header.map((column, index) => [column, source.values[index] ?? '']));
  row.SourceRow = sourceRowKey(source);
  return row;
}

export function sourceRowKey(source: CsvRawRow): string {
  return String(source.rowNumber);
}

/**
 * The table with each document's rows added (first write) or updated (later writes), outcomes applied in
 * order in one pass, rows sorted by source row.
 */
export function applyOutcomes(table: ResultTable, updates: readonly ResultUpdate[]): ResultTable {
  const header = [...table.header];
  const known = new Set(header);
  const rows = table.rows.map((row) => ({ ...row }));
  const bySourceRow = new Map(rows.map((row) => [row.SourceRow, row]));
  for (const { raw, outcome } of updates) {
    addResultColumns(header, known, raw, outcome);
    for (const source of raw.rows) {
      const key = sourceRowKey(source);
      let row = bySourceRow.get(key);
      if (!row) {
        row = newResultRow(raw, source);
        rows.push(row);
        bySourceRow.set(key, row);
      }
      updateRow(row, outcome);
    }
  }
  rows.sort((a, b) => Number(a.SourceRow) - Number(b.SourceRow));
  return {
    header,
    rows: rows.map((row) => Object.fromEntries(header.map((column) => [column, row[column] ?? '']))),
  };
}
