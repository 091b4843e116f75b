import type { RegimeName, WriteBackOutcome } from '../../contract';
import type { CsvRawDocument } from '../csv-raw-document';
import type { ResultUpdate } from '../result-table';
import { randomSource } from '../../../domain/__fixtures__';

/**
 * A seeded, varied run of write-backs to one result file, in batches as the writer applies them: documents
 * of 1-3 rows arriving out of order, three regimes, failures then successes, a document written back more
 * than once in a batch, later documents bringing a new column or lacking one, and values CSV must quote
 * (commas, quotes, line breaks, a leading '=') or that are not ASCII.
 */
export function writeBackSequence(seed: number, batchCount = 30): ResultUpdate[][] {
  const random = randomSource(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const documents = Array.from({ length: 12 }, (_, index) => documentOf(index, random, pick));
  return Array.from({ length: batchCount }, (_, batch) =>
    Array.from({ length: 1 + Math.floor(random() * 6) }, () => {
      // the second half of the run reaches the documents with a column the first ones lack
      const reachable = batch < batchCount / 2 ? documents.slice(0, 8) : documents;
      return { raw: pick(reachable), outcome: outcomeOf(pick(REGIMES), random, pick) };
    }),
  );
}

const REGIMES: readonly RegimeName[] = ['in-einvoice', 'in-ewaybill', 'sa-zatca'];

const AWKWARD_VALUES = [
  '',
  'Bolt',
  'Nut, "M12"',
  'two\r\nlines',
  'lf\nonly',
  'cr\ronly',
  '=SUM(A1:A2)',
  ' padded ',
  'ज़रूरी सामान',
  '"',
  ',',
  'x'.repeat(300),
];

type Pick = <T>(items: readonly T[]) => T;

function documentOf(index: number, random: () => number, pick: Pick): CsvRawDocument {
  const header =
    index < 8
      ? ['InvoiceNo', 'InvoiceDate', 'Item', 'Remarks']
      : index % 2 === 0
        ? ['InvoiceNo', 'InvoiceDate', 'Item', 'Remarks', 'PlaceOfSupply']
        : ['InvoiceNo', 'Item', 'Discount'];
  // documents interleave: row numbers are spread and not in the order the documents arrive
  const firstRow = 2 + ((index * 7) % 12) * 3;
  const rowCount = 1 + Math.floor(random() * 3);
  return {
    sourceFile: 'sales.csv',
    originalFile: 'sales.csv',
    profile: 'p',
    header,
    rows: Array.from({ length: rowCount }, (_, row) => ({
      rowNumber: firstRow + row,
      values: header.map((column) => (column === 'InvoiceNo' ? `INV-${index}` : pick(AWKWARD_VALUES))),
    })),
  };
}

function outcomeOf(regime: RegimeName, random: () => number, pick: Pick): WriteBackOutcome {
  const hex = (length: number) =>
    Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
  if (random() < 0.35) {
    return {
      regime,
      state: pick(['REJECTED', 'MAPPING_FAILED', 'WRITEBACK_FAILED']),
      identifiers: {},
      error: {
        errorClass: pick(['rejected', 'validation', 'transient']),
        code: pick([undefined, '2150', '2211']),
        message: pick(['duplicate IRN', 'Invalid GSTIN, "inactive"', 'line one\nline two']),
        fieldErrors: pick([[], [{ path: 'BuyerDtls.Gstin', rule: 'gstin', message: 'inactive, check it' }]]),
      },
    };
  }
  if (random() < 0.1) return { regime, state: 'CANCELLED', identifiers: {} };
  const identifiers =
    regime === 'in-einvoice'
      ? {
          irn: hex(64),
          ackNo: String(112610000000000 + Math.floor(random() * 1e9)),
          ackDate: '2026-11-05 10:12:00',
          signedQrCode: `eyJ${hex(900)}`,
          qrPngPath: pick(['/outbox/qr/INV "1".png', '/outbox/qr/INV-2.png', '']),
        }
      : regime === 'in-ewaybill'
        ? { ewbNo: String(381000000000 + Math.floor(random() * 1e6)), ewbValidUpto: '2026-11-07 23:59:00' }
        : { zatcaStatus: pick(['CLEARED', 'REPORTED']), zatcaQr: `AQ${hex(120)}` };
  return { regime, state: 'REGISTERED', identifiers };
}
