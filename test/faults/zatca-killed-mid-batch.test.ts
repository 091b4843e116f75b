/**
 * KSA: a service process killed with SIGKILL between sending invoices to ZATCA and recording the answers
 * (ZATCA cleared or reported them; the answers hang, the process dies), and another process on the same
 * database and data folder: every invoice ends WRITTEN_BACK with ZATCA's final status, ZATCA holds each
 * invoice once (the simulator's record is the judge: a resend of the same signed invoice is answered 409
 * and not recorded again, a new UUID or ICV would be), and the EGS unit's ICV/PIH chain has no gap and no
 * fork.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import { runMigrations } from '../../src/database/data-source';
import { demoEgsUnit } from '../../src/development/demo-egs-unit';
import { sampleSaudiInvoice } from '../../src/domain/__fixtures__';
import { startZatcaSimulator, type InvoiceRecord, type ZatcaSimulator } from '../../src/sandbox/zatca';
import { SweepService } from '../../src/sync/sweep.service';
import { ZatcaReportingService } from '../../src/sync/zatca-reporting.service';
import { json, postSignedWebhook } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { createTestDatabase } from '../support/test-database';

const SECRET = 'whsec-ksa-kill-0123456789abcdef0123';
const EGS = 'egs-riyadh-kill';
const CONNECTOR = 'riyadh';
const INVOICES = 5;
/** SHA-256 of "0", base64: the PIH of an EGS unit's first invoice (ZATCA's e-invoicing guideline). */
const FIRST_PIH = 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

const connectors = [
  {
    name: CONNECTOR,
    kind: 'webhook',
    regimes: ['sa-zatca'],
    regimeSettings: { 'sa-zatca': { egsUnitId: EGS } },
    config: { secret: SECRET },
  },
];

function rawConfig(databaseUrl: string, dataDir: string): Record<string, unknown> {
  return {
    server: { port: 0, roles: ['api', 'worker', 'scheduler'], dataDir },
    database: { url: databaseUrl },
    security: { apiKeys: [TEST_API_KEY] },
    queue: { batchSize: 20, pollingIntervalSeconds: 0.5, maxAttempts: 4, submittingLeaseSeconds: 5 },
    // The reporting job runs in the child on its own; pulls and sweeps are left to the test.
    schedule: { pullEverySeconds: 3600, sweepEverySeconds: 3600, zatcaReportEverySeconds: 5 },
    connectors,
  };
}

interface Child {
  url: string;
  kill(): Promise<void>;
}

/** The application in its own process (test/einvoice-e2e/child-app.ts), so SIGKILL stops it anywhere. */
async function startChild(zatca: ZatcaSimulator, databaseUrl: string, dataDir: string): Promise<Child> {
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
          rawConfig: rawConfig(databaseUrl, dataDir),
          databaseUrl,
          regimeDefaults: { 'sa-zatca': { baseUrl: zatca.url } },
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

const api = (baseUrl: string, path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
  });

async function onboard(baseUrl: string, zatca: ZatcaSimulator): Promise<void> {
  const unit = demoEgsUnit(EGS);
  const res = await api(baseUrl, `/zatca/egs-units/${EGS}/onboard`, {
    method: 'POST',
    body: JSON.stringify({ otp: zatca.otp, csr: unit.csr, seller: unit.seller }),
  });
  if (res.status !== 201) throw new Error(`onboarding refused: HTTP ${res.status} ${await res.text()}`);
}

async function push(baseUrl: string, kind: 'standard' | 'simplified', prefix: string): Promise<string[]> {
  const today = new Date().toISOString().slice(0, 10);
  const documents = Array.from({ length: INVOICES }, (_, i) => {
    const number = `${prefix}-${i + 1}`;
    const invoice = sampleSaudiInvoice({ documentNumber: number, documentDate: today });
    return kind === 'standard'
      ? { ...invoice, ksa: { ...invoice.ksa, egsUnitId: EGS } }
      : sampleSaudiInvoice({
          documentNumber: number,
          documentDate: today,
          supplyType: 'B2C',
          ksa: { invoiceKind: 'simplified', issueTime: '09:30:00', egsUnitId: EGS },
        });
  });
  const res = await postSignedWebhook(baseUrl, CONNECTOR, SECRET, JSON.stringify({ documents }));
  const answer = await json(res);
  if (res.status !== 202 || answer.rejected.length > 0) {
    throw new Error(`push refused: HTTP ${res.status} ${JSON.stringify(answer)}`);
  }
  return answer.accepted.map((a: { documentId: string }) => a.documentId);
}

/** Queues `count` answers ZATCA commits and never sends, on one endpoint of the simulator. */
async function hangAnswersAfterCommit(zatca: ZatcaSimulator, path: string, count: number): Promise<void> {
  const res = await fetch(`${zatca.url}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path, fault: 'timeout-after-commit', count }),
  });
  if (res.status !== 201) throw new Error(`fault not queued: HTTP ${res.status}`);
}

const accepted = (zatca: ZatcaSimulator, endpoint: InvoiceRecord['endpoint'], status: string) =>
  zatca.records.invoices.filter((r) => r.endpoint === endpoint && r.status === status);

interface SubmissionView {
  id: string;
  state: string;
  zatcaStatus: string | null;
  zatcaUuid: string | null;
  zatcaIcv: number | null;
}

async function submissions(baseUrl: string, ids: string[]): Promise<SubmissionView[]> {
  return Promise.all(
    ids.map(
      async (id) => (await json(await api(baseUrl, `/documents/${id}`))).submissions[0] as SubmissionView,
    ),
  );
}

/** The unit's chain as stored: ICVs 1..n without a gap, each PIH the hash of the invoice before. */
async function assertChainIntact(dataSource: DataSource, expectedLength: number): Promise<void> {
  const rows: { icv: number; pih: string; invoice_hash: string }[] = await dataSource.query(
    `SELECT icv, pih, invoice_hash FROM zatca_signed_invoice WHERE egs_unit_id = $1 ORDER BY icv`,
    [EGS],
  );
  expect(rows.map((r) => r.icv)).toEqual(Array.from({ length: expectedLength }, (_, i) => i + 1));
  rows.forEach((row, i) =>
    expect([row.icv, row.pih]).toEqual([row.icv, i === 0 ? FIRST_PIH : rows[i - 1].invoice_hash]),
  );
  const [head]: { icv: number; pih: string }[] = await dataSource.query(
    `SELECT icv, pih FROM zatca_chain WHERE egs_unit_id = $1`,
    [EGS],
  );
  expect(head).toEqual({ icv: expectedLength, pih: rows[rows.length - 1].invoice_hash });
}

/** Each UUID ZATCA accepted, once; the ICVs it saw, one per slot. */
function assertOncePerInvoice(records: InvoiceRecord[], uuids: string[]): void {
  expect(records.map((r) => r.uuid).sort()).toEqual([...uuids].sort());
  expect(new Set(records.map((r) => r.icv)).size).toBe(records.length);
}

describe('KSA: a process killed between sending to ZATCA and recording the answer, another one resumes', () => {
  let zatca: ZatcaSimulator;
  let db: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let child: Child | undefined;
  let second: TestApp | undefined;

  beforeEach(async () => {
    zatca = await startZatcaSimulator({ environment: 'simulation' });
    db = await createTestDatabase('zatca_kill');
    await runMigrations(db.url);
    dataDir = mkdtempSync(join(tmpdir(), 'zatca-kill-'));
  });
  afterEach(async () => {
    await child?.kill();
    await second?.close();
    child = undefined;
    second = undefined;
    await zatca.stop();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const resume = () =>
    startTestApp({
      databaseUrl: db.url,
      dataDir,
      connectors,
      regimeDefaults: { 'sa-zatca': { baseUrl: zatca.url } },
    });

  it('clearance: every standard invoice cleared once, WRITTEN_BACK, the chain 1..n unbroken', async () => {
    child = await startChild(zatca, db.url, dataDir);
    await onboard(child.url, zatca);
    await hangAnswersAfterCommit(zatca, '/invoices/clearance/single', INVOICES);
    const ids = await push(child.url, 'standard', 'KSA-KILL-C');
    // ZATCA cleared what the process sent; the process heard none of the answers.
    await eventually(
      () => Promise.resolve(accepted(zatca, 'clearance', 'CLEARED').length >= 1 || undefined),
      30_000,
    );
    await new Promise((r) => setTimeout(r, 2_000));
    const before = await submissions(child.url, ids);
    expect(before.filter((s) => s.zatcaStatus === 'CLEARED')).toEqual([]);
    await child.kill();

    second = await resume();
    const sweep = second.app.get(SweepService);
    const settled = await eventually(
      async () => {
        await sweep.sweep();
        const views = await submissions(second!.url, ids);
        return views.every((s) => s.state === 'WRITTEN_BACK') ? views : undefined;
      },
      60_000,
      500,
    );
    expect(settled.map((s) => s.zatcaStatus)).toEqual(ids.map(() => 'CLEARED'));
    const cleared = accepted(zatca, 'clearance', 'CLEARED');
    assertOncePerInvoice(
      cleared,
      settled.map((s) => s.zatcaUuid!),
    );
    expect(zatca.records.invoices.filter((r) => r.endpoint === 'clearance')).toHaveLength(INVOICES);
    expect(settled.map((s) => s.zatcaIcv).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5]);
    await assertChainIntact(second.app.get(DataSource), INVOICES);
  }, 150_000);

  it('reporting: every simplified invoice reported once, WRITTEN_BACK as REPORTED, the chain unbroken', async () => {
    child = await startChild(zatca, db.url, dataDir);
    await onboard(child.url, zatca);
    // The job reports one invoice at a time, each answer stored before the next is sent: the first
    // answer hangs, the process dies with it unrecorded.
    await hangAnswersAfterCommit(zatca, '/invoices/reporting/single', 1);
    const ids = await push(child.url, 'simplified', 'KSA-KILL-R');
    // Signed and written back at once (QR first); the child's reporting job then sends the oldest.
    await eventually(
      () => Promise.resolve(accepted(zatca, 'reporting', 'REPORTED').length === 1 || undefined),
      45_000,
    );
    const before = await submissions(child.url, ids);
    expect(before.map((s) => s.zatcaStatus)).toEqual(ids.map(() => 'SIGNED_PENDING_REPORTING'));
    await child.kill();

    second = await resume();
    const reporting = second.app.get(ZatcaReportingService);
    const sweep = second.app.get(SweepService);
    const settled = await eventually(
      async () => {
        await reporting.reportDue();
        await sweep.sweep();
        const views = await submissions(second!.url, ids);
        return views.every((s) => s.state === 'WRITTEN_BACK' && s.zatcaStatus === 'REPORTED')
          ? views
          : undefined;
      },
      60_000,
      500,
    );
    const reported = accepted(zatca, 'reporting', 'REPORTED');
    assertOncePerInvoice(
      reported,
      settled.map((s) => s.zatcaUuid!),
    );
    expect(zatca.records.invoices.filter((r) => r.endpoint === 'reporting')).toHaveLength(INVOICES);
    await assertChainIntact(second.app.get(DataSource), INVOICES);
  }, 150_000);
});
