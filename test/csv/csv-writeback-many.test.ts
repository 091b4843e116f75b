import { createHash } from 'node:crypto';
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { ConnectorError, type SourceDocument, type WriteBackItem } from '../../src/connectors/contract';
import { SAMPLE_INBOX_FILE, type TestInstance, createInstance, pullAll } from './csv-test-kit';

function item(document: SourceDocument, index: number): WriteBackItem {
  return {
    document: { id: String(index), erpId: document.erpId, raw: document.raw },
    outcome:
      index === 2
        ? {
            regime: 'in-einvoice',
            state: 'REJECTED',
            identifiers: {},
            error: { errorClass: 'rejected', code: '2172', message: 'Invalid HSN code' },
          }
        : {
            regime: 'in-einvoice',
            state: 'REGISTERED',
            identifiers: {
              irn: createHash('sha256').update(document.erpId).digest('hex'),
              ackNo: String(112610000000000 + index),
              ackDate: '2026-11-21 10:15:00',
              signedQrCode: `eyJhbGciOiJSUzI1NiJ9.${'x'.repeat(40)}${index}.sig`,
            },
          },
  };
}

async function pulledSample(instance: TestInstance): Promise<SourceDocument[]> {
  await copyFile(SAMPLE_INBOX_FILE, join(instance.connector.directories.inbox, 'sales-2026-11.csv'));
  const [batch] = await pullAll(instance.connector);
  return batch.documents;
}

describe('CSV connector: writeBackMany', () => {
  let many: TestInstance;
  let single: TestInstance;
  beforeEach(async () => {
    many = await createInstance();
    single = await createInstance();
  });
  afterEach(async () => {
    await many.cleanup();
    await single.cleanup();
  });

  it('writes the same result file as one writeBack per document, and reports errors by position', async () => {
    const documents = await pulledSample(many);
    expect(documents.length).toBeGreaterThan(3);
    const items = documents.map(item);
    const notCsv: WriteBackItem = {
      document: { id: 'x', erpId: 'not-a-csv-document', raw: { something: 'else' } },
      outcome: items[0].outcome,
    };
    const results = await many.connector.writeBackMany([...items.slice(0, 2), notCsv, ...items.slice(2)]);

    expect(results).toHaveLength(items.length + 1);
    expect(results[2]).toBeInstanceOf(ConnectorError);
    expect(results[2]?.errorClass).toBe('system');
    expect(results.filter((result) => result === undefined)).toHaveLength(items.length);

    const singleDocuments = await pulledSample(single);
    for (const [index, document] of singleDocuments.entries()) {
      const { outcome } = item(document, index);
      await single.connector.writeBack(
        { id: String(index), erpId: document.erpId, raw: document.raw },
        outcome,
      );
    }
    const fromMany = await readFile(many.connector.resultFilePath('sales-2026-11.csv'), 'utf8');
    const fromSingle = await readFile(single.connector.resultFilePath('sales-2026-11.csv'), 'utf8');
    // QR image paths differ by data directory only.
    const withoutDataDir = (text: string, dataDir: string): string => text.split(dataDir).join('<data>');
    expect(withoutDataDir(fromMany, many.dataDir)).toBe(withoutDataDir(fromSingle, single.dataDir));

    const records: Record<string, string>[] = parse(fromMany, { columns: true, bom: true });
    expect(records.filter((record) => /^[0-9a-f]{64}$/.test(record.Irn)).length).toBeGreaterThan(0);
    expect(records.some((record) => record.ErrorCode === '2172')).toBe(true);
    expect(records.filter((record) => record.QrPngPath.endsWith('.png')).length).toBeGreaterThan(0);
  });
});
