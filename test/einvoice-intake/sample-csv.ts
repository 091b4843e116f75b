/**
 * CSV files in the example file's layout, built from its rows: a test picks documents of the example
 * (whose figures are consistent), renames them and changes the cells it is about.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { SAMPLE_FILE } from '../einvoice-e2e/support';

export type CsvRow = Record<string, string>;

/** The rows of one document of the example file, copied under `invoiceNo` with `changes` applied. */
export function sampleDocumentRows(
  sampleInvoiceNo: string,
  invoiceNo: string,
  changes: CsvRow = {},
): CsvRow[] {
  const rows = parse<CsvRow>(readFileSync(SAMPLE_FILE), { columns: true, bom: true }).filter(
    (row) => row.InvoiceNo === sampleInvoiceNo,
  );
  if (rows.length === 0) throw new Error(`${sampleInvoiceNo} is not in the example file`);
  return rows.map((row) => ({ ...row, InvoiceNo: invoiceNo, ...changes }));
}

/** Writes `rows` (columns: every key any row has) as `name` in `inbox`; returns the file's path. */
export function writeCsv(inbox: string, name: string, rows: CsvRow[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  mkdirSync(inbox, { recursive: true });
  const path = join(inbox, name);
  writeFileSync(path, stringify(rows, { header: true, columns }));
  return path;
}
