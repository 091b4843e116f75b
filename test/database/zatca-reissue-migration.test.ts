import { Client } from 'pg';
import { migrateDatabase } from '../../src/app-schema';
import { ZatcaReissue1764115200000 } from '../../src/regimes/sa-zatca/storage/migrations/1764115200000-ZatcaReissue';
import { createTestDatabase } from '../support/test-database';

describe('ZatcaReissue1764115200000 migration', () => {
  let drop: () => Promise<void>;
  let db: Client;
  const migration = new ZatcaReissue1764115200000();
  const runner = {
    query: async (sql: string, params?: unknown[]) => (await db.query(sql, params)).rows,
  } as never;

  beforeAll(async () => {
    const created = await createTestDatabase('zatca_reissue_migration');
    drop = created.drop;
    await migrateDatabase(created.url);
    db = new Client({ connectionString: created.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await drop();
  });

  const primaryKey = async (): Promise<string> => {
    const { rows } = await db.query<{ definition: string }>(
      `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = 'zatca_signed_invoice_pkey'`,
    );
    return rows[0].definition;
  };

  async function newSubmission(erpId: string): Promise<string> {
    const instance = await db.query<{ id: string }>(
      `INSERT INTO connector_instance (name, kind) VALUES ('jeddah', 'csv')
       ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind RETURNING id`,
    );
    const document = await db.query<{ id: string }>(
      `INSERT INTO document (connector_instance_id, erp_id, direction, content_hash)
       VALUES ($1, $2, 'sales', 'h') RETURNING id`,
      [instance.rows[0].id, erpId],
    );
    const submission = await db.query<{ id: string }>(
      `INSERT INTO submission (document_id, regime, state) VALUES ($1, 'sa-zatca', 'REJECTED') RETURNING id`,
      [document.rows[0].id],
    );
    return submission.rows[0].id;
  }

  it('makes invoices signed before it generation 0 of their submission, keyed by (submission, generation)', async () => {
    await migration.down(runner);
    expect(await primaryKey()).toBe('PRIMARY KEY (submission_id)');
    const legacy = await newSubmission('legacy');
    await db.query(
      `INSERT INTO zatca_signed_invoice (submission_id, egs_unit_id, icv, pih, uuid, invoice_hash, signed_xml)
       VALUES ($1, 'egs-1', 1, 'pih', 'uuid-legacy', 'hash-1', '<Invoice/>')`,
      [legacy],
    );

    await migration.up(runner);

    expect(await primaryKey()).toBe('PRIMARY KEY (submission_id, generation)');
    const { rows } = await db.query(
      `SELECT generation, rejected_at, rejection, superseded_at FROM zatca_signed_invoice WHERE submission_id = $1`,
      [legacy],
    );
    expect(rows).toEqual([{ generation: 0, rejected_at: null, rejection: null, superseded_at: null }]);
    // its re-issue, once it is rejected and superseded, is stored beside it
    await db.query(
      `UPDATE zatca_signed_invoice SET rejected_at = now(), rejection = '{"code":"BR-KSA-42"}', superseded_at = now()
        WHERE submission_id = $1`,
      [legacy],
    );
    await db.query(
      `INSERT INTO zatca_signed_invoice (submission_id, generation, egs_unit_id, icv, pih, uuid, invoice_hash, signed_xml)
       VALUES ($1, 1, 'egs-1', 2, 'hash-1', 'uuid-legacy-1', 'hash-2', '<Invoice/>')`,
      [legacy],
    );
    const count = await db.query(
      `SELECT count(*)::int AS n FROM zatca_signed_invoice WHERE submission_id = $1`,
      [legacy],
    );
    expect(count.rows[0].n).toBe(2);
  });

  it('marks invoices whose rejection was recorded before it (on the submission only) as rejected', async () => {
    await db.query(`DELETE FROM zatca_signed_invoice`);
    await migration.down(runner);
    const signedRow = async (submissionId: string, icv: number) =>
      db.query(
        `INSERT INTO zatca_signed_invoice (submission_id, egs_unit_id, icv, pih, uuid, invoice_hash, signed_xml)
         VALUES ($1, 'egs-2', $2, 'pih', $3, 'hash', '<Invoice/>')`,
        [submissionId, icv, `uuid-${submissionId}`],
      );
    const [notCleared, notReported, lost, cleared] = [
      await newSubmission('not-cleared'),
      await newSubmission('not-reported'),
      await newSubmission('lost-answer'),
      await newSubmission('cleared'),
    ];
    await db.query(
      `UPDATE submission SET error_class = 'rejected', error_code = 'BR-KSA-42', error_message = 'buyer name'
        WHERE id = $1`,
      [notCleared],
    );
    await db.query(
      `UPDATE submission SET state = 'WRITTEN_BACK', zatca_status = 'NOT_REPORTED', error_class = 'rejected',
              error_code = 'invalid-qr-code', error_message = 'QR' WHERE id = $1`,
      [notReported],
    );
    await db.query(
      `UPDATE submission SET error_class = 'unknown-outcome', error_message = 'gave up' WHERE id = $1`,
      [lost],
    );
    await db.query(`UPDATE submission SET state = 'WRITTEN_BACK', zatca_status = 'CLEARED' WHERE id = $1`, [
      cleared,
    ]);
    for (const [i, id] of [notCleared, notReported, lost, cleared].entries()) await signedRow(id, i + 1);

    await migration.up(runner);

    const { rows } = await db.query<{ submission_id: string; rejection: unknown; rejected: boolean }>(
      `SELECT submission_id, rejection, rejected_at IS NOT NULL AS rejected FROM zatca_signed_invoice`,
    );
    const byId = new Map(rows.map((row) => [row.submission_id, row]));
    expect(byId.get(notCleared)).toMatchObject({
      rejected: true,
      rejection: { code: 'BR-KSA-42', message: 'buyer name' },
    });
    expect(byId.get(notReported)).toMatchObject({ rejected: true, rejection: { code: 'invalid-qr-code' } });
    // an unknown outcome is resent, never re-issued; a cleared invoice is no rejection
    expect(byId.get(lost)).toMatchObject({ rejected: false, rejection: null });
    expect(byId.get(cleared)).toMatchObject({ rejected: false, rejection: null });
  });

  it('refuses to be undone while re-issued invoices are stored, keeping every signed invoice', async () => {
    const [rejected] = (
      await db.query<{ submission_id: string }>(
        `SELECT submission_id FROM zatca_signed_invoice WHERE rejected_at IS NOT NULL LIMIT 1`,
      )
    ).rows;
    await db.query(`UPDATE zatca_signed_invoice SET superseded_at = now() WHERE submission_id = $1`, [
      rejected.submission_id,
    ]);
    await db.query(
      `INSERT INTO zatca_signed_invoice (submission_id, generation, egs_unit_id, icv, pih, uuid, invoice_hash, signed_xml)
       VALUES ($1, 1, 'egs-2', 10, 'hash', 'uuid-reissued', 'hash-10', '<Invoice/>')`,
      [rejected.submission_id],
    );
    const before = (await db.query(`SELECT count(*)::int AS n FROM zatca_signed_invoice`)).rows[0].n;

    await expect(migration.down(runner)).rejects.toThrow('re-issued invoices are stored');

    expect(await primaryKey()).toBe('PRIMARY KEY (submission_id, generation)');
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM zatca_signed_invoice`);
    expect(rows[0].n).toBe(before);
  });
});
