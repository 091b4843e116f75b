/**
 * Scale-out as compose.yaml lays it out, as separate OS processes (`src/main.ts`, the service as it
 * ships) on one PostgreSQL: one `api` process and `worker` processes (worker and scheduler roles), the
 * roles and configuration file read from compose.yaml. A batch of webhook invoices runs through them
 * against the sandbox IRP (with 100 ± 50 ms per call) while a third worker is added and one is stopped
 * (SIGTERM). The sandbox's record is the judge: each document registered once with one generate request,
 * the GSP authenticated once for all processes, and no two runs of a scheduled job at the same time.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateDatabase } from '../../src/app-schema';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { SANDBOX_ACCOUNT, SELLER_GSTIN, startEinvoiceSandbox } from '../einvoice-e2e/support';
import { startService, type ServiceProcess } from '../runtime/service-process';
import { json, postSignedWebhook } from '../support/http';
import { eventually } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';
import { composeEnvironment, composeRoles } from './compose-roles';
import { startCountingProxy, type CountingProxy } from './counting-proxy';

const DOCUMENTS = 150;
const BATCH = 25;
const WEBHOOK_SECRET = `whsec-${randomBytes(16).toString('hex')}`;
const API_KEY = `api-${randomBytes(12).toString('hex')}`;

function yesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

function batch(from: number): string {
  const documents = Array.from({ length: BATCH }, (_, i) => {
    const invoice = sampleIndiaInvoice({
      documentNumber: `SO/${String(from + i).padStart(4, '0')}`,
      documentDate: yesterday(),
    });
    invoice.seller.gstin = SELLER_GSTIN;
    return invoice;
  });
  return JSON.stringify({ documents });
}

interface JobRun {
  name: string;
  key: string;
  state: string;
  started: Date;
  completed: Date | null;
  /** What pg-boss recorded of its end (a failed run's error). */
  output: unknown;
}

/** Every run of a scheduled job (still in the job table or archived), with when it ran. */
async function scheduledJobRuns(databaseUrl: string): Promise<JobRun[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = ['pgboss.job'];
    const archive = await client.query(`SELECT to_regclass('pgboss.archive') AS t`);
    if (archive.rows[0].t) tables.push('pgboss.archive');
    const union = tables
      .map(
        (table) => `SELECT name, singleton_key AS key, state::text, started_on AS started,
          completed_on AS completed, output FROM ${table} WHERE name IN ('connector-pull', 'pipeline-sweep', 'zatca-report')
          AND started_on IS NOT NULL`,
      )
      .join(' UNION ALL ');
    return (await client.query<JobRun>(`${union} ORDER BY started`)).rows;
  } finally {
    await client.end();
  }
}

describe('scale-out: api and worker processes from compose.yaml on one PostgreSQL', () => {
  const root = mkdtempSync(join(tmpdir(), 'scale-out-'));
  chmodSync(root, 0o755);
  const processes: ServiceProcess[] = [];
  let sandbox: RunningSandbox;
  let proxy: CountingProxy;
  let db: { url: string; drop(): Promise<void> };
  afterAll(async () => {
    for (const process of processes) await process.kill('SIGKILL');
    await proxy?.close();
    await sandbox?.stop();
    await db?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('registers every document once while a worker is added and another stopped', async () => {
    sandbox = await startEinvoiceSandbox({ rateLimit: { limit: 100_000, windowMs: 60_000 } });
    await fetch(`${sandbox.urls.einvoiceGsp}/__sandbox/latency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 100, jitterMs: 50 }),
    });
    proxy = await startCountingProxy(sandbox.urls.einvoiceGsp);
    db = await createMigratedTestDatabase('scale_out');
    // The compose file's `migrate` service.
    await migrateDatabase(db.url);

    const operator = {
      DATABASE_URL: db.url,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      API_KEYS: API_KEY,
      POSTGRES_PASSWORD: 'unused-here',
    };
    const connectorEnv = {
      ERP_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SELLER_GSTIN,
      GSP_BASE_URL: proxy.url,
      GSP_CLIENT_ID: SANDBOX_ACCOUNT.clientId,
      GSP_CLIENT_SECRET: SANDBOX_ACCOUNT.clientSecret,
      GSP_USERNAME: SANDBOX_ACCOUNT.username,
      GSP_PASSWORD: SANDBOX_ACCOUNT.password,
      GSP_EMAIL: 'ops@example.com',
      IRP_PUBLIC_KEY_PEM: sandbox.einvoice.publicKeyPem,
      LOG_LEVEL: 'info',
    };
    expect(composeRoles('api')).toEqual(['api']);
    expect(composeRoles('worker')).toEqual(expect.arrayContaining(['worker', 'scheduler']));
    let started = 0;
    const start = async (service: 'api' | 'worker'): Promise<ServiceProcess> => {
      started += 1;
      const process = await startService({
        ...composeEnvironment(service, operator),
        ...connectorEnv,
        DATA_DIR: join(root, `${service}-${started}`),
      });
      processes.push(process);
      return process;
    };

    // allSettled, not all: every process that did start is in `processes` (and killed by afterAll) before
    // a failed start fails the test.
    const starts = await Promise.allSettled([start('api'), start('worker'), start('worker')]);
    const [api, first] = starts.map((result) => {
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    });
    const post = async (from: number) => {
      const answer = await postSignedWebhook(api.url, 'erp', WEBHOOK_SECRET, batch(from));
      expect(answer.status).toBe(202);
      expect((await json(answer)).accepted).toHaveLength(BATCH);
    };
    for (let from = 0; from < DOCUMENTS / 2; from += BATCH) await post(from);

    // A worker joins mid-batch; another leaves once some of the batch is registered.
    const added = start('worker');
    await eventually(
      () => Promise.resolve(sandbox.einvoice.registrations().length >= 20 || undefined),
      60_000,
      50,
    );
    expect(sandbox.einvoice.registrations().length).toBeLessThan(DOCUMENTS);
    expect(await first.kill('SIGTERM')).toBe(0);
    await added;
    for (let from = DOCUMENTS / 2; from < DOCUMENTS; from += BATCH) await post(from);

    const states = await eventually(
      async () => {
        const items: { docNumber: string; submissions: { state: string }[] }[] = [];
        for (let offset = 0; offset < DOCUMENTS; offset += 100) {
          const page = await fetch(`${api.url}/documents?limit=100&offset=${offset}`, {
            headers: { 'X-API-Key': API_KEY },
          });
          items.push(...(await json(page)).items);
        }
        const done = items.filter((d) => d.submissions.every((s) => s.state === 'WRITTEN_BACK'));
        return items.length === DOCUMENTS && done.length === DOCUMENTS ? items : undefined;
      },
      150_000,
      1000,
    );
    expect(states).toHaveLength(DOCUMENTS);

    // The sandbox is the judge: one registration and one generate request per document.
    const registrations = sandbox.einvoice.registrations();
    expect(registrations).toHaveLength(DOCUMENTS);
    expect(new Set(registrations.map((r) => r.docNo)).size).toBe(DOCUMENTS);
    const requests = sandbox.einvoice.generateRequests();
    const perDocument = new Map<string, number>();
    for (const request of requests) perDocument.set(request.docNo, (perDocument.get(request.docNo) ?? 0) + 1);
    expect([...perDocument.values()].filter((n) => n !== 1)).toEqual([]);
    expect(perDocument.size).toBe(DOCUMENTS);

    // One GSP session for every process: the token is stored in PostgreSQL and refreshed under a lock.
    expect(proxy.count(/\/einvoice\/authenticate/)).toBe(1);

    // Schedules: ticks of two or three schedulers, never two runs of one job (and key) at a time.
    // The documents may all be through before a second sweep is due (5 s): wait for two.
    const runs = await eventually(
      async () => {
        const recorded = await scheduledJobRuns(db.url);
        return recorded.filter((run) => run.name === 'pipeline-sweep').length >= 2 ? recorded : undefined;
      },
      30_000,
      500,
    );
    // No run failed: a failed run waits in `retry` with the start of its attempt and no end, and a
    // worker stopped with SIGTERM must finish its jobs (a job failed by a stopping worker runs twice).
    const failed = runs
      .filter((run) => run.state === 'retry' || run.state === 'failed')
      .map((run) => `${run.name}/${run.key} (${run.state}): ${JSON.stringify(run.output)}`);
    expect(failed).toEqual([]);
    const overlapping: string[] = [];
    for (const [i, run] of runs.entries()) {
      for (const other of runs.slice(i + 1)) {
        if (other.name !== run.name || other.key !== run.key) continue;
        if (run.completed === null || other.started < run.completed) {
          overlapping.push(`${run.name}/${run.key} at ${run.started.toISOString()}`);
        }
      }
    }
    expect(overlapping).toEqual([]);
  }, 300_000);
});
