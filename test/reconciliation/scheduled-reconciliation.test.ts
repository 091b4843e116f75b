/**
 * The monthly reconciliation end to end on real PostgreSQL and the simulated return gateway over HTTP:
 * OTP session through the API (kept in gsp_session), ticks on two instances creating one run, a failed
 * fetch recorded and retried, GSTR-2B fetched, the CSV purchase register pulled (a bad row kept with
 * its errors), every document's category checked against what the gateway's seeded book says, operator
 * actions audited and kept by a re-run, reports (categories, suppliers, CSV).
 */
import { parse } from 'csv-parse/sync';
import { Workbook } from 'exceljs';
import axios, { type AxiosInstance } from 'axios';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateDatabase } from '../../src/app-schema';
import { Dec } from '../../src/domain';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import {
  DEFAULT_RETURNS_ACCOUNTS,
  RETURNS_SERVICE,
  type ReturnsSimulatorHandle,
  type SeededPeriod,
} from '@erp-connector/sandbox/returns';
import { ReturnGatewayClient } from '../../src/compliance/returns';
import { ReconciliationRepository } from '../../src/database/repositories/reconciliation.repository';
import { ReconciliationSchedulerService } from '../../src/reconciliation';
import { runCli } from '../cli/cli-harness';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';

const account = DEFAULT_RETURNS_ACCOUNTS[0];
const GSTIN = account.gstin;
const PERIOD = '102026';
const NOW = new Date('2026-11-20T06:00:00Z');

interface MatchView {
  id: string;
  category: string;
  rule: string;
  erpId: string | null;
  gstr2bNumber: string | null;
  section: string | null;
  decision: string | null;
  explanation: string[];
  differences: { field: string; books: string; gstr2b: string }[];
  itcAtStake: string;
}

interface ReportView {
  categories: Record<string, { count: number; itcAtStake: string }>;
  unreadablePurchases: { erpId: string; fieldErrors: { path: string; rule: string }[] }[];
  matches: MatchView[];
}

let sandbox: RunningSandbox;
let gateway: ReturnsSimulatorHandle;
let seeded: SeededPeriod;
let a: TestApp;
let b: TestApp;
let db: { url: string; drop(): Promise<void> };
let purchaseDir: string;
let dataDir: string;
let api: AxiosInstance;

function register(book: SeededPeriod['book']): string {
  const header =
    'VoucherNo,SupplierGSTIN,SupplierName,BillNo,BillDate,DocType,TaxableValue,IGST,CGST,SGST,Cess,BillTotal';
  const lines = book.map((r) =>
    [
      r.VoucherNo,
      r.SupplierGSTIN,
      r.SupplierName,
      r.BillNo,
      r.BillDate,
      r.DocType,
      r.TaxableValue,
      r.IGST,
      r.CGST,
      r.SGST,
      r.Cess,
      r.BillTotal,
    ].join(','),
  );
  // A row the books hold but the connector cannot read (wrong GSTIN check digit).
  lines.push('PV-BAD,29AABCL1234M1ZZ,Broken Row,BR-1,05-10-2026,Invoice,100.00,18.00,0,0,0,118.00');
  return [header, ...lines].join('\n');
}

beforeAll(async () => {
  sandbox = await startSandbox({
    only: ['returns'],
    rateLimit: { limit: 0, windowMs: 60_000 },
    returns: { periods: [{ gstin: GSTIN, period: PERIOD }] },
  });
  sandbox.clock.set(NOW);
  gateway = sandbox.simulators.find((s) => s.name === 'returns')!.handle as ReturnsSimulatorHandle;
  seeded = gateway.period(GSTIN, PERIOD);
  dataDir = mkdtempSync(join(tmpdir(), 'reco-data-'));
  purchaseDir = join(dataDir, 'purchases');
  mkdirSync(purchaseDir, { recursive: true });
  writeFileSync(join(purchaseDir, 'purchases-2026-10.csv'), register(seeded.book));

  db = await createMigratedTestDatabase('reco');
  await migrateDatabase(db.url);
  const options = (roles: string[]) => ({
    databaseUrl: db.url,
    // Shared, as instances of one deployment share the master key that seals gsp_session.
    dataDir,
    roles,
    connectors: [{ name: 'books', kind: 'csv', config: { purchaseDir } }],
    config: {
      reconciliation: {
        enabled: true,
        checkEverySeconds: 3600,
        gstins: [
          {
            gstin: GSTIN,
            connector: 'books',
            gateway: {
              baseUrl: sandbox.urls[RETURNS_SERVICE],
              email: account.email,
              clientId: account.clientId,
              clientSecret: account.clientSecret,
              gstUsername: account.gstUsername,
              ipAddress: '10.1.2.3',
            },
          },
        ],
      },
    },
  });
  // A ticks and answers the API; B also works the queue.
  a = await startTestApp(options(['api', 'scheduler']));
  api = axios.create({ baseURL: a.url, headers: { 'x-api-key': TEST_API_KEY }, validateStatus: () => true });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  await db?.drop();
  await sandbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function report(): Promise<ReportView> {
  const response = await api.get<ReportView>(`/reconciliation/${GSTIN}/${PERIOD}`);
  expect(response.status).toBe(200);
  return response.data;
}

describe('scheduled GSTR-2B reconciliation', () => {
  it('opens the gateway session with the OTP an operator submits, shared through gsp_session', async () => {
    expect((await api.post(`/returns/${GSTIN}/session/otp-request`, { operator: 'asha' })).data.state).toBe(
      'otp-requested',
    );
    const metrics = async () => (await api.get<string>('/metrics', { responseType: 'text' })).data;
    expect(await metrics()).toContain(
      `connector_return_gateway_session{gstin="${GSTIN}",state="otp-requested"} 1`,
    );
    const wrong = await api.post(`/returns/${GSTIN}/session/otp`, { otp: '123456', operator: 'asha' });
    expect(wrong.status).toBe(422);
    expect(wrong.data).toMatchObject({ errorClass: 'auth', code: 'AUTH4033' });
    const right = await api.post(`/returns/${GSTIN}/session/otp`, { otp: gateway.otp, operator: 'asha' });
    expect(right.status).toBe(200);
    expect(right.data.state).toBe('active');
    const scraped = await metrics();
    expect(scraped).toContain(`connector_return_gateway_session{gstin="${GSTIN}",state="active"} 1`);
    const expiry = new RegExp(`connector_return_gateway_session_expiry_seconds\\{gstin="${GSTIN}"\\} (\\d+)`);
    expect(Number(expiry.exec(scraped)?.[1])).toBeGreaterThan(0);
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const { rows } = await pg.query<{ key: string; token: string }>(`SELECT key, token FROM gsp_session`);
    await pg.end();
    expect(rows.map((r) => r.key)).toEqual([`returns:${GSTIN}:${account.gstUsername}`]);
    // Sealed at rest: neither the session's state nor its transaction id is stored as text.
    expect(rows[0].token).not.toMatch(/active|txn|token/);
  });

  it('opens the session from the CLI as well', async () => {
    const env = { CONNECTOR_URL: a.url, CONNECTOR_API_KEY: TEST_API_KEY };
    const requested = await runCli(['returns', 'otp-request', GSTIN, '--operator', 'ravi'], { env });
    expect(requested).toMatchObject({ code: 0, stdout: expect.stringContaining(`${GSTIN}: otp-requested`) });
    const wrong = await runCli(['returns', 'otp', GSTIN, '000000', '--operator', 'ravi'], { env });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/Invalid OTP/);
    const right = await runCli(['returns', 'otp', GSTIN, gateway.otp, '--operator', 'ravi'], { env });
    expect(right).toMatchObject({ code: 0, stdout: expect.stringContaining(`${GSTIN}: active (until `) });
    expect((await runCli(['returns', 'session', GSTIN, '--json'], { env })).stdout).toMatch(
      /"state": "active"/,
    );
  });

  it('creates one run per GSTIN and period however many instances tick, retries a failed fetch and reports it', async () => {
    // Every attempt of the first fetch fails (HTTP 500): the run is recorded failed and retried by the queue.
    await axios.post(`${sandbox.urls[RETURNS_SERVICE]}/__sandbox/faults`, {
      path: '^/gstr2b/all',
      fault: '500',
      count: 3,
    });
    b = await startTestApp({ ...optionsOf(a), roles: ['api', 'worker', 'scheduler'] });
    const ticks = await Promise.all(
      [a, b, a, b].map((t) => t.app.get(ReconciliationSchedulerService).tick(NOW)),
    );
    // Stately queue: at most one job created per GSTIN and period, whoever ticks (the run itself is
    // single by the reco_run row and the period lock: see the runs below).
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const { rows } = await pg.query<{ state: string; n: string }>(
      `SELECT state, count(*) AS n FROM pgboss.job WHERE name = 'reconciliation-run' AND singleton_key = $1
         AND state IN ('created', 'retry', 'active') GROUP BY state`,
      [`${GSTIN}:${PERIOD}`],
    );
    await pg.end();
    expect(
      rows.filter((r) => r.state === 'created').reduce((n, r) => n + Number(r.n), 0),
    ).toBeLessThanOrEqual(1);
    expect(rows.filter((r) => r.state === 'active').reduce((n, r) => n + Number(r.n), 0)).toBeLessThanOrEqual(
      1,
    );
    expect(ticks.flat().length).toBeLessThanOrEqual(1);

    const runs = await eventually(async () => {
      const list = (
        await api.get<{ state: string; error: string | null; errorClass: string | null }[]>(
          `/reconciliation/runs?gstin=${GSTIN}&period=${PERIOD}`,
        )
      ).data;
      return list.some((r) => r.state === 'completed') ? list : undefined;
    }, 30_000);
    expect(runs.map((r) => r.state)).toEqual(['completed', 'failed']);
    expect(runs[1]).toMatchObject({ errorClass: 'transient', error: expect.stringMatching(/gstr2b\/all/) });
    // While a run of the period is in progress (its reco_run row), another instance's run is skipped.
    const repository = a.app.get(ReconciliationRepository);
    const holder = await repository.startRun(GSTIN, PERIOD, 'test');
    expect(holder).toBeDefined();
    const second = await axios.post(
      `${b.url}/reconciliation/${GSTIN}/${PERIOD}/run`,
      { operator: 'asha' },
      { headers: { 'x-api-key': TEST_API_KEY } },
    );
    expect(second.data).toEqual({ skipped: expect.stringMatching(/already running/) });
    await repository.failRun(holder!, 'test holder released', 'transient');
    // Completed: a later tick enqueues nothing for the period.
    expect(await a.app.get(ReconciliationSchedulerService).tick(NOW)).toEqual([]);
  });

  it('puts every document in the category the seeded differences call for', async () => {
    const { matches, categories, unreadablePurchases } = await report();
    // A note's erp id ends in its type (india-purchases:PV-00011:CRN), as on the sales side.
    const byVoucher = new Map(
      matches.filter((m) => m.erpId).map((m) => [m.erpId!.replace(/:(CRN|DBN)$/, ''), m]),
    );
    for (const expected of seeded.expected) {
      if (expected.voucherNo) {
        const match = byVoucher.get(`india-purchases:${expected.voucherNo}`);
        expect({
          scenario: expected.scenario,
          category: match?.category,
          number: match?.gstr2bNumber ?? undefined,
        }).toEqual({
          scenario: expected.scenario,
          category: expected.category,
          number: expected.gstr2b?.number,
        });
      } else {
        const match = matches.find(
          (m) => m.gstr2bNumber === expected.gstr2b!.number && m.section === expected.gstr2b!.section,
        );
        expect({ scenario: expected.scenario, category: match?.category, erpId: match?.erpId }).toEqual({
          scenario: expected.scenario,
          category: expected.category,
          erpId: null,
        });
      }
    }
    expect(matches).toHaveLength(seeded.expected.length);
    const count = (category: string) => seeded.expected.filter((e) => e.category === category).length;
    for (const category of ['exact', 'suggested', 'mismatch', 'pan', 'missing-in-2b', 'missing-in-books']) {
      expect(categories[category].count).toBe(count(category));
    }
    // The amended invoice was matched against the b2ba version, not the replaced original.
    expect(
      byVoucher.get(
        `india-purchases:${seeded.expected.find((e) => e.scenario === 'amended by supplier')!.voucherNo}`,
      )!.section,
    ).toBe('b2ba');
    expect(categories['missing-in-2b'].itcAtStake).toBe('8100.00');
    // What 2B says of the credit travels with the verdict.
    expect(matches.find((m) => m.gstr2bNumber === 'RS-2099')!.explanation).toContain(
      'GSTR-2B marks the input tax credit temporarily unavailable',
    );
    expect(unreadablePurchases).toEqual([
      expect.objectContaining({
        erpId: 'india-purchases:PV-BAD',
        fieldErrors: [expect.objectContaining({ rule: 'gstin.checkDigit' })],
      }),
    ]);
  });

  it('records operator actions, audited, and keeps them when the period is run again', async () => {
    const before = await report();
    const suggested = before.matches.filter((m) => m.category === 'suggested').map((m) => m.id);
    const mismatch = before.matches.find((m) => m.category === 'mismatch')!;
    const missingInBooks = before.matches.find(
      (m) => m.category === 'missing-in-books' && m.section === 'impg',
    )!;
    expect(
      (
        await api.post('/reconciliation/matches/actions', {
          action: 'accept',
          matchIds: suggested,
          operator: 'asha',
          reason: 'checked with supplier',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.post('/reconciliation/matches/actions', {
          action: 'ignore',
          matchIds: [missingInBooks.id],
          operator: 'asha',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.post('/reconciliation/matches/actions', {
          action: 'unlink',
          matchIds: [mismatch.id],
          operator: 'asha',
          reason: 'different invoice',
        })
      ).status,
    ).toBe(200);
    const unknown = await api.post('/reconciliation/matches/actions', {
      action: 'accept',
      matchIds: ['00000000-0000-4000-8000-000000000000'],
      operator: 'asha',
    });
    expect(unknown.status).toBe(404);

    const rerun = await api.post(`/reconciliation/${GSTIN}/${PERIOD}/run`, { operator: 'asha' });
    expect(rerun.status).toBe(200);
    const after = await report();
    const decisions = after.matches
      .filter((m) => m.decision)
      .map((m) => [m.decision, m.category, m.erpId ?? m.gstr2bNumber])
      .sort();
    expect(decisions).toEqual(
      [
        ...suggested.map((id) => {
          const m = before.matches.find((x) => x.id === id)!;
          return ['accepted', 'suggested', m.erpId];
        }),
        ['ignored', 'missing-in-books', missingInBooks.gstr2bNumber],
        ['unlinked', 'missing-in-2b', mismatch.erpId],
        ['unlinked', 'missing-in-books', mismatch.gstr2bNumber],
      ].sort(),
    );
    // Idempotent: the undecided verdicts are the same as before the re-run.
    const undecided = (r: ReportView) =>
      r.matches
        .filter((m) => !m.decision)
        .map((m) => `${m.category}:${m.erpId}:${m.gstr2bNumber}`)
        .sort();
    const touched = new Set([...suggested, mismatch.id, missingInBooks.id]);
    expect(undecided(after)).toEqual(
      before.matches
        .filter((m) => !touched.has(m.id))
        .map((m) => `${m.category}:${m.erpId}:${m.gstr2bNumber}`)
        .sort(),
    );

    // Manual link of the unlinked pair again, audited.
    const purchase = after.matches.find((m) => m.decision === 'unlinked' && m.erpId)!;
    const document = after.matches.find((m) => m.decision === 'unlinked' && m.gstr2bNumber)!;
    const ids = await api.get<{ matches: (MatchView & { purchaseId: string; gstr2bId: string })[] }>(
      `/reconciliation/${GSTIN}/${PERIOD}`,
    );
    const link = await api.post('/reconciliation/matches/link', {
      purchaseId: ids.data.matches.find((m) => m.id === purchase.id)!.purchaseId,
      gstr2bId: ids.data.matches.find((m) => m.id === document.id)!.gstr2bId,
      operator: 'asha',
      reason: 'same invoice after all',
    });
    expect(link.data).toMatchObject({ category: 'mismatch' });

    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const { rows } = await pg.query<{ action: string; actor: string; n: string }>(
      `SELECT action, actor, count(*) AS n FROM audit_event WHERE action LIKE 'reco-%' OR action LIKE 'returns-%' GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    await pg.end();
    expect(rows).toEqual([
      { action: 'reco-accept', actor: 'operator:asha', n: String(suggested.length) },
      { action: 'reco-ignore', actor: 'operator:asha', n: '1' },
      { action: 'reco-link', actor: 'operator:asha', n: '1' },
      { action: 'reco-unlink', actor: 'operator:asha', n: '1' },
      { action: 'returns-otp-request', actor: 'operator:asha', n: '1' },
      { action: 'returns-otp-request', actor: 'operator:ravi', n: '1' },
      { action: 'returns-otp-submit', actor: 'operator:asha', n: '1' },
      { action: 'returns-otp-submit', actor: 'operator:ravi', n: '1' },
    ]);
  });

  it('imports the GSTR-2B JSON downloaded from the portal, refusing a file with unreadable entries', async () => {
    const period = '092026';
    gateway.period(GSTIN, period);
    // What the portal's download holds: the return's {chksum, data}, fetched here from the simulated gateway.
    const client = new ReturnGatewayClient(
      {
        baseUrl: sandbox.urls[RETURNS_SERVICE],
        apiBaseUrl: `${sandbox.urls[RETURNS_SERVICE]}/gst`,
        email: account.email,
        clientId: account.clientId,
        clientSecret: account.clientSecret,
        gstin: GSTIN,
        gstUsername: account.gstUsername,
        stateCode: GSTIN.slice(0, 2),
        ipAddress: '10.1.2.3',
        gstr2bCatalog: 'B',
      },
      { now: () => sandbox.clock.nowMs() },
    );
    const { data } = (await client.fetchGstr2b(period)) as { data: Record<string, unknown> };
    const file = { chksum: data.chksum, data };
    const broken = JSON.parse(JSON.stringify(file)) as {
      data: { docdata: { b2b: { inv: { dt: string }[] }[] } };
    };
    broken.data.docdata.b2b[0].inv[0].dt = '2026-09-03';
    const refused = await api.post(`/reconciliation/${GSTIN}/import?operator=asha`, broken);
    expect(refused.status).toBe(400);
    expect(refused.data.message).toMatch(
      /^GSTR-2B has 1 unreadable entry: data\.docdata\.b2b\[0\]\.inv\[0\]\.dt: dt is not dd-mm-yyyy \(2026-09-03\)/,
    );
    const other = await api.post(`/reconciliation/27AACCR5678N1ZX/import`, file);
    expect(other.status).toBe(404);

    const imported = await api.post(`/reconciliation/${GSTIN}/import?operator=asha`, file);
    expect(imported.status).toBe(200);
    expect(imported.data.summary).toMatchObject({
      gstr2bDocuments: seeded.expected.filter((e) => e.gstr2b).length,
    });
    const runs = (
      await api.get<{ trigger: string; state: string }[]>(
        `/reconciliation/runs?gstin=${GSTIN}&period=${period}`,
      )
    ).data;
    expect(runs).toEqual([expect.objectContaining({ trigger: 'import:asha', state: 'completed' })]);
    // The register holds October's bills only: every September 2B document is missing in the books.
    const september = (await api.get<ReportView>(`/reconciliation/${GSTIN}/${period}`)).data;
    expect(
      Object.entries(september.categories)
        .filter(([, c]) => c.count > 0)
        .map(([name]) => name),
    ).toEqual(['missing-in-books']);
  });

  it('summarises per supplier and exports CSV', async () => {
    const suppliers = (
      await api.get<{ supplierGstin: string; documents: number; itcAtStake: string; open: number }[]>(
        `/reconciliation/${GSTIN}/${PERIOD}/suppliers`,
      )
    ).data;
    expect(suppliers.reduce((n, s) => n + s.documents, 0)).toBe(seeded.expected.length);
    const atStake = suppliers.map((s) => Number(s.itcAtStake));
    expect(atStake).toEqual([...atStake].sort((x, y) => y - x));
    const csv = await api.get<string>(`/reconciliation/${GSTIN}/${PERIOD}/export.csv`, {
      responseType: 'text',
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="reconciliation-${GSTIN}-${PERIOD}.csv"`,
    );
    const lines = csv.data.trim().split('\n');
    expect(lines[0]).toMatch(/^Category,Rule,Supplier GSTIN/);
    expect(lines).toHaveLength(seeded.expected.length + 1);

    const xlsx = await api.get<ArrayBuffer>(`/reconciliation/${GSTIN}/${PERIOD}/export.xlsx`, {
      responseType: 'arraybuffer',
    });
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    const workbook = new Workbook();
    await workbook.xlsx.load(xlsx.data);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(seeded.expected.length + 1);
    expect(sheet.getRow(1).getCell(1).text).toBe('Category');
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining([expect.any(String)]));
    // Amounts are numbers a spreadsheet sums, shown to two places, and the sum is the books' tax.
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const booksTax = headers.indexOf('Tax (books)') + 1;
    expect(sheet.getColumn(booksTax).numFmt).toBe('#,##0.00');
    const cells = Array.from(
      { length: sheet.rowCount - 1 },
      (_, i) => sheet.getRow(i + 2).getCell(booksTax).value,
    );
    const numbers = cells.filter((value) => value !== null && value !== '');
    expect(numbers.length).toBeGreaterThan(0);
    for (const value of numbers) expect(typeof value).toBe('number');
    const csvRecords: string[][] = parse(csv.data, { bom: true });
    const csvTax = csvRecords
      .slice(1)
      .map((record) => record[headers.indexOf('Tax (books)')])
      .filter((cell) => cell !== '');
    expect(numbers.map((value) => (value as number).toFixed(2))).toEqual(
      csvTax.map((cell) => new Dec(cell).toFixed(2)),
    );
  });
});

function optionsOf(app: TestApp) {
  return {
    databaseUrl: app.databaseUrl,
    dataDir: app.dataDir,
    connectors: [{ name: 'books', kind: 'csv', config: { purchaseDir } }],
    config: { reconciliation: app.config.reconciliation as unknown as Record<string, unknown> },
  };
}
