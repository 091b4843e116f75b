/**
 * Two workers can hold overlapping batches of submissions: a pull's or webhook's batch job and the
 * sweep's per-submission jobs for the same waiting rows. Their batch moves (one UPDATE over many rows)
 * must lock the rows in one order; in the order of each batch's own list, two lists that cross
 * deadlock, and PostgreSQL aborts one worker's whole transaction (seen in the two-worker load run).
 */
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source';
import { migrateDatabase } from '../../src/app-schema';
import { SubmissionRepository } from '../../src/database/repositories/submission.repository';
import { SubmissionState } from '../../src/domain';
import { insertReceivedSubmissions } from '../support/received-submissions';
import { createMigratedTestDatabase } from '../support/test-database';

const ROWS = 400;
const ROUNDS = 8;

describe('SubmissionRepository batch moves: overlapping batches in crossing orders', () => {
  let drop: () => Promise<void>;
  let dataSource: DataSource;
  let repository: SubmissionRepository;

  beforeAll(async () => {
    const created = await createMigratedTestDatabase('batch_move_lock_order');
    drop = created.drop;
    await migrateDatabase(created.url);
    dataSource = await new DataSource(dataSourceOptions(created.url, 4)).initialize();
    repository = new SubmissionRepository(dataSource);
    await insertReceivedSubmissions(dataSource, ROWS);
  });
  afterAll(async () => {
    await dataSource.destroy();
    await drop();
  });

  it('moves every row once and never deadlocks', async () => {
    const ids = (await dataSource.query<{ id: string }[]>(`SELECT id FROM submission`)).map((row) => row.id);
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const from = round % 2 === 0 ? SubmissionState.Received : SubmissionState.Ready;
      const to = round % 2 === 0 ? SubmissionState.Ready : SubmissionState.Received;
      // Each worker's batch in its own transaction, as the processor records a batch; one list is
      // the other reversed, both taking some time after the move, as the rest of a batch's statements do.
      const move = (order: readonly string[]) =>
        dataSource.transaction(async (m) => {
          const moved = await repository.transitionManyIds(
            order.map((id) => ({ id, patch: { errorMessage: `round ${round}` } })),
            [from],
            to,
            m,
          );
          await m.query('SELECT pg_sleep(0.05)');
          return moved;
        });
      const results = await Promise.allSettled([move(ids), move([...ids].reverse())]);
      const moved = new Set<string>();
      for (const result of results) {
        if (result.status === 'rejected') failures.push(String((result.reason as Error).message));
        else for (const id of result.value) moved.add(id);
      }
      expect(failures).toEqual([]);
      // Whichever got each row first moved it; the other found it moved already (compare-and-set).
      expect(moved.size).toBe(ROWS);
      const counts = await dataSource.query<{ state: string; n: string }[]>(
        `SELECT state, count(*) AS n FROM submission GROUP BY state`,
      );
      expect(counts).toEqual([{ state: to, n: String(ROWS) }]);
    }
  });
});
