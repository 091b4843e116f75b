import type { DataSource } from 'typeorm';
import { createZatcaTestDatabase, type ZatcaTestDatabase } from './support/zatca-pg-database';

const ZATCA_TABLES = ['egs_unit', 'zatca_chain', 'zatca_signed_invoice'];

describe('ZatcaChain1763856000000 migration', () => {
  let db: ZatcaTestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createZatcaTestDatabase('zatca_migration');
    dataSource = await db.connect(2);
  });
  afterAll(async () => {
    await db.close();
  });

  const tables = async (): Promise<string[]> => {
    const rows: { table_name: string }[] = await dataSource.query(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_name = ANY($1) ORDER BY table_name`,
      [ZATCA_TABLES],
    );
    return rows.map((row) => row.table_name);
  };

  const applied = async (name: string): Promise<boolean> => {
    const rows: unknown[] = await dataSource.query(`SELECT 1 FROM migrations WHERE name = $1`, [name]);
    return rows.length > 0;
  };

  it('creates the ZATCA tables, and down() removes them so up() can run again', async () => {
    expect(await tables()).toEqual(ZATCA_TABLES);
    // Later migrations first, then this one.
    while (await applied('ZatcaChain1763856000000')) {
      await dataSource.undoLastMigration({ transaction: 'each' });
    }
    expect(await tables()).toEqual([]);
    const indexes: unknown[] = await dataSource.query(
      `SELECT 1 FROM pg_indexes WHERE indexname = 'submission_zatca_pending'`,
    );
    expect(indexes).toEqual([]);
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await tables()).toEqual(ZATCA_TABLES);
  });

  it('refuses a second invoice in the same chain slot of a unit', async () => {
    const insert = (submissionId: string, uuid: string) =>
      dataSource.query(
        `INSERT INTO zatca_signed_invoice (submission_id, egs_unit_id, icv, pih, uuid, invoice_hash, signed_xml)
         VALUES ($1, 'egs-x', 1, 'pih', $2, 'hash', '<Invoice/>')`,
        [submissionId, uuid],
      );
    const [instance]: { id: string }[] = await dataSource.query(
      `INSERT INTO connector_instance (name, kind) VALUES ('m', 'csv') RETURNING id`,
    );
    const submissions: string[] = [];
    for (const erpId of ['A', 'B']) {
      const [doc]: { id: string }[] = await dataSource.query(
        `INSERT INTO document (connector_instance_id, erp_id, direction, content_hash) VALUES ($1, $2, 'sales', 'h') RETURNING id`,
        [instance.id, erpId],
      );
      const [sub]: { id: string }[] = await dataSource.query(
        `INSERT INTO submission (document_id, regime, state) VALUES ($1, 'sa-zatca', 'READY') RETURNING id`,
        [doc.id],
      );
      submissions.push(sub.id);
    }
    await insert(submissions[0], 'uuid-a');
    await expect(insert(submissions[1], 'uuid-b')).rejects.toThrow(/zatca_signed_invoice_egs_icv/);
  });
});
