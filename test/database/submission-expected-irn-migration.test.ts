import { Client } from 'pg';
import { migrateDatabase } from '../../src/app-schema';
import { SubmissionExpectedIrn1764374400000 } from '../../src/database/migrations/1764374400000-SubmissionExpectedIrn';
import { createTestDatabase } from '../support/test-database';

describe('SubmissionExpectedIrn1764374400000 migration', () => {
  let drop: () => Promise<void>;
  let db: Client;
  const migration = new SubmissionExpectedIrn1764374400000();
  const runner = {
    query: async (sql: string, params?: unknown[]) => (await db.query(sql, params)).rows,
  } as never;

  beforeAll(async () => {
    const created = await createTestDatabase('expected_irn_migration');
    drop = created.drop;
    await migrateDatabase(created.url);
    db = new Client({ connectionString: created.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await drop();
  });

  async function submission(erpId: string, irn: string, ackNo: string | null): Promise<string> {
    const instance = await db.query<{ id: string }>(
      `INSERT INTO connector_instance (name, kind) VALUES ('books', 'csv')
       ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind RETURNING id`,
    );
    const document = await db.query<{ id: string }>(
      `INSERT INTO document (connector_instance_id, erp_id, direction, content_hash)
       VALUES ($1, $2, 'sales', 'h') RETURNING id`,
      [instance.rows[0].id, erpId],
    );
    const row = await db.query<{ id: string }>(
      `INSERT INTO submission (document_id, regime, state, irn, ack_no, identifiers)
       VALUES ($1, 'in-einvoice', $2, $3, $4, $5) RETURNING id`,
      [
        document.rows[0].id,
        ackNo ? 'WRITTEN_BACK' : 'REJECTED',
        irn,
        ackNo,
        JSON.stringify(ackNo ? { irn, ackNo } : { irn }),
      ],
    );
    return row.rows[0].id;
  }

  it('moves an IRN the IRP never issued to expected_irn; a registered one stays, and is expected too', async () => {
    await migration.down(runner);
    const registered = await submission('registered', 'a'.repeat(64), '112610000000001');
    const mappedOnly = await submission('mapped-only', 'b'.repeat(64), null);

    await migration.up(runner);

    const { rows } = await db.query(
      `SELECT id, irn, expected_irn, identifiers FROM submission WHERE id = ANY($1::uuid[])`,
      [[registered, mappedOnly]],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(registered)).toMatchObject({
      irn: 'a'.repeat(64),
      expected_irn: 'a'.repeat(64),
      identifiers: { irn: 'a'.repeat(64), ackNo: '112610000000001' },
    });
    expect(byId.get(mappedOnly)).toMatchObject({ irn: null, expected_irn: 'b'.repeat(64), identifiers: {} });
  });
});
