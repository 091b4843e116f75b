/**
 * Reconciliation from the default start (issue #29): the service as `npm start` runs it on a fresh data
 * folder, nothing configured for reconciliation, reconciles the sandbox GSTIN with the OTP the README
 * gives. The in-process return gateway is seeded with the newest period whose GSTR-2B exists and the
 * purchase register written from the same seeded book: every document lands in the category the seeded
 * differences call for. The README's CLI commands work as written from the folder holding `.data`.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPurchaseBook } from '@erp-connector/sandbox/returns';
import { runCli } from '../cli/cli-harness';
import { json } from '../support/http';
import { isRunning, postmasterPid, startService, type ServiceProcess } from '../runtime/service-process';

const GSTIN = '29AAACW4202F1ZM';
const OTP = '575757';

/** The newest period with a GSTR-2B: last month from the 14th (IST, GSTN's generation day), else the one before. */
function newestGeneratedPeriod(now: Date): string {
  const ist = new Date(now.getTime() + 330 * 60_000);
  const back = ist.getUTCDate() >= 14 ? 1 : 2;
  const month = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - back, 1));
  return `${String(month.getUTCMonth() + 1).padStart(2, '0')}${month.getUTCFullYear()}`;
}

interface MatchView {
  category: string;
  erpId: string | null;
  gstr2bNumber: string | null;
  section: string | null;
}

describe('reconciliation from the default start', () => {
  const root = mkdtempSync(join(tmpdir(), 'reco-default-start-'));
  chmodSync(root, 0o755);
  const dataDir = join(root, '.data');
  const period = newestGeneratedPeriod(new Date());
  let service: ServiceProcess;
  let apiKey: string;

  const api = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${service.url}${path}`, {
      method,
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await json(response) };
  };

  beforeAll(async () => {
    service = await startService({ DATA_DIR: dataDir });
    apiKey = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
  });

  afterAll(async () => {
    await service?.kill('SIGTERM');
    const pid = postmasterPid(join(dataDir, 'pg'));
    if (pid && isRunning(pid)) process.kill(pid, 'SIGINT');
    rmSync(root, { recursive: true, force: true });
  });

  it('configures the sandbox GSTIN with a purchase register of the seeded period', async () => {
    const register = join(dataDir, 'sandbox', 'purchases', `purchases-${GSTIN}-${period}.csv`);
    expect(existsSync(register)).toBe(true);
    const [header, ...rows] = readFileSync(register, 'utf8').trim().split('\n');
    expect(header).toBe(
      'VoucherNo,SupplierGSTIN,SupplierName,BillNo,BillDate,DocType,TaxableValue,IGST,CGST,SGST,Cess,BillTotal',
    );
    expect(rows).toHaveLength(seedPurchaseBook(GSTIN, period).book.length);
    expect(service.output()).toContain(`reconciliation of the sandbox GSTIN ${GSTIN} configured`);

    const listed = await api('GET', '/reconciliation/gstins');
    expect(listed).toEqual({
      status: 200,
      body: [{ gstin: GSTIN, connector: 'sandbox-purchases', latestGeneratedPeriod: period, periods: [] }],
    });
  });

  it('opens the session with the sandbox OTP and reconciles the seeded period as seeded', async () => {
    const requested = await api('POST', `/returns/${GSTIN}/session/otp-request`, { operator: 'you' });
    expect(requested).toMatchObject({ status: 200, body: { state: 'otp-requested' } });
    const submitted = await api('POST', `/returns/${GSTIN}/session/otp`, { otp: OTP, operator: 'you' });
    expect(submitted).toMatchObject({ status: 200, body: { state: 'active' } });

    const run = await api('POST', `/reconciliation/${GSTIN}/${period}/run`, { operator: 'you' });
    expect(run.status).toBe(200);
    expect(run.body.skipped).toBeUndefined();

    const report = await api('GET', `/reconciliation/${GSTIN}/${period}`);
    expect(report.status).toBe(200);
    const matches = report.body.matches as MatchView[];
    const { expected } = seedPurchaseBook(GSTIN, period);
    const verdicts = expected.map((outcome) => {
      const match = outcome.voucherNo
        ? matches.find((m) => m.erpId?.replace(/:(CRN|DBN)$/, '') === `india-purchases:${outcome.voucherNo}`)
        : matches.find(
            (m) => m.gstr2bNumber === outcome.gstr2b!.number && m.section === outcome.gstr2b!.section,
          );
      return {
        scenario: outcome.scenario,
        category: match?.category,
        number: match?.gstr2bNumber ?? undefined,
      };
    });
    expect(verdicts).toEqual(
      expected.map((outcome) => ({
        scenario: outcome.scenario,
        category: outcome.category,
        number: outcome.gstr2b?.number,
      })),
    );
    expect(matches).toHaveLength(expected.length);

    const listed = await api('GET', '/reconciliation/gstins');
    expect(listed.body).toEqual([
      expect.objectContaining({
        gstin: GSTIN,
        periods: [expect.objectContaining({ period, state: 'completed' })],
      }),
    ]);
  });

  it("runs the README's CLI commands as written from the folder holding .data", async () => {
    const cli = (args: string[]) => runCli(args, { cwd: root, env: { CONNECTOR_URL: service.url } });
    const requested = await cli(['gst', 'otp', 'request', GSTIN, '--operator', 'you']);
    expect(requested).toMatchObject({ code: 0, stdout: expect.stringContaining(`${GSTIN}: otp-requested`) });
    const submitted = await cli(['gst', 'otp', 'submit', GSTIN, OTP, '--operator', 'you']);
    expect(submitted).toMatchObject({ code: 0, stdout: expect.stringContaining(`${GSTIN}: active`) });
    const reconciled = await cli(['reco', 'run', GSTIN, period, '--operator', 'you']);
    expect(reconciled.code).toBe(0);
    expect(reconciled.stdout).toMatch(/missing-in-books/);
  });
});
