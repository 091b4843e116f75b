import { parse } from 'csv-parse/sync';
import { Workbook } from 'exceljs';
import { failuresCsv, failuresXlsx } from './failure-export';
import { failureRows } from './failure-rows';

const submission = {
  id: 's-1',
  documentId: 'd-1',
  regime: 'in-einvoice',
  state: 'REJECTED',
  attempts: 2,
  errorClass: 'rejected',
  errorCode: '2172',
  errorMessage: '=HYPERLINK("http://evil.example","click")',
  fieldErrors: [{ path: 'BuyerDtls.Gstin', message: 'bad' }],
  updatedAt: new Date('2026-11-20T10:00:00Z'),
};
const document = { id: 'd-1', connectorInstanceId: 'c-1', docNumber: '@SUM(A1)', docDate: '2026-11-02' };

describe('failure exports', () => {
  const rows = failureRows([submission], [document], () => 'books');

  it('one row per submission with its document, connector and reason, formula-looking text neutralised', () => {
    expect(rows).toEqual([
      {
        updated_at: '2026-11-20T10:00:00.000Z',
        connector: 'books',
        document_number: "'@SUM(A1)",
        document_date: '2026-11-02',
        regime: 'in-einvoice',
        state: 'REJECTED',
        error_class: 'rejected',
        authority_code: '2172',
        authority_message: `'=HYPERLINK("http://evil.example","click")`,
        field_errors: 'BuyerDtls.Gstin: bad',
        attempts: '2',
        submission_id: 's-1',
        document_id: 'd-1',
      },
    ]);
  });

  it('writes CSV with a BOM and a header, and XLSX with text cells (no formulas)', async () => {
    const csv = failuresCsv(rows);
    expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(parse(csv, { columns: true, bom: true })).toEqual(rows);
    const workbook = new Workbook();
    const bytes = await failuresXlsx(rows);
    await workbook.xlsx.load(new Uint8Array(bytes).buffer);
    const sheet = workbook.getWorksheet('failures')!;
    expect(sheet.getRow(1).getCell(9).value).toBe('authority_message');
    const cell = sheet.getRow(2).getCell(9);
    expect(cell.formula).toBeUndefined();
    expect(cell.value).toBe(`'=HYPERLINK("http://evil.example","click")`);
  });
});
