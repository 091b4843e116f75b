/**
 * `npm run sandbox` with faults from its configuration: the entry point (packages/sandbox/src/main.ts) runs as a
 * separate process on ephemeral ports with SANDBOX_FAULTS_FILE (YAML) and SANDBOX_FAULTS (JSON), and
 * the faults act on real HTTP requests exactly as control-API faults do; a wrong configuration stops it.
 */
import axios from 'axios';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SANDBOX_GSTINS } from '@erp-connector/sandbox';
import { interStateInvoice } from '../einvoice/nic-invoice.fixture';
import { errorCodes, GspCaller } from './gsp-caller';

const REPO = resolve(__dirname, '..', '..');
const HANG_MS = 300;

const FAULTS_YAML = `
einvoiceGsp:
  - { path: type/GENERATE/, fault: drop-after-commit }
  - { path: type/GSTNDETAILS/, fault: 429 }
  - { path: type/GETIRN/, fault: timeout, method: GET }
`;

const FAULTS_JSON = JSON.stringify({
  einvoiceGsp: [{ path: 'type/GETREJECTEDIRNS/', fault: '503', count: 2 }],
  einvoiceApi: [
    { path: '/einvoice/qr', fault: '502', count: 'every' },
    { path: '/einvoice/cancel-irn', fault: 500 },
  ],
});

/** The fault lines the sandbox prints at start: the file's three and the inline three. */
const CONFIGURED_FAULTS = 6;

interface Started {
  child: ChildProcess;
  urls: Record<string, string>;
  output: string;
}

/**
 * Runs main.ts with `env` and waits for its list of URLs and `faultLines` fault lines (output may arrive in
 * several chunks), or for it to exit.
 */
function runSandboxMain(
  env: Record<string, string>,
  faultLines = 0,
): Promise<Started | { exitCode: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', 'packages/sandbox/src/main.ts'],
    {
      cwd: REPO,
      env: { ...process.env, SANDBOX_EINVOICEGSP_PORT: '0', SANDBOX_EINVOICEAPI_PORT: '0', ...env },
    },
  );
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const urls = Object.fromEntries(
        [...output.matchAll(/^\s+(einvoiceGsp|einvoiceApi)\s+(http:\/\/\S+)$/gm)].map((m) => [m[1], m[2]]),
      );
      const faults = output.match(/^\s+fault \(.*\n/gm)?.length ?? 0;
      if (urls.einvoiceGsp && urls.einvoiceApi && faults >= faultLines) {
        clearTimeout(timer);
        resolvePromise({ child, urls, output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolvePromise({ exitCode, output });
    });
  });
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    child.once('exit', () => resolvePromise());
    child.kill('SIGTERM');
  });
}

describe('npm run sandbox with faults from its configuration', () => {
  let directory: string;
  let sandbox: Started;
  let gsp: GspCaller;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'sandbox-faults-'));
    const file = join(directory, 'faults.yaml');
    writeFileSync(file, FAULTS_YAML);
    const started = await runSandboxMain(
      {
        SANDBOX_FAULTS_FILE: file,
        SANDBOX_FAULTS: FAULTS_JSON,
        SANDBOX_FAULT_TIMEOUT_MS: String(HANG_MS),
        SANDBOX_FAULT_RETRY_AFTER: '7',
        SANDBOX_RATE_LIMIT: '0',
      },
      CONFIGURED_FAULTS,
    );
    if (!('child' in started)) throw new Error(`sandbox exited ${started.exitCode}:\n${started.output}`);
    sandbox = started;
    gsp = new GspCaller({ urls: sandbox.urls });
    await gsp.authenticate();
  }, 40_000);

  afterAll(async () => {
    if (sandbox) await stopped(sandbox.child);
    rmSync(directory, { recursive: true, force: true });
  });

  it('lists the configured faults at start and queues them per service, file and inline merged', async () => {
    expect(sandbox.output).toContain(
      'fault (einvoiceGsp): drop-after-commit for the next 1 request(s) matching "type/GENERATE/"',
    );
    expect(sandbox.output).toContain('fault (einvoiceApi): 502 for every request(s) matching "/einvoice/qr"');
    const gspFaults = await axios.get<{ pending: { fault: string }[] }>(
      `${sandbox.urls.einvoiceGsp}/__sandbox/faults`,
    );
    expect(gspFaults.data.pending.map((rule) => rule.fault)).toEqual([
      'drop-after-commit',
      '429',
      'timeout',
      '503',
    ]);
  });

  it('drop-after-commit: the registration is recorded but the answer never comes, so a resend gets 2150', async () => {
    const invoice = interStateInvoice();
    await expect(gsp.einvoice('GENERATE', invoice)).rejects.toMatchObject({ code: 'ECONNRESET' });
    const records = await axios.get<{ registrations: { docNo: string }[] }>(
      `${sandbox.urls.einvoiceGsp}/__sandbox/records`,
    );
    expect(records.data.registrations.filter((r) => r.docNo === invoice.DocDtls.No)).toHaveLength(1);
    expect(errorCodes((await gsp.einvoice('GENERATE', invoice)).data)).toEqual(['2150']);
  });

  it('429 with the configured Retry-After, once', async () => {
    const params = { param1: SANDBOX_GSTINS.delhiBuyer };
    const limited = await gsp.einvoice('GSTNDETAILS', undefined, { params });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
    expect((await gsp.einvoice('GSTNDETAILS', undefined, { params })).data.status_cd).toBe('1');
  });

  it('timeout: hangs for the configured time, then closes without an answer', async () => {
    const started = Date.now();
    await expect(
      gsp.einvoice('GETIRN', undefined, { params: { param1: 'a'.repeat(64) }, timeout: 5_000 }),
    ).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HANG_MS - 50);
  });

  it('503 for the configured count, then the real answer', async () => {
    const params = { param1: '01/01/2026' };
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await gsp.einvoice('GETREJECTEDIRNS', undefined, { params })).status);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it('on the other catalog: 502 on every matching request, 500 once', async () => {
    const get = (path: string) =>
      axios
        .get(`${sandbox.urls.einvoiceApi}${path}`, { validateStatus: () => true })
        .then((res) => res.status);
    expect([
      await get('/einvoice/qr?irn=X'),
      await get('/einvoice/qr?irn=Y'),
      await get('/einvoice/qr?irn=Z'),
    ]).toEqual([502, 502, 502]);
    const post = (path: string) =>
      axios
        .post(`${sandbox.urls.einvoiceApi}${path}`, {}, { validateStatus: () => true })
        .then((res) => res.status);
    expect([await post('/einvoice/cancel-irn'), await post('/einvoice/cancel-irn')]).toEqual([500, 401]);
  });
});

describe('npm run sandbox with a wrong fault configuration', () => {
  it.each([
    [
      'an unknown fault kind',
      '{"einvoiceGsp": [{"path": "GENERATE", "fault": "504"}]}',
      'fault must be one of timeout',
    ],
    [
      'a count of zero',
      '{"einvoiceGsp": [{"path": "GENERATE", "fault": "503", "count": 0}]}',
      'count must be a positive',
    ],
    [
      'a service that does not exist',
      '{"einvoiceGps": [{"path": "GENERATE", "fault": "503"}]}',
      'unknown services einvoiceGps',
    ],
    ['text that is not YAML or JSON', '{"einvoiceGsp": [', 'SANDBOX_FAULTS: not YAML or JSON'],
  ])(
    'refuses %s and exits 1',
    async (_name, faults, message) => {
      const result = await runSandboxMain({ SANDBOX_FAULTS: faults });
      if ('child' in result) {
        await stopped(result.child);
        throw new Error('the sandbox started with a wrong fault configuration');
      }
      expect(result.exitCode).toBe(1);
      expect(result.output).toContain(message);
    },
    40_000,
  );
});
