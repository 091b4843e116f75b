import { isDeepStrictEqual } from 'node:util';
import { Client } from 'pg';
import { migrateDatabase } from '../../src/app-schema';
import { DocumentInlineStorage1764201600000 } from '../../src/database/migrations/1764201600000-DocumentInlineStorage';
import { createTestDatabase } from '../support/test-database';

/** A canonical invoice of `lines` lines, as JSON text of a realistic shape. */
function canonical(lines: number): Record<string, unknown> {
  return {
    documentNumber: 'INV/2026/000123',
    seller: { gstin: '29AAGCB1286Q000', legalName: 'Bengaluru Electronics Pvt Ltd' },
    lines: Array.from({ length: lines }, (_, i) => ({
      lineNumber: String(i + 1),
      description: `Item ${i + 1} - 27 inch monitor, matte, with stand`,
      hsnCode: '85285200',
      quantity: '2.000',
      unitPrice: '15000.000',
      taxableValue: '30000.00',
      igstAmount: '5400.00',
    })),
  };
}

describe('DocumentInlineStorage1764201600000 migration', () => {
  let drop: () => Promise<void>;
  let db: Client;
  let instanceId: string;

  beforeAll(async () => {
    const created = await createTestDatabase('document_inline_storage');
    drop = created.drop;
    await migrateDatabase(created.url);
    db = new Client({ connectionString: created.url });
    await db.connect();
    const instance = await db.query<{ id: string }>(
      `INSERT INTO connector_instance (name, kind) VALUES ('books', 'csv') RETURNING id`,
    );
    instanceId = instance.rows[0].id;
  });
  afterAll(async () => {
    await db.end();
    await drop();
  });

  /** Inserts a document whose raw and canonical are the same invoice; says how its values were stored. */
  async function insert(
    erpId: string,
    lines: number,
  ): Promise<{ compressed: string | null; intact: boolean }> {
    const value = canonical(lines);
    await db.query(
      `INSERT INTO document (connector_instance_id, erp_id, direction, content_hash, raw, canonical)
       VALUES ($1, $2, 'sales', 'h', $3, $3)`,
      [instanceId, erpId, value],
    );
    const { rows } = await db.query<{ compressed: string | null; canonical: unknown }>(
      `SELECT pg_column_compression(canonical) AS compressed, canonical FROM document WHERE erp_id = $1`,
      [erpId],
    );
    return {
      compressed: rows[0].compressed,
      intact: isDeepStrictEqual(rows[0].canonical, value),
    };
  }

  it('keeps a typical document inline and uncompressed, still compresses a large one, and reverts', async () => {
    // Eight lines: ~2.5 KB of JSON twice over, a row PostgreSQL would compress by default.
    expect(await insert('typical', 8)).toEqual({ compressed: null, intact: true });
    expect(await insert('large', 200)).toEqual({ compressed: 'pglz', intact: true });

    const runner = { query: (sql: string) => db.query(sql) };
    await new DocumentInlineStorage1764201600000().down(runner as never);
    expect(await insert('typical-before', 8)).toEqual({ compressed: 'pglz', intact: true });
    await new DocumentInlineStorage1764201600000().up(runner as never);
    expect(await insert('typical-after', 8)).toEqual({ compressed: null, intact: true });
  });
});
