/**
 * GSTR-2B reconciliation through the public route, as a finance team runs it on a large month: the
 * service in its own process (`src/main.ts`, role api) on an embedded PostgreSQL, a CSV purchase register
 * of N bills, the portal's GSTR-2B JSON of N documents streamed to `POST /reconciliation/:gstin/import`
 * (which pulls the register, stores both and matches), a re-import (a re-run keeping decisions), then the
 * report read page by page. Prints wall time per step and the peak RSS of the service and of PostgreSQL.
 * BENCH_RECO_PG_LOG=file keeps PostgreSQL's statements of BENCH_RECO_PG_LOG_MS (30) ms or more;
 * BENCH_RECO_PG_FLAGS adds server flags (e.g. auto_explain's); BENCH_RECO_SERVICE_ARGS adds node options.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  createReadStream,
  createWriteStream,
  type WriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { migrateDatabase } from '../../src/app-schema';
import { findFreePort, startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { gstinCheckDigit } from '../../src/domain';

const ROOT = resolve(__dirname, '..', '..', ...(__dirname.includes('dist-bench') ? ['..'] : []));
const GSTIN = '29AABCT1332L1ZT';
const PERIOD = '102026';
const SUPPLIERS = 2_000;

const SUPPLIER_GSTINS = Array.from({ length: SUPPLIERS }, (_, s) => {
  const first14 = `29AAB${String.fromCharCode(65 + (s % 26))}${String.fromCharCode(65 + (Math.floor(s / 26) % 26))}${String(s).padStart(4, '0')}Z1Z`;
  return first14 + gstinCheckDigit(first14);
});

function supplier(i: number): string {
  return SUPPLIER_GSTINS[i % SUPPLIERS];
}

function amounts(i: number): { taxable: string; igst: string } {
  const paise = 100_000 + ((i * 7919) % 10_000_000);
  const igst = Math.round(paise * 0.18);
  const money = (p: number) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
  return { taxable: money(paise), igst: money(igst) };
}

/** N bills in the books and N in the 2B: most equal, 1 in 50 only in the books, 1 in 50 only in the 2B. */
async function writeInputs(dir: string, n: number): Promise<{ gstr2b: string }> {
  mkdirSync(join(dir, 'purchases'), { recursive: true });
  // The register comes in parts of 50,000 rows, as an ERP's monthly exports would (the purchase side
  // takes up to purchaseMaxFileRows, 1,000,000, in one file; the figures below were measured in parts).
  const header =
    'VoucherNo,SupplierGSTIN,SupplierName,BillNo,BillDate,DocType,TaxableValue,IGST,CGST,SGST,Cess,BillTotal\n';
  let part = 0;
  let rowsInPart = 0;
  const open = (): WriteStream => {
    part += 1;
    rowsInPart = 0;
    const stream = createWriteStream(
      join(dir, 'purchases', `purchases-2026-10-${String(part).padStart(3, '0')}.csv`),
    );
    stream.write(header);
    return stream;
  };
  let csv = open();
  const bySupplier: string[][] = Array.from({ length: SUPPLIERS }, () => []);
  for (let i = 0; i < n; i++) {
    const { taxable, igst } = amounts(i);
    const day = String(1 + (i % 28)).padStart(2, '0');
    const inBooks = i % 50 !== 8;
    const in2b = i % 50 !== 6;
    if (inBooks) {
      if (rowsInPart === 40_000) {
        const full = csv;
        await new Promise<void>((done) => full.end(() => done()));
        csv = open();
      }
      rowsInPart += 1;
      const line = `V${i},${supplier(i)},Supplier ${i % SUPPLIERS},INV/${i},${day}-10-2026,Invoice,${taxable},${igst},0,0,0,0\n`;
      if (!csv.write(line)) await new Promise<void>((drained) => csv.once('drain', () => drained()));
    }
    if (in2b) {
      bySupplier[i % SUPPLIERS].push(
        `{"inum":"INV/${i}","typ":"R","dt":"${day}-10-2026","val":0,"pos":"29","rev":"N","itcavl":"Y","items":[{"num":1,"rt":18,"txval":${taxable},"igst":${igst},"cgst":0,"sgst":0,"cess":0}]}`,
      );
    }
  }
  await new Promise<void>((done) => csv.end(() => done()));
  const gstr2b = join(dir, 'gstr2b.json');
  const json = createWriteStream(gstr2b);
  json.write(
    `{"chksum":"x","data":{"gstin":"${GSTIN}","rtnprd":"${PERIOD}","gendt":"14-11-2026","version":"1.0","docdata":{"b2b":[`,
  );
  bySupplier.forEach((inv, s) => {
    json.write(
      `${s > 0 ? ',' : ''}{"ctin":"${supplier(s)}","trdnm":"Supplier ${s}","supprd":"${PERIOD}","supfildt":"11-11-2026","inv":[${inv.join(',')}]}`,
    );
    bySupplier[s] = [];
  });
  json.write(']}}}');
  await new Promise<void>((done) => json.end(() => done()));
  return { gstr2b };
}

function kb(pid: number, field: string): number {
  try {
    return Number(
      new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0,
    );
  } catch {
    return 0;
  }
}

/** CPU time (user + system, ms) a process has used; clock ticks of 10 ms (CLK_TCK 100 on Linux). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time of the PostgreSQL cluster: the postmaster and its live children (backends of the pool). */
function postgresCpuMs(postmaster: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (Number(entry) === postmaster || parent === postmaster) total += cpuMsOf(Number(entry));
    } catch {
      // gone
    }
  }
  return total;
}

/** Resident memory of the PostgreSQL cluster's processes (their private pages plus shared buffers once). */
function postgresRssMb(postmaster: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(entry) !== postmaster && Number(stat[1]) !== postmaster) continue;
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const anon = Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? 0);
      total += anon;
    } catch {
      // ended
    }
  }
  return total / 1024;
}

/** Resets the process's peak RSS (VmHWM) to its current RSS; a no-op where the kernel does not allow it. */
function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not allowed: the peak is then the process's since it started
  }
}

function call(
  url: string,
  method: string,
  path: string,
  key: string,
  file?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((done, failed) => {
    const req = request(`${url}${path}`, {
      method,
      headers: {
        'x-api-key': key,
        'content-type': 'application/json',
        ...(file ? { 'content-length': statSync(file).size } : {}),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', failed);
    req.setTimeout(3_600_000);
    if (file) createReadStream(file).pipe(req);
    else req.end();
  });
}

/** Wall time and the service's peak RSS of each step, by step name. */
export type RouteFigures = Record<string, { wallMs: number; serviceRssMb: number }>;

export async function runRoute(n: number): Promise<RouteFigures> {
  const figures: RouteFigures = {};
  const dir = mkdtempSync(join(tmpdir(), 'bench-reco-'));
  // BENCH_RECO_PG_LOG=file: PostgreSQL's statements of BENCH_RECO_PG_LOG_MS (default 30) ms or more, with
  // their time, copied there at the end.
  const pgLog = process.env.BENCH_RECO_PG_LOG;
  const pgLogMs = Number(process.env.BENCH_RECO_PG_LOG_MS ?? 30);
  const pg = await startEmbeddedPostgres({
    dataDir: join(dir, 'pg'),
    log: () => undefined,
    // BENCH_RECO_PG_FLAGS: more server flags, e.g. "-c shared_preload_libraries=auto_explain -c ...".
    postgresFlags: [
      ...(pgLog ? ['-c', `log_min_duration_statement=${pgLogMs}`] : []),
      ...(process.env.BENCH_RECO_PG_FLAGS ?? '').split(' ').filter(Boolean),
    ],
  });
  const key = randomBytes(16).toString('hex');
  let child: ChildProcess | undefined;
  try {
    const databaseUrl = await pg.ensureDatabase('connector');
    await migrateDatabase(databaseUrl);
    const postmaster = Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const generated = performance.now();
    const { gstr2b } = await writeInputs(dir, n);
    const size = statSync(gstr2b).size;
    const config = join(dir, 'connector.yaml');
    writeFileSync(
      config,
      stringify({
        connectors: [{ name: 'books', kind: 'csv', config: { purchaseDir: join(dir, 'purchases') } }],
        reconciliation: {
          enabled: true,
          checkEverySeconds: 86_400,
          gstins: [
            {
              gstin: GSTIN,
              connector: 'books',
              gateway: {
                baseUrl: 'http://127.0.0.1:9',
                email: 'ops@example.com',
                clientId: 'bench',
                clientSecret: 'bench',
                gstUsername: 'bench',
                ipAddress: '10.1.2.3',
              },
            },
          ],
        },
      }),
    );
    const port = await findFreePort();
    // The compiled service when the bench runs compiled (as production runs), ts-node otherwise.
    const compiled = join(__dirname, '..', '..', 'src', 'main.js');
    // The compiled service reads config/ beside its own tree.
    if (__dirname.includes('dist-bench')) {
      cpSync(join(ROOT, 'config'), join(__dirname, '..', '..', 'config'), { recursive: true });
    }
    const entry = __dirname.includes('dist-bench')
      ? [compiled]
      : ['-r', 'ts-node/register/transpile-only', join(ROOT, 'src', 'main.ts')];
    // BENCH_RECO_SERVICE_ARGS: node options for the service only (e.g. --cpu-prof --cpu-prof-dir=/tmp/p).
    const nodeArgs = (process.env.BENCH_RECO_SERVICE_ARGS ?? '').split(' ').filter(Boolean);
    child = spawn(process.execPath, [...nodeArgs, ...entry], {
      cwd: ROOT,
      env: {
        ...process.env,
        CONFIG_FILE: config,
        DATABASE_URL: databaseUrl,
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        API_KEYS: key,
        SANDBOX_ENABLED: 'false',
        LOG_LEVEL: 'info',
        PORT: String(port),
        PROCESS_ROLES: 'api',
        DATA_DIR: join(dir, 'data'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The service's log is kept beside the system's temp files for a look after the run.
    const log = createWriteStream(join(tmpdir(), `bench-reco-service-${n}.log`));
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
    child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
    const url = `http://127.0.0.1:${port}`;
    for (let waited = 0; ; waited += 200) {
      if (child.exitCode !== null) throw new Error(`service exited: ${output}`);
      if (waited > 120_000) throw new Error(`service not listening: ${output}`);
      try {
        if ((await call(url, 'GET', '/health', key)).status < 500) break;
      } catch {
        // not yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const pid = child.pid!;
    const baseRss = kb(pid, 'VmHWM') / 1024;
    let pgPeak = 0;
    const sampler = setInterval(() => (pgPeak = Math.max(pgPeak, postgresRssMb(postmaster))), 250);
    const label = `reco route ${n.toLocaleString('en-US')} x ${n.toLocaleString('en-US')}`;
    console.log(
      `${label}: inputs written in ${Math.round(performance.now() - generated)} ms (2B JSON ${Math.round(size / 1_048_576)} MB); service idle RSS ${Math.round(baseRss)} MB`,
    );
    // CPU time beside wall time: on a shared 2-core machine the CPU a step costs is the figure other load
    // does not move (a quiet machine's wall time is at best CPU / cores used at once).
    const step = async (name: string, work: () => Promise<string>): Promise<void> => {
      // Each step's own peak: the kernel's high-water mark (VmHWM) is reset to the current RSS first, so a
      // step is not charged with an earlier step's peak (Linux: 5 to /proc/<pid>/clear_refs).
      resetPeakRss(pid);
      pgPeak = postgresRssMb(postmaster);
      const started = performance.now();
      const serviceCpu = cpuMsOf(pid);
      const postgresCpu = postgresCpuMs(postmaster);
      const note = await work();
      figures[name] = {
        wallMs: Math.round(performance.now() - started),
        serviceRssMb: Math.round(kb(pid, 'VmHWM') / 1024),
      };
      console.log(
        `${label}: ${name} ${Math.round(performance.now() - started)} ms wall; CPU service ${cpuMsOf(pid) - serviceCpu} ms, PostgreSQL ${postgresCpuMs(postmaster) - postgresCpu} ms; service peak RSS ${Math.round(kb(pid, 'VmHWM') / 1024)} MB (this step), PostgreSQL peak ${Math.round(pgPeak)} MB (anonymous RSS); load ${loadavg()[0].toFixed(2)} ${note}`,
      );
    };
    for (const attempt of ['import (stream + pull + store + match)', 're-import (a re-run)']) {
      await step(attempt, async () => {
        const answer = await call(url, 'POST', `/reconciliation/${GSTIN}/import?operator=bench`, key, gstr2b);
        if (answer.status !== 200)
          throw new Error(`import answered ${answer.status}: ${answer.body.slice(0, 500)}`);
        const { summary, timingsMs } = JSON.parse(answer.body) as {
          summary: { categories: Record<string, { count: number }> };
          timingsMs: Record<string, number>;
        };
        const counts = Object.fromEntries(Object.entries(summary.categories).map(([c, v]) => [c, v.count]));
        return `${JSON.stringify(counts)}\n    steps (ms): ${JSON.stringify(timingsMs)}`;
      });
    }
    await step('report, every page of 5,000', async () => {
      let cursor: string | null = null;
      let rows = 0;
      let pages = 0;
      do {
        const answer = await call(
          url,
          'GET',
          `/reconciliation/${GSTIN}/${PERIOD}?limit=5000${cursor ? `&cursor=${cursor}` : ''}`,
          key,
        );
        const page = JSON.parse(answer.body) as { matches: unknown[]; page: { nextCursor: string | null } };
        rows += page.matches.length;
        pages += 1;
        cursor = page.page.nextCursor;
      } while (cursor);
      return `(${rows} rows in ${pages} pages)`;
    });
    await step('CSV export (streamed)', async () => {
      const answer = await call(url, 'GET', `/reconciliation/${GSTIN}/${PERIOD}/export.csv`, key);
      return `(${Math.round(answer.body.length / 1_048_576)} MB)`;
    });
    clearInterval(sampler);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child!.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    // The cluster's files live where embedded-postgres keeps them (dataDir is a link to there).
    const cluster = realpathSync(join(dir, 'pg'));
    await pg.stop();
    if (pgLog) cpSync(join(cluster, 'embedded-postgres.log'), pgLog);
    rmSync(cluster, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
