/**
 * A regime's scheduled job walks all of its registrations page by page (the e-way bill expiry check)
 * while write-backs, operators and other workers change them. The walk by id sees each one once: the
 * earlier walk by offset over "latest change first" saw a row changed during the walk twice (a bill
 * extended twice) and skipped one when another left the walk's states (a bill never checked).
 */
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source';
import { migrateDatabase } from '../../src/app-schema';
import { SubmissionRepository } from '../../src/database/repositories/submission.repository';
import { createMigratedTestDatabase } from '../support/test-database';

const ROWS = 1_050;
const PAGE = 100;
const ACTIVE = ['REGISTERED', 'WRITEBACK_PENDING', 'WRITTEN_BACK'];

describe('SubmissionRepository.pageById: a walk that sees each row once while rows change', () => {
  let drop: () => Promise<void>;
  let dataSource: DataSource;
  let repository: SubmissionRepository;
  const instances: Record<string, string> = {};

  beforeAll(async () => {
    const created = await createMigratedTestDatabase('page_by_id');
    drop = created.drop;
    await migrateDatabase(created.url);
    dataSource = await new DataSource(dataSourceOptions(created.url, 2)).initialize();
    repository = new SubmissionRepository(dataSource);
    for (const name of ['north', 'south']) {
      const [row] = await dataSource.query<{ id: string }[]>(
        `INSERT INTO connector_instance (name, kind) VALUES ($1, 'webhook') RETURNING id`,
        [name],
      );
      instances[row.id] = name;
    }
  });
  afterAll(async () => {
    await dataSource.destroy();
    await drop();
  });

  /** ROWS active e-way bill registrations over both instances, and rows the walk must not see. */
  async function seed(): Promise<void> {
    await dataSource.query(`DELETE FROM submission`);
    await dataSource.query(`DELETE FROM document`);
    const [north, south] = Object.keys(instances);
    await dataSource.query(
      `INSERT INTO document (connector_instance_id, erp_id, direction, content_hash)
       SELECT CASE WHEN n % 3 = 0 THEN $1::uuid ELSE $2::uuid END, 'SO/' || n, 'sales', 'h' || n
         FROM generate_series(1, $3::int) AS n`,
      [north, south, ROWS + 20],
    );
    await dataSource.query(
      `INSERT INTO submission (document_id, regime, state, attempts, identifiers, updated_at)
       SELECT d.id,
              CASE WHEN n > $1::int + 10 THEN 'in-einvoice' ELSE 'in-ewaybill' END,
              CASE WHEN n BETWEEN $1::int + 1 AND $1::int + 10 THEN 'CANCELLED'
                   ELSE (ARRAY['REGISTERED', 'WRITEBACK_PENDING', 'WRITTEN_BACK'])[1 + n % 3] END,
              0, jsonb_build_object('ewbNo', (100000000000 + n)::text),
              now() - make_interval(secs => n)
         FROM (SELECT id, substring(erp_id from 4)::int AS n FROM document) d`,
      [ROWS],
    );
  }

  const filter = { regime: 'in-ewaybill', states: ACTIVE };

  /** After each page: one row already seen and one not yet seen are changed, and one unseen row leaves. */
  async function changeDuring(seen: ReadonlySet<string>): Promise<string[]> {
    const rows = await dataSource.query<{ id: string }[]>(
      `SELECT id FROM submission WHERE regime = 'in-ewaybill' AND state = ANY($1) ORDER BY random()`,
      [ACTIVE],
    );
    const seenOne = rows.find((row) => seen.has(row.id));
    const unseen = rows.filter((row) => !seen.has(row.id)).slice(0, 2);
    const touched = [seenOne, unseen[0]].filter((row) => row !== undefined).map((row) => row.id);
    await dataSource.query(`UPDATE submission SET updated_at = now() WHERE id = ANY($1)`, [touched]);
    const left = unseen[1]?.id;
    if (left) await dataSource.query(`UPDATE submission SET state = 'CANCELLED' WHERE id = $1`, [left]);
    return left ? [left] : [];
  }

  it('walks by id: every row once, the ones that left excepted, each with its instance', async () => {
    await seed();
    const before = await dataSource.query<{ id: string; ci: string }[]>(
      `SELECT s.id, d.connector_instance_id AS ci FROM submission s JOIN document d ON d.id = s.document_id
        WHERE s.regime = 'in-ewaybill' AND s.state = ANY($1)`,
      [ACTIVE],
    );
    expect(before).toHaveLength(ROWS);
    const instanceOf = new Map(before.map((row) => [row.id, row.ci]));
    const seen: string[] = [];
    const left = new Set<string>();
    for (let after: string | undefined; ;) {
      const page = await repository.pageById(filter, after, PAGE);
      for (const { submission, connectorInstanceId } of page) {
        seen.push(submission.id);
        expect(connectorInstanceId).toBe(instanceOf.get(submission.id));
        expect(submission.identifiers.ewbNo).toMatch(/^1\d{11}$/);
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1].submission.id;
      for (const id of await changeDuring(new Set(seen))) left.add(id);
    }
    expect(new Set(seen).size).toBe(seen.length);
    const stayed = before.map((row) => row.id).filter((id) => !left.has(id));
    expect(stayed.filter((id) => !seen.includes(id))).toEqual([]);
    expect(left.size).toBeGreaterThan(5);
  });

  it('filters by connector instance like list', async () => {
    await seed();
    const [north] = Object.keys(instances);
    const page = await repository.pageById({ ...filter, connectorInstanceId: north }, undefined, ROWS);
    const listed = await repository.list({ ...filter, connectorInstanceId: north, limit: ROWS, offset: 0 });
    expect(page.length).toBe(listed.total);
    expect(new Set(page.map((row) => row.submission.id))).toEqual(new Set(listed.items.map((s) => s.id)));
    expect(page.every((row) => row.connectorInstanceId === north)).toBe(true);
  });

  it('the walk by offset over list repeats or skips rows under the same changes (why pageById exists)', async () => {
    await seed();
    const seen: string[] = [];
    const left = new Set<string>();
    for (let offset = 0; ; offset += PAGE) {
      const { items } = await repository.list({ ...filter, limit: PAGE, offset });
      seen.push(...items.map((s) => s.id));
      if (items.length < PAGE) break;
      for (const id of await changeDuring(new Set(seen))) left.add(id);
    }
    const stayedUnseen = (
      await dataSource.query<{ id: string }[]>(
        `SELECT id FROM submission WHERE regime = 'in-ewaybill' AND state = ANY($1)`,
        [ACTIVE],
      )
    ).filter((row) => !seen.includes(row.id));
    const repeated = seen.length - new Set(seen).size;
    expect(repeated + stayedUnseen.length).toBeGreaterThan(0);
  });
});
