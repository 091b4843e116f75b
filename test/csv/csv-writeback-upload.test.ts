import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { SourceDocument, WriteBackOutcome } from '../../src/connectors/contract';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { CsvConnectorConfig, CsvConnectorFactory, RESULT_COLUMNS } from '../../src/connectors/csv';
import { SUPPLIER_TN, BUYER_MH, withWrongCheckDigit } from '../../src/connectors/csv/__fixtures__/gstins';
import { SAMPLES_DIR, SAMPLE_INBOX_FILE, type TestInstance, createInstance, pullAll } from './csv-test-kit';

function registered(document: SourceDocument, index: number): WriteBackOutcome {
  return {
    regime: 'in-einvoice',
    state: 'REGISTERED',
    identifiers: {
      irn: createHash('sha256').update(document.erpId).digest('hex'),
      ackNo: String(112610000000000 + index),
      ackDate: '2026-11-21 10:15:00',
      signedQrCode: `eyJhbGciOiJSUzI1NiJ9.${index}.sig`,
      qrPngPath: `/data/qr/${index}.png`,
    },
  };
}

describe('CSV connector: write-back result files', () => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await createInstance();
  });
  afterEach(() => instance.cleanup());

  it('writes a complete, well-quoted result CSV under concurrent write-backs', async () => {
    const { connector } = instance;
    await copyFile(SAMPLE_INBOX_FILE, join(connector.directories.inbox, 'sales-2026-11.csv'));
    const [batch] = await pullAll(connector);
    const documents = batch.documents;
    const rejected = documents[3];
    await Promise.all(
      documents.map((document, index) =>
        connector.writeBack(
          { id: String(index), erpId: document.erpId, raw: document.raw },
          document === rejected
            ? {
                regime: 'in-einvoice',
                state: 'REJECTED',
                identifiers: {},
                error: {
                  errorClass: 'rejected',
                  code: '2172',
                  message: 'Invalid HSN code, "998717"; check, then retry',
                },
              }
            : registered(document, index),
        ),
      ),
    );
    // A second regime writes to the same rows later.
    await connector.writeBack(
      { id: '1', erpId: documents[1].erpId, raw: documents[1].raw },
      {
        regime: 'in-ewaybill',
        state: 'REGISTERED',
        identifiers: { ewbNo: '381001234567', ewbValidUpto: '2026-11-23 23:59:00' },
      },
    );

    expect(await readdir(connector.directories.outbox)).toEqual(['sales-2026-11.csv.result.csv']);
    const text = await readFile(connector.resultFilePath('sales-2026-11.csv'), 'utf8');
    const records: string[][] = parse(text);
    const input: string[][] = parse(await readFile(SAMPLE_INBOX_FILE, 'utf8'));
    expect(records[0]).toEqual([...input[0], ...RESULT_COLUMNS]);
    expect(records).toHaveLength(input.length);
    records.slice(1).forEach((record, index) => {
      expect(record).toHaveLength(records[0].length);
      // Input cells (commas in addresses included) come back exactly.
      expect(record.slice(0, input[0].length)).toEqual(input[index + 1]);
      expect(record[input[0].length]).toBe(String(index + 2));
    });
    const byRow = (rowNumber: number) =>
      Object.fromEntries(records[0].map((column, i) => [column, records[rowNumber - 1][i]]));
    expect(byRow(2)).toMatchObject({
      Status: 'in-einvoice: REGISTERED',
      AckNo: '112610000000000',
      QrPngPath: '/data/qr/0.png',
    });
    expect(byRow(2).Irn).toMatch(/^[0-9a-f]{64}$/);
    expect(byRow(4)).toMatchObject({
      Status: 'in-einvoice: REGISTERED; in-ewaybill: REGISTERED',
      EwbNo: '381001234567',
      EwbValidUpto: '2026-11-23 23:59:00',
    });
    const rejectedRow = (rejected.raw as { rows: { rowNumber: number }[] }).rows[0].rowNumber;
    expect(byRow(rejectedRow)).toMatchObject({
      Status: 'in-einvoice: REJECTED',
      Irn: '',
      ErrorClass: 'rejected',
      ErrorCode: '2172',
      ErrorMessage: 'in-einvoice: Invalid HSN code, "998717"; check, then retry',
    });
    expect(text).toContain('"in-einvoice: Invalid HSN code, ""998717""; check, then retry"');
  });

  it('refuses a document without CSV rows as a system error', async () => {
    await expect(
      instance.connector.writeBack(
        { id: '1', erpId: 'x' },
        { regime: 'in-einvoice', state: 'REGISTERED', identifiers: {} },
      ),
    ).rejects.toMatchObject({ name: 'ConnectorError', errorClass: 'system' });
  });
});

describe('CSV connector: uploads, watching and health', () => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await createInstance({ pollIntervalMs: 200 });
  });
  afterEach(() => instance.cleanup());

  it('stores uploads atomically under a safe name and returns the content hash', async () => {
    const { connector } = instance;
    const content = await readFile(SAMPLE_INBOX_FILE);
    const stored = await connector.upload('../../etc/November sales.csv', content);
    expect(stored).toEqual({
      fileName: 'November sales.csv',
      contentHash: createHash('sha256').update(content).digest('hex'),
    });
    expect(await readdir(connector.directories.inbox)).toEqual(['November sales.csv']);
    // The same name with other content does not overwrite the waiting file, and says what it is stored as.
    const other = Buffer.from(content.toString('utf8').replace('DFT/2627/0451', 'DFT/2627/0999'));
    const otherStored = await connector.upload('November sales.csv', other);
    expect(otherStored.fileName).toBe(`November sales-${otherStored.contentHash.slice(0, 8)}.csv`);
    expect((await readdir(connector.directories.inbox)).sort()).toEqual([
      otherStored.fileName,
      'November sales.csv',
    ]);
    // An upload without the extension gets it, so the pull picks it up.
    await connector.upload('export', Buffer.from('InvoiceNo\n'));
    expect(await readdir(connector.directories.inbox)).toContain('export.csv');
    const batches = await pullAll(connector);
    expect(batches).toHaveLength(3);
  });

  it('tells a watcher about new files', async () => {
    const { connector } = instance;
    const seen: string[] = [];
    const stop = connector.watch((name) => seen.push(name));
    await connector.upload('late.csv', Buffer.from('InvoiceNo\n'));
    for (let i = 0; i < 50 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    stop();
    expect(seen).toEqual(['late.csv']);
  });

  it('checks directories and profiles, and the factory builds instances of kind csv', async () => {
    expect(await instance.connector.check()).toMatchObject({ ok: true });
    const factory = new CsvConnectorFactory();
    expect(factory.kind).toBe('csv');
    const misconfigured = factory.create(
      'bad',
      Object.assign(new factory.configClass(), { profile: 'no-such-profile' }),
      { dataDir: instance.dataDir, log: { info: () => undefined, warn: () => undefined } },
    );
    expect(misconfigured.kind).toBe('csv');
    const result = await misconfigured.check();
    expect(result.ok).toBe(false);
    expect(result.message).toContain('no-such-profile');
  });
});

describe('CSV connector: configuration', () => {
  it('validates the example instance settings the way the registry does', () => {
    const config = plainToInstance(
      CsvConnectorConfig,
      { profile: 'india-b2b-lines', seedFrom: 'config/samples/inbox' },
      { exposeDefaultValues: true },
    );
    expect(validateSync(config, { whitelist: true, forbidNonWhitelisted: true })).toEqual([]);
    expect(config).toMatchObject({
      pollIntervalMs: 5000,
      filePattern: '*.csv',
      purchaseProfile: 'india-purchases',
    });
    const bad = plainToInstance(CsvConnectorConfig, {
      filePattern: 'sub/*.csv',
      pollIntervalMs: 5,
      extra: 1,
    });
    const problems = validateSync(bad, { whitelist: true, forbidNonWhitelisted: true }).map(
      (e) => e.property,
    );
    expect(problems.sort()).toEqual(['extra', 'filePattern', 'pollIntervalMs']);
  });

  it('seeds the inbox once from seedFrom', async () => {
    const seeded = await createInstance({ seedFrom: join(SAMPLES_DIR, 'inbox') });
    try {
      const first = await pullAll(seeded.connector);
      expect(first.map((b) => b.documents.length)).toEqual([12]);
      expect(await pullAll(seeded.connector)).toEqual([]);
    } finally {
      await seeded.cleanup();
    }
  });

  it('seeds on a later pull when the first seeding could not write (the disk full, then space back)', async () => {
    const seeded = await createInstance({ seedFrom: join(SAMPLES_DIR, 'inbox') });
    const inbox = seeded.connector.directories.inbox;
    try {
      await rm(inbox, { recursive: true });
      await writeFile(inbox, ''); // nothing can be written under it
      await expect(pullAll(seeded.connector)).rejects.toThrow();
      await rm(inbox);
      await mkdir(inbox);
      const later = await pullAll(seeded.connector);
      expect(later.map((b) => b.documents.length)).toEqual([12]);
    } finally {
      await seeded.cleanup();
    }
  });
});

describe('CSV connector: purchase register', () => {
  let instance: TestInstance;
  beforeEach(async () => {
    instance = await createInstance();
  });
  afterEach(() => instance.cleanup());

  it('reads supplier bills in the period, summing rows of one bill, keeping bad rows with their field errors', async () => {
    const { connector } = instance;
    const register = [
      'VoucherNo,SupplierGSTIN,SupplierName,BillNo,BillDate,DocType,TaxableValue,IGST,CGST,SGST,Cess,BillTotal',
      `PUR-101,${SUPPLIER_TN},Sriperumbudur Motors,SM/2627/884,04-11-2026,Invoice,10000.00,1800.00,,,,11800.00`,
      `PUR-102,${BUYER_MH},Pune Precision,PPE-5521,06-11-2026,Invoice,5000.00,900.00,,,,5900.00`,
      `PUR-102,${BUYER_MH},Pune Precision,PPE-5521,06-11-2026,Invoice,2000.00,100.00,,,,2100.00`,
      `PUR-103,${BUYER_MH},Pune Precision,PPE-CN-12,10-11-2026,Credit Note,500.00,90.00,,,,590.00`,
      `PUR-104,${withWrongCheckDigit(SUPPLIER_TN)},Bad Supplier,X-1,11-11-2026,Invoice,100.00,18.00,,,,118.00`,
      `PUR-105,${SUPPLIER_TN},Sriperumbudur Motors,SM/2627/999,02-12-2026,Invoice,100.00,18.00,,,,118.00`,
    ].join('\n');
    await writeFile(join(connector.directories.purchases, 'purchases-2026-11.csv'), register);

    const records = [];
    for await (const batch of connector.pullPurchases({ from: '2026-11-01', to: '2026-11-30' }))
      records.push(...batch);
    expect(records).toEqual([
      expect.objectContaining({
        erpId: 'india-purchases:PUR-101',
        supplierGstin: SUPPLIER_TN,
        billNumber: 'SM/2627/884',
        billDate: '2026-11-04',
        documentType: 'INV',
        taxableValue: '10000.00',
        igst: '1800.00',
        cgst: '0.00',
        total: '11800.00',
      }),
      expect.objectContaining({
        billNumber: 'PPE-5521',
        taxableValue: '7000.00',
        igst: '1000.00',
        total: '8000.00',
      }),
      expect.objectContaining({ billNumber: 'PPE-CN-12', documentType: 'CRN', total: '590.00' }),
      // A bill it cannot read is kept, with why, so reconciliation shows every purchase the books hold.
      {
        erpId: 'india-purchases:PUR-104',
        supplierGstin: withWrongCheckDigit(SUPPLIER_TN),
        supplierName: 'Bad Supplier',
        billNumber: 'X-1',
        billDate: '2026-11-11',
        documentType: 'INV',
        taxableValue: '0',
        igst: '0',
        cgst: '0',
        sgst: '0',
        cess: '0',
        total: '0',
        fieldErrors: [expect.objectContaining({ path: 'rows[6].SupplierGSTIN', rule: 'gstin.checkDigit' })],
      },
    ]);
    expect(instance.warnings).toEqual([]);
    // Purchase files stay where they are: reconciliation reads them again next period.
    expect(await readdir(connector.directories.purchases)).toEqual(['purchases-2026-11.csv']);
  });
});
