import { Client } from 'pg';
import { SchedulerService } from '../../src/sync/scheduler.service';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';
import { migrateDatabase } from '../../src/app-schema';

describe('scheduler ticks on several instances sharing one database', () => {
  let a: TestApp;
  let b: TestApp;
  let drop: () => Promise<void>;
  let url: string;

  beforeAll(async () => {
    const db = await createMigratedTestDatabase('ticks');
    url = db.url;
    drop = db.drop;
    await migrateDatabase(url);
    // No worker role: the jobs stay queued so the test can count them. One master key for both, as for
    // any processes sharing a database.
    const options = {
      databaseUrl: url,
      roles: ['api', 'scheduler'],
      config: { security: { apiKeys: [TEST_API_KEY], encryptionKey: 'ab'.repeat(32) } },
      connectors: [
        { name: 'hook-one', kind: 'webhook', config: { secret: 'x'.repeat(32) } },
        { name: 'hook-two', kind: 'webhook', config: { secret: 'y'.repeat(32) } },
      ],
    };
    a = await startTestApp(options);
    b = await startTestApp(options);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await drop();
  });

  it('creates one pull job per connector however many instances tick at once', async () => {
    const ticks = await Promise.all([a, b, a, b].map((t) => t.app.get(SchedulerService).tickPull()));
    // Both instances already ticked once at boot; whoever came first created the jobs.
    expect(ticks.reduce((x, y) => x + y, 0)).toBe(0);

    // Sweeps too: at boot (a process started again picks up a dead one's work at once), one job.
    const sweeps = await Promise.all([a, b, a, b].map((t) => t.app.get(SchedulerService).tickSweep()));
    expect(sweeps.reduce((x, y) => x + y, 0)).toBe(0);

    const client = new Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ name: string; singleton_key: string; n: string }>(
      `SELECT name, singleton_key, count(*) AS n FROM pgboss.job WHERE state = 'created' GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    await client.end();
    expect(rows).toEqual([
      { name: 'connector-pull', singleton_key: 'hook-one', n: '1' },
      { name: 'connector-pull', singleton_key: 'hook-two', n: '1' },
      { name: 'pipeline-sweep', singleton_key: 'sweep', n: '1' },
    ]);
  });
});
