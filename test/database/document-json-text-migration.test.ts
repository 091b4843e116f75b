import { DataSource } from 'typeorm';
import type { CanonicalInvoice } from '../../src/domain/canonical-invoice';
import { dataSourceOptions } from '../../src/database/data-source';
import { migrateDatabase } from '../../src/app-schema';
import { DocumentJsonText1764288000000 } from '../../src/database/migrations/1764288000000-DocumentJsonText';
import { DocumentRepository } from '../../src/database/repositories/document.repository';
import { createTestDatabase } from '../support/test-database';

describe('DocumentJsonText1764288000000 migration', () => {
  let drop: () => Promise<void>;
  let dataSource: DataSource;
  let instanceId: string;

  beforeAll(async () => {
    const created = await createTestDatabase('document_json_text');
    drop = created.drop;
    await migrateDatabase(created.url);
    dataSource = await new DataSource(dataSourceOptions(created.url, 2)).initialize();
    const [instance] = await dataSource.query<{ id: string }[]>(
      `INSERT INTO connector_instance (name, kind) VALUES ('books', 'csv') RETURNING id`,
    );
    instanceId = instance.id;
  });
  afterAll(async () => {
    await dataSource.destroy();
    await drop();
  });

  async function columnTypes(): Promise<Record<string, string>> {
    const rows = await dataSource.query<{ column_name: string; data_type: string }[]>(
      `SELECT column_name, data_type FROM information_schema.columns
        WHERE table_name = 'document' AND column_name IN ('raw', 'canonical', 'overrides')`,
    );
    return Object.fromEntries(rows.map((row) => [row.column_name, row.data_type]));
  }

  it('stores raw and canonical as json text, as written, and reverts without losing them', async () => {
    expect(await columnTypes()).toEqual({ raw: 'json', canonical: 'json', overrides: 'jsonb' });
    const documents = new DocumentRepository(dataSource);
    // The ERP's keys in its own order, a duplicate-looking pair of cases and a nested list: kept as sent.
    const raw = { Zeta: '1', alpha: 'a', Alpha: 'A', rows: [{ Qty: '2.000' }] };
    const canonical = {
      documentNumber: 'INV-9',
      lines: [{ quantity: '2.000' }],
    } as unknown as CanonicalInvoice;
    const [withBoth, withNone] = await documents.insertMany(
      [
        {
          connectorInstanceId: instanceId,
          erpId: 'INV-9',
          direction: 'sales',
          contentHash: 'h',
          raw,
          canonical,
        },
        { connectorInstanceId: instanceId, erpId: 'INV-10', direction: 'sales', contentHash: 'h', raw: null },
      ],
      dataSource.manager,
    );
    const [text] = await dataSource.query<{ raw: string; canonical: string }[]>(
      `SELECT raw::text AS raw, canonical::text AS canonical FROM document WHERE id = $1`,
      [withBoth],
    );
    expect(text).toEqual({ raw: JSON.stringify(raw), canonical: JSON.stringify(canonical) });
    const found = await documents.findByIds([withBoth, withNone]);
    expect(found.find((document) => document.id === withBoth)).toMatchObject({ raw, canonical });
    expect(found.find((document) => document.id === withNone)).toMatchObject({ raw: null, canonical: null });

    const runner = { query: (sql: string) => dataSource.query(sql) };
    await new DocumentJsonText1764288000000().down(runner as never);
    expect(await columnTypes()).toEqual({ raw: 'jsonb', canonical: 'jsonb', overrides: 'jsonb' });
    await new DocumentJsonText1764288000000().up(runner as never);
    expect(await columnTypes()).toEqual({ raw: 'json', canonical: 'json', overrides: 'jsonb' });
    expect((await documents.findByIds([withBoth]))[0]).toMatchObject({ raw, canonical });
  });
});
