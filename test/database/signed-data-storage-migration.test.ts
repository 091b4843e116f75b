import { Client } from 'pg';
import { migrateDatabase } from '../../src/app-schema';
import { SignedDataStorage1764028800000 } from '../../src/database/migrations/1764028800000-SignedDataStorage';
import { createTestDatabase } from '../support/test-database';

/** attstorage per column: 'x' extended (compressed when large), 'e' external (never compressed). */
async function storage(db: Client): Promise<Record<string, string>> {
  const { rows } = await db.query<{ attname: string; attstorage: string }>(
    `SELECT attname, attstorage FROM pg_attribute
      WHERE attrelid = 'submission'::regclass AND attname IN ('response', 'identifiers', 'signed_qr', 'request_payload')`,
  );
  return Object.fromEntries(rows.map((row) => [row.attname, row.attstorage]));
}

describe('SignedDataStorage1764028800000 migration', () => {
  let drop: () => Promise<void>;
  let db: Client;

  beforeAll(async () => {
    const created = await createTestDatabase('signed_storage');
    drop = created.drop;
    await migrateDatabase(created.url);
    db = new Client({ connectionString: created.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await drop();
  });

  it('stores signed data uncompressed out of line, leaves the request payload compressible, and reverts', async () => {
    expect(await storage(db)).toEqual({
      response: 'e',
      identifiers: 'e',
      signed_qr: 'e',
      request_payload: 'x',
    });
    // A registration's answer goes in and comes out unchanged.
    const signed = 'eyJhbGciOiJSUzI1NiJ9.' + 'QUJD'.repeat(2000) + '.c2ln';
    const instance = await db.query<{ id: string }>(
      `INSERT INTO connector_instance (name, kind) VALUES ('books', 'csv') RETURNING id`,
    );
    const document = await db.query<{ id: string }>(
      `INSERT INTO document (connector_instance_id, erp_id, direction, content_hash)
       VALUES ($1, 'doc-1', 'sales', 'h') RETURNING id`,
      [instance.rows[0].id],
    );
    await db.query(
      `INSERT INTO submission (document_id, regime, state, response) VALUES ($1, 'in-einvoice', 'REGISTERED', $2)`,
      [document.rows[0].id, { SignedInvoice: signed }],
    );
    const stored = await db.query<{ response: { SignedInvoice: string }; compressed: string | null }>(
      `SELECT response, pg_column_compression(response) AS compressed FROM submission`,
    );
    expect(stored.rows[0].response.SignedInvoice).toBe(signed);
    expect(stored.rows[0].compressed).toBeNull();

    const runner = { query: (sql: string) => db.query(sql) };
    await new SignedDataStorage1764028800000().down(runner as never);
    expect(await storage(db)).toEqual({
      response: 'x',
      identifiers: 'x',
      signed_qr: 'x',
      request_payload: 'x',
    });
    await new SignedDataStorage1764028800000().up(runner as never);
    expect((await storage(db)).response).toBe('e');
  });
});
