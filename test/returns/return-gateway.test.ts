/**
 * The return gateway client against the simulated gateway over real HTTP: the OTP session (wrong OTP,
 * OTP expiry, session expiry, refresh, logout), public and GSTR operations, GSTR-2B by both catalogs.
 */
import { ReturnGatewayClient, parseGstr2b, type ReturnGatewaySettings } from '../../src/compliance/returns';
import { CollectingHttpLogger, InMemoryTokenStore, type HttpLogger } from '../../src/compliance/http';
import { ComplianceError } from '../../src/compliance/regime';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import {
  DEFAULT_RETURNS_ACCOUNTS,
  RETURNS_SERVICE,
  type ReturnsSimulatorHandle,
} from '@erp-connector/sandbox/returns';
import { sandboxAccountSettings } from './sandbox-account-settings';

const account = DEFAULT_RETURNS_ACCOUNTS[0];
const HOUR = 3600_000;
const NOW = new Date('2026-11-20T06:00:00Z');

let sandbox: RunningSandbox;
let gateway: ReturnsSimulatorHandle;

beforeAll(async () => {
  sandbox = await startSandbox({
    only: ['returns'],
    rateLimit: { limit: 0, windowMs: 60_000 },
    returns: {
      periods: [
        { gstin: account.gstin, period: '102026' },
        { gstin: account.gstin, period: '092026', fillerInvoices: 40 },
      ],
      documentsPerFile: 15,
    },
  });
  gateway = sandbox.simulators.find((s) => s.name === 'returns')!.handle as ReturnsSimulatorHandle;
});

afterAll(async () => {
  await sandbox.stop();
});

beforeEach(() => {
  sandbox.clock.set(NOW);
});

function client(overrides: Partial<ReturnGatewaySettings> = {}, logger?: HttpLogger): ReturnGatewayClient {
  const base = sandbox.urls[RETURNS_SERVICE];
  return new ReturnGatewayClient(
    { ...sandboxAccountSettings(base), ...overrides },
    {
      tokenStore: new InMemoryTokenStore(),
      now: () => sandbox.clock.nowMs(),
      policy: { maxAttempts: 1 },
      logger,
    },
  );
}

async function failure(promise: Promise<unknown>): Promise<ComplianceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ComplianceError) return error;
    throw error;
  }
  throw new Error('expected a ComplianceError');
}

async function signedIn(): Promise<ReturnGatewayClient> {
  const c = client();
  await c.session.requestOtp();
  await c.session.submitOtp(gateway.otp);
  return c;
}

describe('OTP session', () => {
  it('refuses a wrong OTP, keeps the request open and accepts the right one', async () => {
    const c = client();
    expect((await c.session.requestOtp()).state).toBe('otp-requested');
    const wrong = await failure(c.session.submitOtp('111111'));
    expect(wrong.errorClass).toBe('auth');
    expect(wrong.options.code).toBe('AUTH4033');
    expect((await c.session.status()).state).toBe('otp-requested');
    const before = sandbox.clock.nowMs();
    const active = await c.session.submitOtp(gateway.otp);
    const after = sandbox.clock.nowMs();
    expect(active.state).toBe('active');
    // The authorization lasts 6 hours (the GSP's) from when the OTP was accepted.
    const expiresAt = new Date(active.expiresAt!).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 6 * HOUR);
    expect(expiresAt).toBeLessThanOrEqual(after + 6 * HOUR);
    expect(await c.trackReturns('102026')).toEqual({
      EFiledlist: [expect.objectContaining({ ret_prd: '102026', rtntype: 'GSTR1' })],
    });
  });

  it('refuses an OTP submitted after it expired', async () => {
    const c = client();
    await c.session.requestOtp();
    sandbox.clock.advance(11 * 60_000);
    const expired = await failure(c.session.submitOtp(gateway.otp));
    expect(expired.options.code).toBe('AUTH4035');
  });

  it('refuses user operations without a session, and after the session expired', async () => {
    const none = await failure(client().gstr1('retsum', '102026'));
    expect(none.errorClass).toBe('auth');
    expect(none.message).toMatch(/request an OTP/);
    const c = await signedIn();
    sandbox.clock.advance(6 * HOUR + 60_000);
    const expired = await failure(c.returnStatus('102026', 'REF1'));
    expect(expired.errorClass).toBe('auth');
    expect(expired.options.code).toBe('AUTH4038');
  });

  it('refreshes ahead of expiry so the session outlives its first lifetime', async () => {
    const c = await signedIn();
    const before = gateway.sessions.refreshes;
    sandbox.clock.advance(HOUR);
    expect((await c.session.refreshIfDue(2 * HOUR)).state).toBe('active');
    expect(gateway.sessions.refreshes).toBe(before);
    sandbox.clock.advance(4.5 * HOUR);
    await c.session.refreshIfDue(2 * HOUR);
    expect(gateway.sessions.refreshes).toBe(before + 1);
    sandbox.clock.advance(4 * HOUR);
    expect(await c.gstr1('retsum', '102026', { smrytyp: 'L' })).toMatchObject({
      summ_typ: 'L',
      ret_period: '102026',
    });
  });

  it('never logs the session id or the client secret', async () => {
    const logger = new CollectingHttpLogger();
    const c = client({}, logger);
    await c.session.requestOtp();
    await c.session.submitOtp(gateway.otp);
    await c.trackReturns('102026');
    const text = JSON.stringify(logger.entries);
    expect(logger.entries.map((e) => e.operation)).toEqual(['otprequest', 'authtoken', 'gstr/rettrack']);
    expect(text).not.toContain(account.clientSecret);
    expect(text).not.toContain(gateway.otp);
    expect(logger.entries[2].requestHeaders).toMatchObject({
      txn: '[redacted]',
      client_secret: '[redacted]',
    });
    expect(logger.entries[0].responseBody).toMatchObject({ header: { txn: '[redacted]' } });
  });

  it('logs out', async () => {
    const c = await signedIn();
    await c.session.logout();
    expect((await c.session.status()).state).toBe('none');
    expect((await failure(c.gstr1('b2ba', '102026'))).errorClass).toBe('auth');
  });
});

describe('public and GSTR operations', () => {
  it('searches a taxpayer, tracks returns and reads preferences with client credentials only', async () => {
    const c = client();
    const supplier = gateway.period(account.gstin, '102026').book[0].SupplierGSTIN;
    expect(await c.searchTaxpayer(supplier)).toMatchObject({
      gstin: supplier,
      sts: 'Active',
      lgnm: 'Lakshmi Traders',
    });
    expect((await failure(c.searchTaxpayer('29AAACW4202F1ZX'))).options.code).toBe('SWEB_9035');
    expect(await c.trackReturnsPublic(account.gstin, '2026-27')).toEqual({
      EFiledlist: expect.arrayContaining([expect.objectContaining({ ret_prd: '092026' })]),
    });
    expect(await c.preference(account.gstin, '2026-27')).toMatchObject({ response: expect.any(Array) });
  });

  it('reads GSTR-1 tables and refuses parameters a table does not take', async () => {
    const c = await signedIn();
    expect(await c.gstr1('b2ba', '102026', { ctin: '27AACCR5678N1ZX', actionrequired: 'N' })).toEqual({
      b2ba: [],
    });
    expect(await c.gstr1('dociss', '102026')).toEqual({ doc_det: [] });
    expect(() => c.gstr1('dociss', '102026', { ctin: 'x' })).toThrow(/takes no parameter ctin/);
  });
});

describe('GSTR-2B', () => {
  it('fetches a large return in several files (catalog A) and the same documents by catalog B', async () => {
    const c = await signedIn();
    const byA = parseGstr2b(await c.fetchGstr2b('092026'));
    const fetchesA = gateway.fetches.filter((f) => f.catalog === 'A' && f.period === '092026');
    expect(fetchesA.map((f) => f.filenum)).toEqual([undefined, '1', '2', '3', '4']);
    expect(byA.errors).toEqual([]);
    const b = client({ gstr2bCatalog: 'B' });
    const byB = parseGstr2b(await b.fetchGstr2b('092026'));
    expect(byB.errors).toEqual([]);
    const numbers = (r: typeof byA) => r.return!.documents.map((d) => `${d.section}:${d.number}`).sort();
    expect(numbers(byA)).toEqual(numbers(byB));
    expect(byA.return!.documents).toHaveLength(
      gateway.period(account.gstin, '092026').expected.filter((e) => e.gstr2b).length,
    );
  });

  it("variant B's token is the client-credentials form POST at apiTokenPath, like every other OAuth client", async () => {
    const log = new CollectingHttpLogger();
    await client({ gstr2bCatalog: 'B' }, log).fetchGstr2b('102026');
    const token = log.entries.find((entry) => entry.operation === 'token')!;
    expect(new URL(token.url).pathname).toBe('/gst/oauth/token');
    const moved = await failure(
      client({ gstr2bCatalog: 'B', apiTokenPath: '/api/v1/auth/token' }).fetchGstr2b('102026'),
    );
    expect(moved).toMatchObject({ errorClass: 'config', options: { code: 'HTTP_404' } });
  });

  it('says not generated yet before the generation day, and gives an empty return for a period without documents', async () => {
    const c = await signedIn();
    sandbox.clock.set(new Date('2026-11-10T06:00:00Z'));
    const early = await failure(c.fetchGstr2b('102026'));
    expect(early.errorClass).toBe('transient');
    expect(early.options.code).toBe('RET2B1023');
    sandbox.clock.set(NOW);
    expect(parseGstr2b(await c.fetchGstr2b('082026')).return!.documents).toEqual([]);
  });
});
