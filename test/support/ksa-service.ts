/**
 * KSA through the service in its own processes (test/einvoice-e2e/child-app.ts) against the ZATCA
 * simulator: a webhook connector for one EGS unit, onboarding, pushes, and the checks of what ZATCA and
 * the database hold of the unit's invoice chain.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { DataSource } from 'typeorm';
import { demoEgsUnit } from '../../src/regimes/sa-zatca/fixtures/demo-egs-unit';
import { sampleSaudiInvoice } from '../../src/domain/__fixtures__';
import type { InvoiceRecord, ZatcaSimulator } from '@erp-connector/sandbox/zatca';
import { json, postSignedWebhook } from './http';
import { TEST_API_KEY } from './test-app';

export const SECRET = 'whsec-ksa-kill-0123456789abcdef0123';
export const EGS = 'egs-riyadh-kill';
export const CONNECTOR = 'riyadh';
/** SHA-256 of "0", base64: the PIH of an EGS unit's first invoice (ZATCA's e-invoicing guideline). */
export const FIRST_PIH =
  'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

export const connectors = [
  {
    name: CONNECTOR,
    kind: 'webhook',
    regimes: ['sa-zatca'],
    regimeSettings: { 'sa-zatca': { egsUnitId: EGS } },
    config: { secret: SECRET },
  },
];

export function rawConfig(
  databaseUrl: string,
  dataDir: string,
  roles: string[] = ['api', 'worker', 'scheduler'],
  schedule: Record<string, number> = {},
): Record<string, unknown> {
  return {
    server: { port: 0, roles, dataDir },
    database: { url: databaseUrl },
    security: { apiKeys: [TEST_API_KEY] },
    queue: { batchSize: 20, pollingIntervalSeconds: 0.5, maxAttempts: 4, submittingLeaseSeconds: 5 },
    // The reporting job runs in the child on its own; pulls and sweeps are left to the test.
    schedule: { pullEverySeconds: 3600, sweepEverySeconds: 3600, zatcaReportEverySeconds: 5, ...schedule },
    connectors,
  };
}

export interface Child {
  url: string;
  kill(): Promise<void>;
}

/** The application in its own process (test/einvoice-e2e/child-app.ts), so SIGKILL stops it anywhere. */
export async function startChild(
  zatca: ZatcaSimulator,
  databaseUrl: string,
  dataDir: string,
  roles?: string[],
  schedule?: Record<string, number>,
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
          rawConfig: rawConfig(databaseUrl, dataDir, roles, schedule),
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

export const api = (baseUrl: string, path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
  });

export async function onboard(baseUrl: string, zatca: ZatcaSimulator): Promise<void> {
  const unit = demoEgsUnit(EGS);
  const res = await api(baseUrl, `/zatca/egs-units/${EGS}/onboard`, {
    method: 'POST',
    body: JSON.stringify({ otp: zatca.otp, csr: unit.csr, seller: unit.seller }),
  });
  if (res.status !== 201) throw new Error(`onboarding refused: HTTP ${res.status} ${await res.text()}`);
}

export async function push(
  baseUrl: string,
  kind: 'standard' | 'simplified',
  prefix: string,
  count: number,
): Promise<string[]> {
  const today = new Date().toISOString().slice(0, 10);
  const documents = Array.from({ length: count }, (_, i) => {
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
export async function hangAnswersAfterCommit(
  zatca: ZatcaSimulator,
  path: string,
  count: number,
): Promise<void> {
  const res = await fetch(`${zatca.url}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path, fault: 'timeout-after-commit', count }),
  });
  if (res.status !== 201) throw new Error(`fault not queued: HTTP ${res.status}`);
}

export const accepted = (zatca: ZatcaSimulator, endpoint: InvoiceRecord['endpoint'], status: string) =>
  zatca.records.invoices.filter((r) => r.endpoint === endpoint && r.status === status);

export interface SubmissionView {
  id: string;
  state: string;
  zatcaStatus: string | null;
  zatcaUuid: string | null;
  zatcaIcv: number | null;
}

export async function submissions(baseUrl: string, ids: string[]): Promise<SubmissionView[]> {
  return Promise.all(
    ids.map(
      async (id) => (await json(await api(baseUrl, `/documents/${id}`))).submissions[0] as SubmissionView,
    ),
  );
}

/** The unit's chain as stored: ICVs 1..n without a gap, each PIH the hash of the invoice before. */
export async function assertChainIntact(dataSource: DataSource, expectedLength: number): Promise<void> {
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
export function assertOncePerInvoice(records: InvoiceRecord[], uuids: string[]): void {
  expect(records.map((r) => r.uuid).sort()).toEqual([...uuids].sort());
  expect(new Set(records.map((r) => r.icv)).size).toBe(records.length);
}
