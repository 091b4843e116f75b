/**
 * Cost before trust (issue 30): 16 parallel 10 MB JSON bodies sent without an API key, while a client
 * asks /health/ready and an authenticated GET /documents in a loop. Prints the latency of those two
 * (median and worst) idle and during the flood, and the service's RSS before and at its peak. Goal on this
 * 2-core machine: under 100 ms slower during the flood, RSS under 300 MB more. The service and the probes
 * run in this process; the flood comes from a child process (another client, as on a network).
 *
 *   npm run bench -- unauth-bodies        (BENCH_FLOOD_BODIES=16, BENCH_FLOOD_ROUNDS=3)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.factory';
import { validateConfig } from '../src/config/config-loader';
import { migrateDatabase } from '../src/app-schema';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';

const BODIES = Number(process.env.BENCH_FLOOD_BODIES ?? 16);
const ROUNDS = Number(process.env.BENCH_FLOOD_ROUNDS ?? 3);
const API_KEY = 'bench-api-key-0123456789abcdef';
const BODY_MB = 10;

/** Sends `bodies` parallel JSON bodies of BODY_MB without a key from a child process; resolves when done. */
function flood(url: string, bodies: number): Promise<void> {
  const script = `
    const body = JSON.stringify(Array.from({ length: ${BODY_MB} * 20000 }, (_, i) => ({ n: i, text: 'x'.repeat(30) })));
    Promise.all(Array.from({ length: ${bodies} }, () =>
      fetch(${JSON.stringify(`${url}/documents`)}, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body })
        .then((res) => res.arrayBuffer(), () => undefined))).then(() => process.exit(0));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: 'inherit' });
    child.once('exit', () => resolve());
    child.once('error', reject);
  });
}

export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'unauth-bench-'));
  const pg = await startEmbeddedPostgres({ dataDir: join(root, 'pg'), log: () => undefined });
  const databaseUrl = await pg.ensureDatabase('unauth_bench');
  await migrateDatabase(databaseUrl);
  const config = validateConfig({
    server: { port: 0, roles: ['api'], dataDir: join(root, 'data') },
    database: { url: databaseUrl },
    security: { apiKeys: [API_KEY] },
    connectors: [],
  });
  const app = await createApp({ config, databaseUrl, regimes: [] });
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  try {
    const probe = async (): Promise<number> => {
      const started = performance.now();
      await (await fetch(`${url}/health/ready`)).arrayBuffer();
      await (await fetch(`${url}/documents?limit=1`, { headers: { 'x-api-key': API_KEY } })).arrayBuffer();
      return performance.now() - started;
    };
    const probeWhile = async (busy: Promise<unknown>): Promise<number[]> => {
      const times: number[] = [];
      let done = false;
      void busy.finally(() => (done = true));
      while (!done) times.push(await probe());
      return times;
    };
    for (let i = 0; i < 20; i += 1) await probe(); // warm up
    const idle: number[] = [];
    for (let i = 0; i < 50; i += 1) idle.push(await probe());
    const rssBefore = process.memoryUsage().rss;
    peakRss = rssBefore;
    const during: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) during.push(...(await probeWhile(flood(url, BODIES))));
    const show = (label: string, times: number[]): string => {
      const sorted = [...times].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
      return `${label}: median ${median.toFixed(1)} ms, worst ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${times.length} probes)`;
    };
    const mb = (bytes: number): string => `${(bytes / 1_048_576).toFixed(0)} MB`;
    const median = (times: number[]): number =>
      [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
    console.log(
      `  ${BODIES} parallel ~${BODY_MB} MB bodies without a key from another process, ${ROUNDS} rounds`,
    );
    console.log(`  ${show('/health/ready + GET /documents, idle', idle)}`);
    console.log(`  ${show('/health/ready + GET /documents, during the flood', during)}`);
    console.log(
      `  slower by ${(median(during) - median(idle)).toFixed(1)} ms at the median (goal < 100 ms); RSS ${mb(rssBefore)} -> peak ${mb(peakRss)}, +${mb(peakRss - rssBefore)} (goal < 300 MB more)`,
    );
  } finally {
    clearInterval(sampler);
    await app.close();
    await pg.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
