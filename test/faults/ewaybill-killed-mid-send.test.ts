/**
 * India e-way bill: a service process killed with SIGKILL between sending the generate request and
 * recording the answer (the e-way bill system made the bills; their answers hang, the process dies), and
 * another process on the same database and data folder. The sweep releases what was left SUBMITTING with
 * its outcome unknown, the regime looks each bill up by document before sending anything, and every
 * document ends WRITTEN_BACK with the one bill the sandbox holds for it: no second generate request is
 * answered 'generated', and none is answered 604 (nothing was resent blindly).
 *
 * Catalog A: single generation, some of the answers held. Catalog B: the bulk-generate answer held (its
 * rows were all generated); the restart reads them through the configured catalog A lookup.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { migrateDatabase } from '../../src/app-schema';
import { SweepService } from '../../src/sync/sweep.service';
import {
  api,
  auditActions,
  documentDetail,
  listDocuments,
  readResultFile,
  SANDBOX_ACCOUNT,
  SELLER_GSTIN,
  settledDocuments,
  startEinvoiceSandbox,
} from '../einvoice-e2e/support';
import { billsOfDocument, generateAnswersOfDocument } from '../ewaybill/sandbox-bills';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';

const CONNECTOR = 'books';
const FILE = 'goods.csv';
const DOCUMENTS = 6;
const QUEUE = { batchSize: 20, pollingIntervalSeconds: 0.5, maxAttempts: 4, submittingLeaseSeconds: 5 };

interface Child {
  url: string;
  kill(): Promise<void>;
}

/**
 * The process-wide in-ewaybill settings (regimeDefaults); catalog B cannot read a bill by document, so its
 * `lookup` (catalog A) is given here too, and the instance's own settings name none.
 */
function ewaybillSettings(sandbox: RunningSandbox, catalog: 'A' | 'B', timeoutMs: number) {
  const common = {
    clientId: SANDBOX_ACCOUNT.clientId,
    clientSecret: SANDBOX_ACCOUNT.clientSecret,
    username: SANDBOX_ACCOUNT.username,
    password: SANDBOX_ACCOUNT.password,
    email: 'ops@example.com',
    gstin: SELLER_GSTIN,
    http: { timeoutMs },
  };
  const catalogA = { ...common, catalog: 'A', baseUrl: sandbox.urls.einvoiceGsp };
  if (catalog === 'A') return catalogA;
  return {
    ...common,
    catalog: 'B',
    baseUrl: sandbox.urls.einvoiceApi,
    lookup: { ...catalogA, http: { timeoutMs: 2_000 } },
  };
}

/** The shipped India CSV profile plus VehicleNo and Distance read into `transport`. */
function writeTransportProfile(dataDir: string): string {
  const profile = join(dataDir, 'india-b2b-transport.yaml');
  const shipped = readFileSync(
    resolve(__dirname, '..', '..', 'config', 'csv-profiles', 'india-b2b-lines.yaml'),
    'utf8',
  );
  const anchor = '  totals.invoiceTotal: InvoiceTotal\n';
  if (!shipped.includes(anchor)) throw new Error(`india-b2b-lines.yaml has no "${anchor.trim()}" line`);
  writeFileSync(
    profile,
    shipped
      .replace(/^name: .*$/m, 'name: india-b2b-transport')
      .replace(anchor, `${anchor}  transport.vehicleNumber: VehicleNo\n  transport.distanceKm: Distance\n`),
  );
  return profile;
}

function connectors(dataDir: string): Record<string, unknown>[] {
  return [
    {
      name: CONNECTOR,
      kind: 'csv',
      regimes: ['in-ewaybill'],
      config: {
        inboxDir: join(dataDir, 'inbox'),
        outboxDir: join(dataDir, 'outbox'),
        processedDir: join(dataDir, 'processed'),
        profile: join(dataDir, 'india-b2b-transport.yaml'),
        pollIntervalMs: 3_600_000,
      },
      regimeSettings: { 'in-ewaybill': {} },
    },
  ];
}

/** Intra-state bolts worth Rs 75,520 (over the Rs 50,000 threshold), dated today in India. */
function goodsRow(number: string, index: number): Record<string, string> {
  const [year, month, day] = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10).split('-');
  return {
    DocType: 'Tax Invoice',
    InvoiceNo: number,
    InvoiceDate: `${day}-${month}-${year}`,
    SellerGSTIN: SELLER_GSTIN,
    SellerName: 'Deccan Fasteners and Tools Pvt Ltd',
    SellerAddress: 'Plot 14, 2nd Phase, Peenya Industrial Area',
    SellerCity: 'Bengaluru',
    SellerPIN: '560058',
    BuyerGSTIN: '29AAFCM7314Q1ZT',
    BuyerName: 'Mysore Auto Components Ltd',
    BuyerAddress: '42-B, Hebbal Industrial Area',
    BuyerCity: 'Mysuru',
    BuyerPIN: '570016',
    BuyerState: 'Karnataka',
    PlaceOfSupply: 'Karnataka',
    LineNo: '1',
    ItemDescription: 'Hex bolt M12x60 HT 8.8 zinc plated',
    HSN: '73181500',
    Qty: '10000',
    Unit: 'NOS',
    UnitPrice: '6.40',
    Discount: '0',
    TaxableValue: '64000.00',
    GSTRate: '18',
    IGST: '0.00',
    CGST: '5760.00',
    SGST: '5760.00',
    LineTotal: '75520.00',
    InvoiceTotal: '75520.00',
    VehicleNo: `KA0${1 + (index % 9)}AB${String(1000 + index)}`,
    Distance: String(100 + 50 * index),
  };
}

function csv(rows: Record<string, string>[]): string {
  const header = Object.keys(rows[0]);
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return [header, ...rows.map((row) => header.map((column) => row[column]))]
    .map((cells) => cells.map(cell).join(','))
    .join('\n')
    .concat('\n');
}

/** The application in its own process (test/einvoice-e2e/child-app.ts), so SIGKILL stops it anywhere. */
async function startChild(
  databaseUrl: string,
  dataDir: string,
  regimeDefaults: Record<string, unknown>,
): Promise<Child> {
  const root = resolve(__dirname, '..', '..');
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', join(root, 'test', 'einvoice-e2e', 'child-app.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        LOG_LEVEL: 'error',
        E2E_CHILD_OPTIONS: JSON.stringify({
          rawConfig: {
            server: { port: 0, roles: ['api', 'worker'], dataDir },
            database: { url: databaseUrl },
            security: { apiKeys: [TEST_API_KEY] },
            queue: QUEUE,
            schedule: { pullEverySeconds: 3600, sweepEverySeconds: 3600 },
            connectors: connectors(dataDir),
          },
          databaseUrl,
          regimeDefaults,
        }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((found, failed) => {
    let stdout = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      failed(new Error(`child did not start: ${stderr}`));
    }, 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /LISTENING (\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        found(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      failed(new Error(`child exited (${code}) before listening: ${stderr}`));
    });
  });
  return {
    url,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('e-way bill: a process killed between sending the generate request and recording the answer', () => {
  let sandbox: RunningSandbox;
  let db: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let child: Child | undefined;
  let second: TestApp | undefined;

  beforeEach(async () => {
    // Held answers outlive the killed process: the system made the bill, the client never hears back.
    sandbox = await startEinvoiceSandbox({ faultTimeoutMs: 120_000 });
    db = await createMigratedTestDatabase('ewb_kill');
    await migrateDatabase(db.url);
    dataDir = mkdtempSync(join(tmpdir(), 'ewaybill-kill-'));
    mkdirSync(join(dataDir, 'inbox'), { recursive: true });
    writeTransportProfile(dataDir);
  });
  afterEach(async () => {
    await child?.kill();
    await second?.close();
    child = undefined;
    second = undefined;
    await sandbox.stop();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * The child pulls the postings; once the system holds a bill for each and at least `held` answers are
   * unheard (their submissions SUBMITTING), it dies. Returns the document numbers and how many it left
   * SUBMITTING (a batch is recorded when all its answers are in, so the whole batch may be).
   */
  async function crash(
    catalog: 'A' | 'B',
    prefix: string,
    held: number,
  ): Promise<{ numbers: string[]; leftSubmitting: number }> {
    // The child waits far longer than the answers hang: it is killed with them in flight.
    child = await startChild(db.url, dataDir, {
      'in-ewaybill': ewaybillSettings(sandbox, catalog, 110_000),
    });
    const numbers = Array.from({ length: DOCUMENTS }, (_, i) => `${prefix}/${i + 1}`);
    writeFileSync(join(dataDir, 'inbox', FILE), csv(numbers.map((number, i) => goodsRow(number, i))));
    const res = await api(child.url, `/connectors/${CONNECTOR}/pull`, { method: 'POST' });
    expect(res.status).toBe(202);
    await eventually(
      () =>
        Promise.resolve(numbers.every((n) => billsOfDocument(sandbox, n).length === 1) ? true : undefined),
      45_000,
    );
    let states: string[] = [];
    await eventually(async () => {
      states = (await listDocuments(child!.url)).map((d) => d.submissions[0]?.state);
      return states.filter((state) => state === 'SUBMITTING').length >= held ? true : undefined;
    }, 30_000).catch((error: unknown) => {
      throw new Error(`${String(error)}; states: ${states.join(', ')}`);
    });
    const recorded = ['SUBMITTING', 'REGISTERED', 'WRITEBACK_PENDING', 'WRITTEN_BACK'];
    expect(states.filter((state) => !recorded.includes(state))).toEqual([]);
    await child.kill();
    return { numbers, leftSubmitting: states.filter((state) => state === 'SUBMITTING').length };
  }

  async function resume(
    catalog: 'A' | 'B',
    { numbers, leftSubmitting }: { numbers: string[]; leftSubmitting: number },
  ): Promise<void> {
    // Nothing further is held: what the restart sends is answered.
    sandbox.einvoice.gsp.faults.clear();
    sandbox.einvoice.api.faults.clear();
    second = await startTestApp({
      databaseUrl: db.url,
      dataDir,
      connectors: connectors(dataDir),
      config: { queue: QUEUE },
      regimeDefaults: { 'in-ewaybill': ewaybillSettings(sandbox, catalog, 2_000) },
    });
    const sweep = second.app.get(SweepService);
    const docs = await settledDocuments(second.url, DOCUMENTS, 90_000, () => sweep.sweep());
    expect(docs.map((d) => [d.docNumber, d.submissions[0].state]).sort()).toEqual(
      numbers.map((n) => [n, 'WRITTEN_BACK']).sort(),
    );
    const rows = readResultFile(join(dataDir, 'outbox'), FILE);
    for (const number of numbers) {
      const bills = billsOfDocument(sandbox, number);
      expect(bills).toHaveLength(1);
      // One generate request per document made a bill; none was resent (a resend would be answered 604).
      expect(generateAnswersOfDocument(sandbox, number)).toEqual(['generated']);
      const doc = docs.find((d) => d.docNumber === number)!;
      const detail = await documentDetail(second.url, doc.id);
      const submission = (detail.submissions as Record<string, unknown>[])[0];
      expect(submission).toMatchObject({
        regime: 'in-ewaybill',
        state: 'WRITTEN_BACK',
        ewbNo: String(bills[0].ewbNo),
      });
      expect(rows.filter((row) => row.InvoiceNo === number).map((row) => row.EwbNo)).toContain(
        String(bills[0].ewbNo),
      );
    }
    expect(sandbox.einvoice.ewaybill.store.all()).toHaveLength(DOCUMENTS);
    // Those left SUBMITTING were released by the sweep, looked up and adopted.
    const actions = [...(await auditActions(second.url, docs)).values()];
    const released = actions.filter((list) => list.includes('stale-submitting-released'));
    expect(released).toHaveLength(leftSubmitting);
    for (const list of released) expect(list).toContain('registered-adopted');
  }

  it('catalog A single generation: answers held for some, SIGKILL, restart adopts each bill, none made twice', async () => {
    const held = 3;
    sandbox.einvoice.gsp.faults.queue({ path: 'genewaybill', fault: 'timeout-after-commit', count: held });
    const crashed = await crash('A', 'EWB/KA', held);
    expect(
      sandbox.einvoice.gsp.faults.applied.filter((f) => f.fault === 'timeout-after-commit'),
    ).toHaveLength(held);
    await resume('A', crashed);
  }, 150_000);

  it('catalog B bulk generate: the bulk answer held, SIGKILL, restart adopts every row’s bill, none made twice', async () => {
    sandbox.einvoice.api.faults.queue({ path: 'bulk-generate', fault: 'timeout-after-commit', count: 10 });
    const crashed = await crash('B', 'EWB/KB', DOCUMENTS);
    expect(sandbox.einvoice.api.faults.applied.length).toBeGreaterThanOrEqual(1);
    await resume('B', crashed);
  }, 150_000);
});
