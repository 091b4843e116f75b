/** Writes failure rows as CSV (csv-stringify, UTF-8 with BOM for spreadsheet programs) or XLSX (exceljs). */
import { stringify } from 'csv-stringify/sync';
import { Workbook } from 'exceljs';
import { FAILURE_COLUMNS, type FailureRow } from './failure-rows';

export function failuresCsv(rows: readonly FailureRow[]): Buffer {
  const text = stringify([...rows], { header: true, columns: [...FAILURE_COLUMNS] });
  return Buffer.concat([Buffer.from('\ufeff', 'utf8'), Buffer.from(text, 'utf8')]);
}

export async function failuresXlsx(rows: readonly FailureRow[]): Promise<Buffer> {
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('failures');
  sheet.columns = FAILURE_COLUMNS.map((key) => ({
    header: key,
    key,
    width: key.endsWith('message') ? 60 : 20,
  }));
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
