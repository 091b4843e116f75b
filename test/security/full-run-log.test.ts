/**
 * The service as `npm start` runs it (embedded PostgreSQL, in-process sandbox, the example connectors),
 * with the sample invoices flowing through to write-back at debug log level: its whole output must hold
 * none of the secrets in use (API key, master key, GSP client secret and password, webhook secret) and
 * none of the invoices' contents (buyers' names, addresses, GSTINs, item descriptions). The secret files
 * the service generates are readable by their owner only.
 *
 * At the default level (info). At debug level the compliance HTTP client logs request and response
 * bodies (redacted of credentials, not of invoice contents): a diagnostic level, not for production.
 */
import { parse } from 'csv-parse/sync';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sampleSaudiInvoice } from '../../src/domain/__fixtures__';
import { DEFAULT_EINVOICE_ACCOUNTS } from '@erp-connector/sandbox/einvoice';
import { json, postSignedWebhook } from '../support/http';
import { eventually } from '../support/test-app';
import { isRunning, postmasterPid, startService, type ServiceProcess } from '../runtime/service-process';

const SAMPLE_CSV = resolve(__dirname, '..', '..', 'config', 'samples', 'inbox', 'sales-2026-11.csv');

interface SampleRow {
  InvoiceNo: string;
  BuyerGSTIN: string;
  BuyerName: string;
  BuyerAddress: string;
  SellerAddress: string;
  ItemDescription: string;
}

/** Every file under `dir` (not into the PostgreSQL cluster, whose files PostgreSQL itself creates). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'pg' ? [] : filesUnder(path);
    return [path];
  });
}

describe('security: a full run logs no secret and no invoice content', () => {
  const root = mkdtempSync(join(tmpdir(), 'security-full-run-'));
  chmodSync(root, 0o755);
  const dataDir = join(root, 'data');
  const apiKey = `api-${randomBytes(16).toString('hex')}`;
  const masterKey = randomBytes(32).toString('hex');
  let service: ServiceProcess | undefined;
  afterAll(async () => {
    await service?.kill('SIGKILL');
    const pid = postmasterPid(join(dataDir, 'pg'));
    if (pid && isRunning(pid)) process.kill(pid, 'SIGINT');
    rmSync(root, { recursive: true, force: true });
  });

  it('runs the samples to write-back with nothing secret or personal in its output', async () => {
    service = await startService({
      DATA_DIR: dataDir,
      API_KEYS: apiKey,
      ENCRYPTION_KEY: masterKey,
      LOG_LEVEL: 'info',
    });
    const run = service;
    const api = (path: string) => fetch(`${run.url}${path}`, { headers: { 'X-API-Key': apiKey } });

    const rows = parse<SampleRow>(readFileSync(SAMPLE_CSV, 'utf8'), { columns: true });
    const numbers = new Set(rows.map((r) => r.InvoiceNo));
    const webhookSecret = readFileSync(
      join(dataDir, 'connectors', 'ksa-example', 'webhook-secret'),
      'utf8',
    ).trim();
    await eventually(
      () => Promise.resolve(run.output().includes('EGS unit egs-riyadh-01 onboarded') || undefined),
      60_000,
    );
    const saudi = sampleSaudiInvoice({
      documentNumber: 'KSA-LOG-1',
      documentDate: new Date().toISOString().slice(0, 10),
    });
    const posted = await postSignedWebhook(
      run.url,
      'ksa-example',
      webhookSecret,
      JSON.stringify({ documents: [saudi] }),
    );
    expect(posted.status).toBe(202);

    const wanted = new Set([...numbers, 'KSA-LOG-1']);
    await eventually(
      async () => {
        const body = await json(await api('/documents?limit=100'));
        const done = (body.items as { docNumber: string; submissions: { state: string }[] }[]).filter(
          (d) => wanted.has(d.docNumber) && d.submissions.every((s) => s.state === 'WRITTEN_BACK'),
        );
        return done.length === wanted.size ? done : undefined;
      },
      90_000,
      500,
    );
    expect(await service.kill('SIGTERM')).toBe(0);
    const output = service.output();
    expect(output).toContain('connector listening on');

    const account = DEFAULT_EINVOICE_ACCOUNTS[0];
    const secrets: Record<string, string> = {
      'API key': apiKey,
      'master key': masterKey,
      'GSP client secret': account.clientSecret,
      'GSP password': account.password,
      'webhook secret': webhookSecret,
    };
    const contents: Record<string, string> = {};
    for (const row of rows) {
      contents[`buyer name of ${row.InvoiceNo}`] = row.BuyerName;
      contents[`buyer address of ${row.InvoiceNo}`] = row.BuyerAddress;
      contents[`buyer GSTIN of ${row.InvoiceNo}`] = row.BuyerGSTIN;
      contents[`seller address of ${row.InvoiceNo}`] = row.SellerAddress;
      contents[`item of ${row.InvoiceNo}`] = row.ItemDescription;
    }
    contents['KSA buyer name'] = saudi.buyer.legalName;
    contents['KSA buyer VAT number'] = saudi.buyer.vatNumber ?? '';
    contents['KSA buyer street'] = saudi.buyer.address.line1;
    const found = Object.entries({ ...secrets, ...contents })
      .filter(([, value]) => value.length >= 6 && output.includes(value))
      .map(([what, value]) => `${what} (${value})`);
    expect(found).toEqual([]);
    // The check looked at a real run: the log has the pipeline's lines, not an empty file.
    expect(output.split('\n').length).toBeGreaterThan(50);
  }, 240_000);

  it('keeps the secret files it generated readable by their owner only', () => {
    const secretFiles = filesUnder(dataDir).filter((file) =>
      /(secret|key|password|token)[^/]*$/i.test(file.slice(dataDir.length)),
    );
    expect(secretFiles.map((f) => f.slice(dataDir.length))).toEqual(
      expect.arrayContaining(['/connectors/ksa-example/webhook-secret', '/pg.password']),
    );
    const loose = secretFiles
      .map((file) => [file, statSync(file).mode & 0o777] as const)
      .filter(([, mode]) => (mode & 0o077) !== 0)
      .map(([file, mode]) => `${file}: ${mode.toString(8)}`);
    expect(loose).toEqual([]);
  });
});
