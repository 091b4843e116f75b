/**
 * The scale-out layout of compose.yaml run on this machine for benchmarks and the soak: one embedded
 * PostgreSQL, the e-invoice sandbox in its own process (with latency per call), one `api` process and
 * N `worker` processes (`src/main.ts`, roles from PROCESS_ROLES), a webhook connector posting to a
 * callback server here, which is where write-back is timed. Everything listens on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { migrateDatabase } from '../../src/app-schema';
import {
  findFreePort,
  startEmbeddedPostgres,
  type EmbeddedPostgresServer,
} from '../../src/database/embedded-postgres';
import { DEFAULT_EINVOICE_ACCOUNTS } from '@erp-connector/sandbox/einvoice';
import type { LatencyOptions } from '@erp-connector/sandbox/framework';
import { BENCH_SELLER } from './invoice-csv';
import { withDatabase } from './database';
import { postgresCpuSeconds } from './process-cpu';
import { forkSandbox, forkZatcaSimulator, type ForkedSandbox } from './sandbox-process';

const ROOT = resolve(__dirname, '..', '..', ...(__dirname.includes('dist-bench') ? ['..'] : []));
export const WEBHOOK_SECRET = randomBytes(24).toString('hex');
export const API_KEY = randomBytes(16).toString('hex');

export interface LayoutOptions {
  latency: LatencyOptions;
  /** Requests per minute the simulated GSP allows per client (its rate limit). */
  gspRateLimitPerMinute: number;
  /** queue.batchSize and queue.concurrency of every process. */
  batchSize: number;
  concurrency: number;
  /**
   * What the ERP's documents are registered with: India's IRP through the GSP (default), or ZATCA's
   * Fatoora API (the ZATCA simulator; EGS units are onboarded by the benchmark through the API).
   */
  regime?: 'in-einvoice' | 'sa-zatca';
}

export interface ServiceChild {
  role: string;
  pid: number;
  url?: string;
  /** Peak resident memory so far (VmHWM), in MB. */
  peakRssMb(): number;
  /** CPU seconds (user + system) used so far. */
  cpuSeconds(): number;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface Layout {
  api: ServiceChild;
  workers: ServiceChild[];
  sandbox: ForkedSandbox;
  databaseUrl: string;
  /** CPU seconds used so far by PostgreSQL (postmaster and backends). */
  postgresCpuSeconds(): number;
  /** Arrival time (performance.now()) of the write-back callback per document number. */
  writtenBack: Map<string, number>;
  /** Callbacks for a document already called back (the ERP hears twice). */
  duplicateCallbacks(): number;
  /** Of those, how many said something else than the first (another IRN or state): never acceptable. */
  conflictingCallbacks(): number;
  addWorker(): Promise<ServiceChild>;
  close(): Promise<void>;
}

export async function startLayout(workers: number, options: LayoutOptions): Promise<Layout> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const pg: EmbeddedPostgresServer = await startEmbeddedPostgres({
    dataDir: join(dir, 'pg'),
    log: () => undefined,
    postgresFlags: process.env.BENCH_PG_STATS ? ['-c', 'shared_preload_libraries=pg_stat_statements'] : [],
  });
  const databaseUrl = await pg.ensureDatabase('connector');
  await migrateDatabase(databaseUrl);
  if (process.env.BENCH_PG_STATS)
    await withDatabase(databaseUrl, (db) => db.query('CREATE EXTENSION pg_stat_statements'));
  const account = DEFAULT_EINVOICE_ACCOUNTS[0];
  const ksa = options.regime === 'sa-zatca';
  const sandbox = ksa
    ? await forkZatcaSimulator({
        environment: 'simulation',
        latency: `${options.latency.ms}+-${options.latency.jitterMs ?? 0}`,
      })
    : await forkSandbox({
        only: ['einvoice'],
        latency: { '*': options.latency },
        rateLimit: { limit: options.gspRateLimitPerMinute, windowMs: 60_000 },
        einvoice: { accounts: [{ ...account, gstins: [...account.gstins, BENCH_SELLER.gstin] }] },
      });

  const writtenBack = new Map<string, number>();
  let duplicates = 0;
  let conflicting = 0;
  const outcomes = new Map<string, string>();
  const callbacks: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const at = performance.now();
      try {
        const outcome = JSON.parse(body) as { documentNumber: string; state: string; identifiers: unknown };
        const number = String(outcome.documentNumber);
        const said = JSON.stringify([outcome.state, outcome.identifiers]);
        if (writtenBack.has(number)) {
          duplicates += 1;
          if (outcomes.get(number) !== said) conflicting += 1;
        } else {
          writtenBack.set(number, at);
          outcomes.set(number, said);
        }
      } catch {
        // not an outcome: ignored
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((listening) => callbacks.listen(0, '127.0.0.1', listening));
  const callbackUrl = `http://127.0.0.1:${(callbacks.address() as AddressInfo).port}/outcomes`;

  // deploy/connector.yaml, the compose deployment's configuration, with the callback added.
  const deployed = parse(readFileSync(join(ROOT, 'deploy', 'connector.yaml'), 'utf8')) as {
    queue: Record<string, unknown>;
    connectors: {
      config: Record<string, unknown>;
      regimeSettings: Record<string, Record<string, unknown>>;
    }[];
  };
  deployed.queue = { ...deployed.queue, batchSize: options.batchSize, concurrency: options.concurrency };
  deployed.connectors[0].config.callbackUrl = callbackUrl;
  if (ksa) {
    // Onboarding talks to the process's Fatoora URL; the instance clears with its own.
    Object.assign(deployed, { zatca: { environment: 'simulation', baseUrl: sandbox.urls.zatca } });
    // The same webhook instance, registering with ZATCA: each document names its EGS unit.
    Object.assign(deployed.connectors[0], {
      regimes: ['sa-zatca'],
      regimeSettings: { 'sa-zatca': { baseUrl: sandbox.urls.zatca } },
    });
  } else {
    // The GSP's limit is per client; the processes share one allowance over the database.
    deployed.connectors[0].regimeSettings['in-einvoice'].rateLimit = {
      limit: options.gspRateLimitPerMinute,
      windowMs: 60_000,
    };
  }
  const configFile = join(dir, 'connector.yaml');
  writeFileSync(configFile, stringify(deployed));

  const baseEnv: Record<string, string> = {
    CONFIG_FILE: configFile,
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    API_KEYS: API_KEY,
    SANDBOX_ENABLED: 'false',
    LOG_LEVEL: 'info',
    ERP_WEBHOOK_SECRET: WEBHOOK_SECRET,
    SELLER_GSTIN: BENCH_SELLER.gstin,
    GSP_BASE_URL: sandbox.urls.einvoiceGsp,
    GSP_CLIENT_ID: account.clientId,
    GSP_CLIENT_SECRET: account.clientSecret,
    GSP_USERNAME: account.username,
    GSP_PASSWORD: account.password,
    GSP_EMAIL: 'ops@example.com',
    IRP_PUBLIC_KEY_PEM: sandbox.publicKeyPem,
  };
  let started = 0;
  const children: ServiceChild[] = [];
  const start = async (role: 'api' | 'worker'): Promise<ServiceChild> => {
    started += 1;
    const port = await findFreePort();
    const log = join(dir, `${role}-${started}.log`);
    const child: ChildProcess = spawn(
      process.execPath,
      [
        // BENCH_CPU_PROFILE=<dir>: each process writes a V8 CPU profile there when it stops.
        ...(process.env.BENCH_CPU_PROFILE
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
          : []),
        '-r',
        'ts-node/register/transpile-only',
        join(ROOT, 'src', 'main.ts'),
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          ...baseEnv,
          PORT: String(port),
          PROCESS_ROLES: role === 'api' ? 'api' : 'worker,scheduler',
          DATA_DIR: join(dir, `${role}-${started}`),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const file = createWriteStream(log);
    let output = '';
    const keep = (chunk: Buffer) => {
      file.write(chunk);
      if (output.length < 100_000) output += chunk.toString();
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    await new Promise<void>((ready, failed) => {
      const poll = setInterval(() => {
        if (!output.includes('connector listening on')) return;
        clearInterval(poll);
        ready();
      }, 100);
      void exited.then(() => {
        clearInterval(poll);
        failed(new Error(`${role} process exited before listening; see ${log}\n${output.slice(-2000)}`));
      });
    });
    const pid = child.pid!;
    let peak = 0;
    let cpu = 0;
    const service: ServiceChild = {
      role,
      pid,
      url: `http://127.0.0.1:${port}`,
      peakRssMb: () => {
        try {
          const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
          peak = Math.max(peak, kb / 1024);
        } catch {
          // ended: the last reading stands
        }
        return peak;
      },
      cpuSeconds: () => {
        try {
          // Fields 14 and 15 of /proc/<pid>/stat (after the command in parentheses): utime, stime in ticks.
          const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
          cpu = (Number(fields[11]) + Number(fields[12])) / 100;
        } catch {
          // ended: the last reading stands
        }
        return cpu;
      },
      stop: async (signal = 'SIGTERM') => {
        service.peakRssMb();
        service.cpuSeconds();
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        await exited;
      },
    };
    children.push(service);
    return service;
  };

  // Interrupted (Ctrl-C, a time limit): no process, database or file of the run is left behind.
  const interrupted = (signal: NodeJS.Signals): void => {
    for (const child of children) void child.stop('SIGKILL');
    void pg.stop().finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.kill(process.pid, signal);
    });
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  const [api, ...workerChildren] = await Promise.all([
    start('api'),
    ...Array.from({ length: workers }, () => start('worker')),
  ]);
  return {
    api,
    workers: workerChildren,
    sandbox,
    databaseUrl,
    postgresCpuSeconds: () => postgresCpuSeconds(join(dir, 'pg')),
    writtenBack,
    duplicateCallbacks: () => duplicates,
    conflictingCallbacks: () => conflicting,
    addWorker: () => start('worker'),
    close: async () => {
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
      for (const child of children) await child.stop('SIGTERM');
      await new Promise<void>((closed) => {
        callbacks.close(() => closed());
        callbacks.closeAllConnections();
      });
      await sandbox.stop();
      await pg.stop();
      reportDeadlocks(pg.clusterDir);
      // BENCH_KEEP_FILES=1: the processes' logs and the database stay for a look.
      if (process.env.BENCH_KEEP_FILES) console.log(`  files kept in ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * PostgreSQL's own account of every deadlock in the run (the statements of both sides, which the
 * connector's retry of its transaction does not see): printed, so that a run that met one says where.
 */
function reportDeadlocks(clusterDir: string): void {
  let log: string;
  try {
    log = readFileSync(join(clusterDir, 'embedded-postgres.log'), 'utf8');
  } catch {
    return;
  }
  const lines = log.split('\n');
  const blocks: string[] = [];
  lines.forEach((line, i) => {
    if (!line.includes('deadlock detected')) return;
    const block = [line];
    for (const next of lines.slice(i + 1)) {
      if (!/^\s|\b(DETAIL|HINT|CONTEXT|STATEMENT):/.test(next)) break;
      block.push(next);
    }
    blocks.push(block.join('\n'));
  });
  if (blocks.length === 0) return;
  console.log(`  PostgreSQL deadlocks in this run: ${blocks.length}`);
  for (const block of blocks) console.log(block.replace(/^/gm, '    '));
}
