import type { WriteBackOutcome } from '../contract';
import type { CsvRawDocument } from './csv-raw-document';
import { EncodedResultTable } from './encoded-result-table';
import {
  RESULT_COLUMNS,
  applyOutcomes,
  recordsFromTable,
  type ResultTable,
  resultFileName,
  tableFromRecords,
} from './result-table';

const RAW: CsvRawDocument = {
  sourceFile: 'sales.csv',
  originalFile: 'sales.csv',
  profile: 'p',
  header: ['InvoiceNo', 'Item'],
  rows: [
    { rowNumber: 4, values: ['INV-2', 'Bolt'] },
    { rowNumber: 5, values: ['INV-2', 'Nut, "M12"'] },
  ],
};

const REGISTERED: WriteBackOutcome = {
  regime: 'in-einvoice',
  state: 'REGISTERED',
  identifiers: {
    irn: 'a'.repeat(64),
    ackNo: '112610000012345',
    ackDate: '2026-11-05 10:12:00',
    signedQrCode: 'eyJ.qr',
  },
};

/** One document's outcome, as a write-back of one document applies it. */
const applyOutcome = (table: ResultTable, raw: CsvRawDocument, outcome: WriteBackOutcome): ResultTable =>
  applyOutcomes(table, [{ raw, outcome }]);

describe('applyOutcomes', () => {
  it('applies several documents in one call exactly as one after another', () => {
    const other: CsvRawDocument = { ...RAW, rows: [{ rowNumber: 2, values: ['INV-1', 'Washer'] }] };
    const rejected: WriteBackOutcome = {
      regime: 'in-einvoice',
      state: 'REJECTED',
      identifiers: {},
      error: { errorClass: 'rejected', code: '2150', message: 'duplicate' },
    };
    const oneByOne = applyOutcome(
      applyOutcome(applyOutcome({ header: [], rows: [] }, RAW, REGISTERED), other, rejected),
      RAW,
      rejected,
    );
    const together = applyOutcomes({ header: [], rows: [] }, [
      { raw: RAW, outcome: REGISTERED },
      { raw: other, outcome: rejected },
      { raw: RAW, outcome: rejected },
    ]);
    expect(together).toEqual(oneByOne);
    expect(together.rows.map((row) => row.SourceRow)).toEqual(['2', '4', '5']);
  });

  it('adds the rows of a document with its identifiers after the input columns', () => {
    const table = applyOutcome({ header: [], rows: [] }, RAW, REGISTERED);
    expect(table.header).toEqual(['InvoiceNo', 'Item', ...RESULT_COLUMNS]);
    expect(table.rows).toHaveLength(2);
    expect(table.rows[1]).toMatchObject({
      InvoiceNo: 'INV-2',
      Item: 'Nut, "M12"',
      SourceRow: '5',
      Status: 'in-einvoice: REGISTERED',
      Irn: 'a'.repeat(64),
      AckNo: '112610000012345',
      SignedQRCode: 'eyJ.qr',
    });
  });

  it('keeps one entry per regime and the identifiers of each, sorted by source row', () => {
    const other: CsvRawDocument = { ...RAW, rows: [{ rowNumber: 2, values: ['INV-1', 'Washer'] }] };
    let table = applyOutcome({ header: [], rows: [] }, RAW, REGISTERED);
    table = applyOutcome(table, other, REGISTERED);
    table = applyOutcome(table, RAW, {
      regime: 'in-ewaybill',
      state: 'REGISTERED',
      identifiers: {
        ewbNo: '381000123456',
        ewbDate: '2026-11-06 10:15:00',
        ewbValidUpto: '2026-11-07 23:59:00',
      },
    });
    expect(table.rows.map((r) => r.SourceRow)).toEqual(['2', '4', '5']);
    expect(table.rows[1]).toMatchObject({
      Status: 'in-einvoice: REGISTERED; in-ewaybill: REGISTERED',
      Irn: 'a'.repeat(64),
      EwbNo: '381000123456',
      EwbDate: '2026-11-06 10:15:00',
      EwbValidUpto: '2026-11-07 23:59:00',
    });
    expect(table.rows[0].EwbNo ?? '').toBe('');
  });

  it("gives a regime's own identifier kinds (identifiers.extra) a column each, named after the key", () => {
    let table = applyOutcome({ header: [], rows: [] }, RAW, REGISTERED);
    table = applyOutcome(table, RAW, {
      regime: 'xx-demo',
      state: 'REGISTERED',
      identifiers: { ackNo: 'XXD-000001', extra: { verificationCode: 'VC-1F2E3D4C' } },
    });
    expect(table.header).toEqual(['InvoiceNo', 'Item', ...RESULT_COLUMNS, 'VerificationCode']);
    expect(table.rows[0]).toMatchObject({ VerificationCode: 'VC-1F2E3D4C', AckNo: 'XXD-000001' });
    // The encoded table (what the CSV connector writes) says the same.
    const encoded = EncodedResultTable.of({ header: [], rows: [] }).withOutcomes([
      { raw: RAW, outcome: REGISTERED },
      {
        raw: RAW,
        outcome: {
          regime: 'xx-demo',
          state: 'REGISTERED',
          identifiers: { ackNo: 'XXD-000001', extra: { verificationCode: 'VC-1F2E3D4C' } },
        },
      },
    ]);
    expect(encoded.content().toString('utf8').split('\n')[0]).toMatch(/,VerificationCode\r?$/);
  });

  it('writes the error of a failed regime and clears it once that regime succeeds', () => {
    let table = applyOutcome({ header: [], rows: [] }, RAW, {
      regime: 'in-einvoice',
      state: 'REJECTED',
      identifiers: {},
      error: {
        errorClass: 'rejected',
        code: '2211',
        message: 'Invalid buyer GSTIN',
        fieldErrors: [{ path: 'BuyerDtls.Gstin', rule: 'x', message: 'inactive' }],
      },
    });
    expect(table.rows[0]).toMatchObject({
      Status: 'in-einvoice: REJECTED',
      ErrorClass: 'rejected',
      ErrorCode: '2211',
      ErrorMessage: 'in-einvoice: Invalid buyer GSTIN | BuyerDtls.Gstin: inactive',
    });
    table = applyOutcome(table, RAW, REGISTERED);
    expect(table.rows[0]).toMatchObject({
      Status: 'in-einvoice: REGISTERED',
      ErrorClass: '',
      ErrorMessage: '',
    });
  });

  it('round-trips through CSV records', () => {
    const table = applyOutcome({ header: [], rows: [] }, RAW, REGISTERED);
    expect(tableFromRecords(recordsFromTable(table))).toEqual(table);
    expect(resultFileName('sales.csv')).toBe('sales.csv.result.csv');
  });
});
