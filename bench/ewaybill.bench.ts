/**
 * E-way bills end to end: N generated goods invoices as CSV files -> pull -> documents in PostgreSQL ->
 * the in-ewaybill regime -> the sandbox's e-way bill API -> ewbNo and validity written back into result
 * CSVs. Two lanes, one after the other on the same stack: catalog B, bulk generate (up to 1,000 per call,
 * the queue's batch), and catalog A, one genewaybill call per bill. Then the sandbox's raw capacity, the
 * same requests sent straight at it with no connector (catalog A at BENCH_RAW_CONCURRENCY, catalog B in
 * bulk calls of 1,000), so the pipeline's figure can be read against it: goal at least 50% of raw.
 *
 * The invoices are the einvoice-pipeline bench's (small amounts): the instances configure threshold 0
 * and a default transport (road, 180 km, a vehicle), so every one needs a full bill.
 *
 * BENCH_BILLS (default 10000), BENCH_PER_FILE (default 500), BENCH_MAX_SECONDS (per lane, default 300),
 * BENCH_RAW_CONCURRENCY (default 32), BENCH_LANES (A, B or AB).
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { createApp } from '../src/app.factory';
import { validateConfig } from '../src/config/config-loader';
import { migrateDatabase } from '../src/app-schema';
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from '../src/database/embedded-postgres';
import { sampleIndiaInvoice } from '../src/domain/__fixtures__';
import { mapToNicEwaybillV103, type NicEwaybillV103 } from '../src/mappers/ewaybill';
import { DEFAULT_EINVOICE_ACCOUNTS } from '@erp-connector/sandbox/einvoice';
import { BENCH_SELLER, indiaToday, writeInvoiceFiles } from './support/invoice-csv';
import { postgresCpuSeconds } from './support/process-cpu';
import { forkSandbox, type ForkedSandbox } from './support/sandbox-process';

const API_KEY = 'bench-api-key-0123456789abcdef';
const GOAL_SHARE = 0.5;
const BULK = 1000;
const FINAL = ['WRITTEN_BACK', 'REJECTED', 'MAPPING_FAILED', 'WRITEBACK_FAILED'];
const ACCOUNT = {
  ...DEFAULT_EINVOICE_ACCOUNTS[0],
  gstins: [...DEFAULT_EINVOICE_ACCOUNTS[0].gstins, BENCH_SELLER.gstin],
};
const RULES = {
  threshold: '0',
  defaultTransport: { mode: 'ROAD', distanceKm: 180, vehicleNumber: 'KA01AB1234', vehicleType: 'R' },
};
const LANES = [
  { name: 'ewb-b', catalog: 'B', label: 'catalog B, bulk generate (1,000 per call)' },
  { name: 'ewb-a', catalog: 'A', label: 'catalog A, one genewaybill call per bill' },
] as const;
type LaneSpec = (typeof LANES)[number];

interface Stack {
  pg: EmbeddedPostgresServer;
  pgDir: string;
  root: string;
  databaseUrl: string;
  sandbox: ForkedSandbox;
  app: NestExpressApplication;
  url: string;
}

export async function run(): Promise<void> {
  const count = positiveInt(process.env.BENCH_BILLS, 10_000);
  const maxSeconds = positiveInt(process.env.BENCH_MAX_SECONDS, 300);
  const only = process.env.BENCH_LANES?.toUpperCase();
  const lanes = LANES.filter((lane) => !only || only.includes(lane.catalog));
  const stack = await startStack(lanes);
  const results: { lane: LaneSpec; rate: number }[] = [];
  try {
    const runTag = Date.now().toString(36).slice(-4).toUpperCase();
    for (const lane of lanes) {
      await measureLane(stack, lane, `W${runTag}${lane.catalog}`, 1, 60);
      const rate = await measureLane(stack, lane, `${runTag}${lane.catalog}`, count, maxSeconds);
      results.push({ lane, rate });
    }
    await stack.app.close();
    const raw: Record<string, number> = {};
    if (lanes.some((lane) => lane.catalog === 'B')) raw.B = await rawBulk(stack, runTag, count);
    if (lanes.some((lane) => lane.catalog === 'A')) raw.A = await rawSingle(stack, runTag, count);
    for (const { lane, rate } of results) {
      const share = rate / raw[lane.catalog];
      console.log(
        `ewaybill: summary: ${lane.label}: ${rate.toFixed(1)} bills/s end to end, sandbox raw ` +
          `${raw[lane.catalog].toFixed(1)}/s: ${(share * 100).toFixed(0)}% (goal ${GOAL_SHARE * 100}%)` +
          (share >= GOAL_SHARE ? '' : ' BELOW GOAL'),
      );
    }
  } finally {
    await stack.app.close().catch(() => undefined);
    await stack.sandbox.stop();
    await stack.pg.stop();
    rmSync(stack.root, { recursive: true, force: true });
    rmSync(stack.pgDir, { recursive: true, force: true });
  }
}

async function startStack(lanes: readonly LaneSpec[]): Promise<Stack> {
  const root = mkdtempSync(join(tmpdir(), 'ewaybill-bench-'));
  const pgDir = mkdtempSync(join(tmpdir(), 'ewaybill-bench-pg-'));
  const pg = await startEmbeddedPostgres({ dataDir: pgDir });
  const databaseUrl = await pg.ensureDatabase('ewaybill_bench');
  await migrateDatabase(databaseUrl);
  const sandbox = await forkSandbox({
    only: ['einvoice'],
    rateLimit: { limit: 0, windowMs: 60_000 },
    einvoice: { accounts: [ACCOUNT] },
  });
  const dataDir = join(root, 'data');
  for (const lane of lanes) mkdirSync(join(dataDir, lane.name, 'inbox'), { recursive: true });
  const provider = (catalog: 'A' | 'B') => ({
    catalog,
    baseUrl: catalog === 'A' ? sandbox.urls.einvoiceGsp : sandbox.urls.einvoiceApi,
    clientId: ACCOUNT.clientId,
    clientSecret: ACCOUNT.clientSecret,
    username: ACCOUNT.username,
    password: ACCOUNT.password,
    email: 'ops@example.com',
    gstin: BENCH_SELLER.gstin,
    rateLimit: { limit: 0, windowMs: 60_000 },
    http: { timeoutMs: 60_000 },
  });
  const config = validateConfig({
    server: { port: 0, roles: ['api', 'worker'], dataDir },
    database: { url: databaseUrl, poolSize: 20 },
    security: { apiKeys: [API_KEY] },
    queue: {
      batchSize: BULK,
      concurrency: 4,
      pollingIntervalSeconds: 0.5,
      maxAttempts: 8,
      submittingLeaseSeconds: 120,
    },
    schedule: { pullEverySeconds: 3600, sweepEverySeconds: 3600 },
    connectors: lanes.map((lane) => ({
      name: lane.name,
      kind: 'csv',
      regimes: ['in-ewaybill'],
      config: {
        inboxDir: join(dataDir, lane.name, 'inbox'),
        outboxDir: join(dataDir, lane.name, 'outbox'),
        profile: 'india-b2b-lines',
        pollIntervalMs: 3_600_000,
      },
      regimeSettings: { 'in-ewaybill': { ...provider(lane.catalog), ...RULES } },
    })),
  });
  process.env.LOG_LEVEL ??= 'warn';
  const app = await createApp({ config, databaseUrl });
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as { port: number }).port;
  return { pg, pgDir, root, databaseUrl, sandbox, app, url: `http://127.0.0.1:${port}` };
}

/** Bills per second from the pull until every submission of the lane is final (its result row written). */
async function measureLane(stack: Stack, lane: LaneSpec, runTag: string, count: number, maxSeconds: number) {
  const dataDir = join(stack.root, 'data', lane.name);
  const before = await states(stack);
  const earlier = Object.values(before).reduce((a, b) => a + b, 0);
  writeInvoiceFiles(join(dataDir, 'inbox'), {
    count,
    perFile: positiveInt(process.env.BENCH_PER_FILE, 500),
    runTag,
    date: indiaToday(),
  });
  const started = performance.now();
  const cpuAtStart = {
    connector: process.cpuUsage(),
    postgres: postgresCpuSeconds(stack.pgDir),
    sandbox: await stack.sandbox.cpuSeconds(),
  };
  const res = await fetch(`${stack.url}/connectors/${lane.name}/pull`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY },
  });
  if (res.status !== 202) throw new Error(`pull refused: HTTP ${res.status}`);
  const deadline = Date.now() + maxSeconds * 1000;
  let now: Record<string, number> = before;
  for (;;) {
    now = await states(stack);
    const total = Object.values(now).reduce((a, b) => a + b, 0);
    const final = FINAL.reduce((n, state) => n + (now[state] ?? 0), 0);
    if (total >= earlier + count && final >= total) break;
    if (Date.now() > deadline) {
      console.log(`ewaybill: ${lane.name}: gave up after ${maxSeconds} s: ${JSON.stringify(now)}`);
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const written = (now.WRITTEN_BACK ?? 0) - (before.WRITTEN_BACK ?? 0);
  const rate = written / seconds;
  if (count > 1) {
    console.log(
      `ewaybill: ${lane.label}: ${written} of ${count} bills written back in ${seconds.toFixed(1)} s: ` +
        `${rate.toFixed(1)}/s (states now ${JSON.stringify(now)})`,
    );
    // Where the time went: the connector's own CPU (this process, which also polls the states) and its
    // PostgreSQL's, per bill, against the sandbox's: the share of raw capacity is bounded by their ratio.
    const { user, system } = process.cpuUsage(cpuAtStart.connector);
    const perBill = (cpuSeconds: number) => `${((cpuSeconds / Math.max(written, 1)) * 1e6).toFixed(0)} µs`;
    console.log(
      `ewaybill: ${lane.label}: CPU per bill: connector ${perBill((user + system) / 1e6)}, PostgreSQL ` +
        `${perBill(postgresCpuSeconds(stack.pgDir) - cpuAtStart.postgres)}, sandbox ` +
        `${perBill((await stack.sandbox.cpuSeconds()) - cpuAtStart.sandbox)}`,
    );
  }
  return rate;
}

async function states(stack: Stack): Promise<Record<string, number>> {
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const rows = await db.query<{ state: string; n: string }>(
      'SELECT state, count(*) AS n FROM submission GROUP BY state',
    );
    return Object.fromEntries(rows.rows.map((row) => [row.state, Number(row.n)]));
  } finally {
    await db.end();
  }
}

/** A mapped request per bill, with its own document number. */
function requests(runTag: string, count: number): NicEwaybillV103[] {
  const invoice = sampleIndiaInvoice({ transport: RULES.defaultTransport as never });
  invoice.seller.gstin = BENCH_SELLER.gstin;
  const [dd, mm, yyyy] = indiaToday().split('-');
  invoice.documentDate = `${yyyy}-${mm}-${dd}`;
  const mapped = mapToNicEwaybillV103(invoice);
  if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
  return Array.from({ length: count }, (_, i) => ({
    ...mapped.value,
    docNo: `R${runTag}/${String(i).padStart(6, '0')}`,
  }));
}

/** Catalog B straight at the sandbox: bulk-generate calls of 1,000, two at a time. */
async function rawBulk(stack: Stack, runTag: string, count: number): Promise<number> {
  const base = stack.sandbox.urls.einvoiceApi;
  const token = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: ACCOUNT.clientId,
      client_secret: ACCOUNT.clientSecret,
    }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const all = requests(`${runTag}B`, count);
  const chunks: NicEwaybillV103[][] = [];
  for (let i = 0; i < all.length; i += BULK) chunks.push(all.slice(i, i + BULK));
  let made = 0;
  const started = performance.now();
  await pool(chunks, 2, async (chunk) => {
    const res = await fetch(`${base}/eway/bulk-generate`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.access_token}`,
        'content-type': 'application/json',
        'x-gstin': BENCH_SELLER.gstin,
      },
      body: JSON.stringify({ ewaybills: chunk }),
    });
    const body = (await res.json()) as { results: { success: boolean }[] };
    made += body.results.filter((row) => row.success).length;
  });
  const rate = made / ((performance.now() - started) / 1000);
  console.log(`ewaybill: sandbox raw, catalog B bulk-generate: ${made} bills at ${rate.toFixed(1)}/s`);
  return rate;
}

/** Catalog A straight at the sandbox: one genewaybill per bill, BENCH_RAW_CONCURRENCY at a time. */
async function rawSingle(stack: Stack, runTag: string, count: number): Promise<number> {
  const base = `${stack.sandbox.urls.einvoiceGsp}/ewaybillapi/v1.03`;
  const headers = {
    client_id: ACCOUNT.clientId,
    client_secret: ACCOUNT.clientSecret,
    gstin: BENCH_SELLER.gstin,
    username: ACCOUNT.username,
    password: ACCOUNT.password,
    ip_address: '127.0.0.1',
  };
  const query = new URLSearchParams({
    email: 'ops@example.com',
    username: ACCOUNT.username,
    password: ACCOUNT.password,
  });
  const auth = await fetch(`${base}/authenticate?${query.toString()}`, { headers }).then(
    (r) => r.json() as Promise<{ data: { authtoken: string } }>,
  );
  let made = 0;
  const started = performance.now();
  await pool(
    requests(`${runTag}A`, count),
    positiveInt(process.env.BENCH_RAW_CONCURRENCY, 32),
    async (request) => {
      const res = await fetch(`${base}/ewayapi/genewaybill?email=ops@example.com`, {
        method: 'POST',
        headers: { ...headers, 'auth-token': auth.data.authtoken, 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
      const body = (await res.json()) as { status_cd: string };
      if (body.status_cd === '1') made += 1;
    },
  );
  const rate = made / ((performance.now() - started) / 1000);
  console.log(`ewaybill: sandbox raw, catalog A genewaybill: ${made} bills at ${rate.toFixed(1)}/s`);
  return rate;
}

async function pool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

function positiveInt(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
