/** The e-invoice clients and the in-einvoice regime against the sandbox over real HTTP. */
import { generateKeyPairSync } from 'node:crypto';
import { ComplianceError } from '../../src/compliance/regime';
import {
  type ApiV1EinvoiceClient,
  createEinvoiceProvider,
  EinvoiceRegime,
  type GspEinvoiceClient,
  IrpRejection,
  type EinvoiceProvider,
  type EinvoiceProviderConfig,
  type EinvoiceProviderDeps,
} from '../../src/regimes/in-einvoice';
import {
  ClientRateLimiter,
  CollectingHttpLogger,
  InMemoryTokenStore,
  REDACTED,
} from '../../src/compliance/http';
import type { NicEinvoiceV11 } from '../../src/mappers/irn';
import { SANDBOX_GSTINS, startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { interStateInvoice, todayIst, type NicTestInvoice } from './nic-invoice.fixture';
import { providerConfig } from './sandbox-client-config';
import { submitContext } from '../support/submit-context';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { limit: 0, windowMs: 60_000 }, faultTimeoutMs: 600 });
});

afterAll(async () => {
  await sandbox.stop();
});

afterEach(() => {
  sandbox.clock.reset();
  sandbox.einvoice.gsp.faults.clear();
  sandbox.einvoice.api.faults.clear();
  sandbox.einvoice.gsp.rateLimiter.configure({ limit: 0, windowMs: 60_000 });
  sandbox.einvoice.api.rateLimiter.configure({ limit: 0, windowMs: 60_000 });
});

function registrationsOf(invoice: NicTestInvoice) {
  return sandbox.einvoice.registrations().filter((r) => r.docNo === invoice.DocDtls.No);
}

/** How the IRP answered each GENERATE of this document it received: 'registered' or NIC's codes. */
function generateAnswersOf(invoice: NicTestInvoice): string[] {
  return sandbox.einvoice
    .generateRequests()
    .filter((r) => r.docNo === invoice.DocDtls.No)
    .map((r) => (r.registered ? 'registered' : r.errorCodes.join(',')));
}

/** The operations a client sent (authentication left out), in order. */
function operationsOf(logger: CollectingHttpLogger): string[] {
  return logger.entries
    .map((entry) => entry.operation)
    .filter((operation) => operation !== 'authenticate' && operation !== 'auth');
}

/** Yesterday and today (IST, dd/mm/yyyy) of the clock, or the two days before when today opens a financial year. */
function consecutiveDaysOfOneFinancialYear(nowMs: number): [string, string] {
  const today = todayIst(nowMs);
  const end = today.startsWith('01/04/') ? nowMs - DAY : nowMs;
  return [todayIst(end - DAY), todayIst(end)];
}

function foreignPublicKeyPem(): string {
  return generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ type: 'spki', format: 'pem' })
    .toString();
}

const context = submitContext;

const asPayload = (invoice: NicTestInvoice) => invoice as unknown as NicEinvoiceV11;

describe.each(['A', 'B'] as const)('catalog %s client', (catalog) => {
  let logger: CollectingHttpLogger;
  let provider: EinvoiceProvider;

  beforeEach(() => {
    logger = new CollectingHttpLogger();
    provider = createEinvoiceProvider(providerConfig(sandbox, catalog), { logger });
  });

  it('generates an IRN whose signatures verify, finds it by document and by IRN, and logs without secrets', async () => {
    const invoice = interStateInvoice();
    const result = await provider.generateIrn(invoice);
    expect(result.ackNo).toMatch(/^\d{15}$/);
    expect(result.irn).toBe(registrationsOf(invoice)[0].irn);
    const byDoc = await provider.getIrnByDocDetails('INV', invoice.DocDtls.No, invoice.DocDtls.Dt);
    expect(byDoc?.irn).toBe(result.irn);
    expect(await provider.getIrnByDocDetails('INV', 'NEVER-SENT-1', invoice.DocDtls.Dt)).toBeUndefined();
    if (catalog === 'A') {
      expect((await provider.getByIrn!(result.irn)).signedQrCode).toBe(result.signedQrCode);
      expect((await provider.gstinDetails!(invoice.BuyerDtls.Gstin)).status).toBe('ACT');
    } else {
      // catalog B's table publishes neither get-by-IRN nor GSTIN details
      expect(provider.getByIrn).toBeUndefined();
      expect(provider.gstinDetails).toBeUndefined();
    }

    const logged = JSON.stringify(logger.entries);
    expect(logged).toContain(REDACTED);
    expect(logged).not.toContain('sandbox-secret');
    expect(logged).not.toContain('Sandbox@123');
  });

  it('builds no log entries while its logger does not want them', async () => {
    let wanted = false;
    const switchable = new CollectingHttpLogger();
    const quiet = createEinvoiceProvider(providerConfig(sandbox, catalog), {
      logger: { enabled: () => wanted, log: (entry) => switchable.log(entry) },
    });
    await quiet.generateIrn(interStateInvoice());
    expect(switchable.entries).toEqual([]);
    wanted = true;
    await quiet.generateIrn(interStateInvoice());
    expect(switchable.entries.length).toBeGreaterThan(0);
    expect(switchable.entries.some((entry) => entry.responseBody !== undefined)).toBe(true);
  });

  it('keeps an answer signed with another key, its signature marked invalid', async () => {
    const wrongKey = createEinvoiceProvider(
      providerConfig(sandbox, catalog, { publicKeyPem: foreignPublicKeyPem() }),
    );
    const invoice = interStateInvoice();
    const result = await wrongKey.generateIrn(invoice);
    expect(result.irn).toBe(registrationsOf(invoice)[0].irn);
    expect(result.signature).toMatchObject({ verified: false, code: 'SIGNATURE_INVALID' });
    const again = await provider.getIrnByDocDetails('INV', invoice.DocDtls.No, invoice.DocDtls.Dt);
    expect(again?.signature).toEqual({ verified: true });
  });

  it('without a public key: warns once when built, and marks every answer not checked', async () => {
    const warnings: string[] = [];
    const unchecked = createEinvoiceProvider(providerConfig(sandbox, catalog, { publicKeyPem: undefined }), {
      warn: (message) => warnings.push(message),
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('no IRP public key (publicKeyPem)');
    const result = await unchecked.generateIrn(interStateInvoice());
    expect(result.signature).toMatchObject({ verified: false, code: 'SIGNATURE_NOT_CHECKED' });
    await unchecked.getIrnByDocDetails('INV', 'NEVER-SENT-2', interStateInvoice().DocDtls.Dt);
    expect(warnings).toHaveLength(1);
  });

  it('refuses to be built with a public key it cannot read', () => {
    let error: unknown;
    try {
      createEinvoiceProvider(providerConfig(sandbox, catalog, { publicKeyPem: 'not a key' }));
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({ errorClass: 'config', options: { code: 'INVALID_PUBLIC_KEY' } });
  });

  it('keeps IRP error codes verbatim and does not retry a business rejection', async () => {
    const invoice = interStateInvoice();
    invoice.ValDtls.TotInvVal = 99999;
    const error = await provider.generateIrn(invoice).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IrpRejection);
    expect(error).toMatchObject({ errorClass: 'rejected', options: { code: '2189' } });
    expect(
      logger.entries.filter((entry) => entry.operation.toLowerCase().startsWith('generate')),
    ).toHaveLength(1);
  });

  it('sends a generate once on a 5xx and calls it an unknown outcome (the provider already retried)', async () => {
    const service = catalog === 'A' ? sandbox.einvoice.gsp : sandbox.einvoice.api;
    service.faults.queue({ path: 'GENERATE|generate-irn', fault: '503', count: 1 });
    const invoice = interStateInvoice();
    await expect(provider.generateIrn(invoice)).rejects.toMatchObject({
      errorClass: 'unknown-outcome',
      options: { code: 'HTTP_503' },
    });
    const attempts = logger.entries.filter((entry) => entry.operation.toLowerCase().startsWith('generate'));
    expect(attempts.map((entry) => entry.status)).toEqual([503]);
    expect(registrationsOf(invoice)).toHaveLength(0);
    const { Typ, No, Dt } = invoice.DocDtls;
    expect(await provider.getIrnByDocDetails(Typ, No, Dt)).toBeUndefined();
  });

  it('retries a read on 5xx with backoff and then succeeds', async () => {
    const service = catalog === 'A' ? sandbox.einvoice.gsp : sandbox.einvoice.api;
    service.faults.queue({ path: 'GETIRNBYDOCDETAILS|irn-by-docnumber', fault: '503', count: 1 });
    service.faults.queue({ path: 'GETIRNBYDOCDETAILS|irn-by-docnumber', fault: '500', count: 1 });
    const { Typ, No, Dt } = interStateInvoice().DocDtls;
    expect(await provider.getIrnByDocDetails(Typ, No, Dt)).toBeUndefined();
    const attempts = logger.entries.filter((entry) =>
      /GETIRNBYDOCDETAILS|irn-by-docnumber/i.test(entry.operation),
    );
    expect(attempts.map((entry) => entry.status)).toEqual([503, 500, catalog === 'A' ? 200 : 404]);
  });

  it('turns a dropped answer after commit into unknown-outcome (no blind resend)', async () => {
    const service = catalog === 'A' ? sandbox.einvoice.gsp : sandbox.einvoice.api;
    service.faults.queue({ path: 'GENERATE|generate-irn', fault: 'drop-after-commit', count: 1 });
    const invoice = interStateInvoice();
    await expect(provider.generateIrn(invoice)).rejects.toMatchObject({ errorClass: 'unknown-outcome' });
    expect(registrationsOf(invoice)).toHaveLength(1);
  });

  it('re-authenticates once when the provider says the token expired', async () => {
    const client = provider as GspEinvoiceClient | ApiV1EinvoiceClient;
    await authorisedRead(provider);
    expect(client.tokens.fetches).toBe(1);
    sandbox.clock.advance(7 * HOUR);
    await authorisedRead(provider);
    expect(client.tokens.fetches).toBe(2);
  });

  it('renews the token ahead of expiry by its own clock', async () => {
    const deps: EinvoiceProviderDeps = { now: () => sandbox.clock.nowMs() };
    const client = createEinvoiceProvider(
      providerConfig(sandbox, catalog, { tokenRefreshAheadMs: 5 * 60_000 }),
      deps,
    ) as GspEinvoiceClient | ApiV1EinvoiceClient;
    await authorisedRead(client);
    sandbox.clock.advance(30 * 60_000);
    await authorisedRead(client);
    expect(client.tokens.fetches).toBe(1);
    sandbox.clock.advance((catalog === 'A' ? 356 : 56) * 60_000 - 30 * 60_000);
    await authorisedRead(client);
    expect(client.tokens.fetches).toBe(2);
  });

  it('honours a 429 storm: waits out Retry-After and gets every request through', async () => {
    const service = catalog === 'A' ? sandbox.einvoice.gsp : sandbox.einvoice.api;
    const storm = createEinvoiceProvider(providerConfig(sandbox, catalog), {
      logger,
      rateLimiter: new ClientRateLimiter({ limit: 0, windowMs: 1000 }),
    });
    await authorisedRead(storm);
    service.rateLimiter.configure({ limit: 3, windowMs: 1000 });
    const rejectedBefore = service.rateLimiter.rejected;
    const invoices = Array.from({ length: 5 }, () => interStateInvoice());
    const results = await Promise.all(invoices.map((invoice) => storm.generateIrn(invoice)));
    expect(new Set(results.map((r) => r.irn)).size).toBe(5);
    expect(service.rateLimiter.rejected).toBeGreaterThan(rejectedBefore);
    expect(logger.entries.some((entry) => entry.status === 429)).toBe(true);
    for (const invoice of invoices) expect(registrationsOf(invoice)).toHaveLength(1);
  });
});

describe('in-einvoice regime', () => {
  const makeRegime = (
    catalog: 'A' | 'B',
    config: Partial<EinvoiceProviderConfig> = {},
    deps: EinvoiceProviderDeps = {},
  ) => {
    const provider = makeProvider(catalog, config, deps);
    return new EinvoiceRegime(() => provider);
  };
  const makeProvider = (
    catalog: 'A' | 'B',
    config: Partial<EinvoiceProviderConfig> = {},
    deps: EinvoiceProviderDeps = {},
  ) =>
    createEinvoiceProvider(
      providerConfig(sandbox, catalog, {
        http: { timeoutMs: 250, maxAttempts: 2, backoffBaseMs: 10, backoffMaxMs: 20 },
        ...config,
      }),
      { tokenStore: new InMemoryTokenStore(), ...deps },
    );
  const serviceOf = (catalog: 'A' | 'B') => (catalog === 'A' ? sandbox.einvoice.gsp : sandbox.einvoice.api);
  const GENERATE_PATHS = 'GENERATE|generate-irn';

  it('applies to Indian non-B2C documents only', () => {
    const regime = makeRegime('A');
    const base = { country: 'IN', supplyType: 'B2B' } as Parameters<EinvoiceRegime['appliesTo']>[0];
    expect(regime.appliesTo(base)).toBe(true);
    expect(regime.appliesTo({ ...base, supplyType: 'B2C' })).toBe(false);
    expect(regime.appliesTo({ ...base, country: 'SA' })).toBe(false);
  });

  it('adopts a duplicate (2150) after checking it is the locally computed IRN', async () => {
    const invoice = interStateInvoice();
    const first = await createEinvoiceProvider(providerConfig(sandbox, 'B')).generateIrn(invoice);
    const outcome = await makeRegime('A').submit(asPayload(invoice), context());
    expect(outcome).toMatchObject({
      status: 'registered',
      adopted: true,
      identifiers: { irn: first.irn, ackNo: first.ackNo },
    });
    expect(outcome.status === 'registered' && outcome.identifiers.signedQrCode).toBe(first.signedQrCode);
    expect(registrationsOf(invoice)).toHaveLength(1);
    expect(generateAnswersOf(invoice)).toEqual(['registered', '2150']);
  });

  it('refuses to adopt a duplicate that does not match the local IRN', async () => {
    const invoice = interStateInvoice();
    await createEinvoiceProvider(providerConfig(sandbox, 'B')).generateIrn(invoice);
    const outcome = await makeRegime('A').submit(
      asPayload(invoice),
      context({ previous: { irn: 'f'.repeat(64) } }),
    );
    expect(outcome).toMatchObject({ status: 'rejected', code: '2150' });
  });

  it.each([
    [
      'another total',
      (invoice: NicTestInvoice) => Object.assign(invoice.ValDtls, { OthChrg: 100, TotInvVal: 10725 }),
    ],
    [
      'another buyer',
      (invoice: NicTestInvoice) =>
        Object.assign(invoice.BuyerDtls, {
          Gstin: SANDBOX_GSTINS.gujaratBuyer,
          Stcd: '24',
          Loc: 'Ahmedabad',
          Pin: 380001,
        }),
    ],
  ])('refuses to adopt a duplicate (2150) registered with %s', async (_name, change) => {
    const registeredFirst = interStateInvoice();
    await makeProvider('B').generateIrn(registeredFirst);
    const ours = interStateInvoice({ docNo: registeredFirst.DocDtls.No });
    change(ours);
    const outcome = await makeRegime('A').submit(asPayload(ours), context());
    expect(outcome).toMatchObject({ status: 'rejected', code: '2150' });
    expect(outcome.status === 'rejected' && outcome.message).toContain('with a different buyer or total');
    expect(generateAnswersOf(ours)).toEqual(['registered', '2150']);
  });

  it('2283 (IRN older than 2 days): adopts through the document lookup, its signed data checked', async () => {
    const logger = new CollectingHttpLogger();
    const invoice = interStateInvoice();
    const first = await makeProvider('B').generateIrn(invoice);
    sandbox.clock.advance(3 * DAY);
    const outcome = await makeRegime('A', {}, { logger }).submit(asPayload(invoice), context());
    expect(outcome).toMatchObject({
      status: 'registered',
      adopted: true,
      identifiers: { irn: first.irn, ackNo: first.ackNo, signedQrCode: first.signedQrCode },
    });
    expect(operationsOf(logger)).toEqual(['GENERATE', 'GETIRN', 'GETIRNBYDOCDETAILS']);
    expect(generateAnswersOf(invoice)).toEqual(['registered', '2150']);
  });

  it('2283 and no document details served: adopts from the duplicate notice alone, flagged for the operator', async () => {
    const [registeredOn, submittedOn] = consecutiveDaysOfOneFinancialYear(sandbox.clock.nowMs());
    const first = interStateInvoice({ docDate: registeredOn });
    const registration = await makeProvider('B').generateIrn(first);
    sandbox.clock.advance(3 * DAY);
    // Same number, same financial year, so the same IRN; the IRP finds no document of this date.
    const ours = interStateInvoice({ docNo: first.DocDtls.No, docDate: submittedOn });
    const outcome = await makeRegime('A').submit(asPayload(ours), context());
    expect(outcome).toMatchObject({
      status: 'registered',
      adopted: true,
      identifiers: { irn: registration.irn, ackNo: registration.ackNo },
      warnings: [{ code: '2283', message: expect.stringContaining('without its signed data') }],
    });
    expect(outcome.status === 'registered' && outcome.identifiers.signedQrCode).toBeUndefined();
  });

  it('does not adopt a duplicate whose details the IRP refuses for any reason but 2283', async () => {
    const real = makeProvider('A');
    // The sandbox always serves an IRN it just reported as a duplicate; a real IRP may not (2148 here).
    const irpHidingDetails: EinvoiceProvider = {
      catalog: real.catalog,
      generateIrn: (payload) => real.generateIrn(payload),
      getIrnByDocDetails: (type, no, date) => real.getIrnByDocDetails(type, no, date),
      getByIrn: () =>
        Promise.reject(
          new IrpRejection([{ code: '2148', message: 'Requested IRN data is not available' }], [], {}),
        ),
      cancelIrn: (request) => real.cancelIrn(request),
      gstinDetails: (gstin) => real.gstinDetails!(gstin),
    };
    const invoice = interStateInvoice();
    await makeProvider('B').generateIrn(invoice);
    const outcome = await new EinvoiceRegime(() => irpHidingDetails).submit(asPayload(invoice), context());
    expect(outcome).toMatchObject({ status: 'rejected', code: '2150' });
    expect(outcome.status === 'rejected' && outcome.message).toContain('2148');
  });

  it('keeps its own registration whose IRN is not the locally computed one, flagged IRN_MISMATCH', async () => {
    const invoice = interStateInvoice();
    const outcome = await makeRegime('B').submit(
      asPayload(invoice),
      context({ previous: { irn: 'f'.repeat(64) } }),
    );
    expect(outcome).toMatchObject({
      status: 'registered',
      identifiers: { irn: registrationsOf(invoice)[0].irn },
      warnings: [{ code: 'IRN_MISMATCH', message: expect.stringContaining('f'.repeat(64)) }],
    });
  });

  it.each(['A', 'B'] as const)(
    'catalog %s, signatures that do not verify: REGISTERED with the IRN and SIGNATURE_UNVERIFIED, never sent blindly again',
    async (catalog) => {
      const regime = makeRegime(catalog, { publicKeyPem: foreignPublicKeyPem() });
      const invoice = interStateInvoice();
      const outcome = await regime.submit(asPayload(invoice), context());
      const registration = registrationsOf(invoice)[0];
      expect(outcome).toMatchObject({
        status: 'registered',
        identifiers: {
          irn: registration.irn,
          signedQrCode: registration.signedQrCode,
          signedInvoice: registration.signedInvoice,
        },
        warnings: [{ code: 'SIGNATURE_UNVERIFIED', message: expect.stringContaining('SIGNATURE_INVALID') }],
      });
      // The same document again (a retry after a lost answer): adopted, still flagged.
      const again = await regime.submit(asPayload(invoice), context({ attempt: 2 }));
      expect(again).toMatchObject({
        status: 'registered',
        adopted: true,
        warnings: [{ code: 'SIGNATURE_UNVERIFIED' }],
      });
      expect(generateAnswersOf(invoice)).toEqual(['registered', '2150']);
    },
  );

  it('without a public key, every registration says its signatures were not checked', async () => {
    const warned: string[] = [];
    const regime = makeRegime('A', { publicKeyPem: undefined }, { warn: (message) => warned.push(message) });
    for (const invoice of [interStateInvoice(), interStateInvoice()]) {
      const outcome = await regime.submit(asPayload(invoice), context());
      expect(outcome).toMatchObject({
        status: 'registered',
        warnings: [{ code: 'SIGNATURE_NOT_CHECKED', message: expect.stringContaining('publicKeyPem') }],
      });
    }
    expect(warned).toHaveLength(1);
  });

  it.each([
    ['A', 'drop-after-commit'],
    ['B', 'drop-after-commit'],
    ['A', 'timeout-after-commit'],
    ['B', 'timeout-after-commit'],
    ['A', 'timeout'],
  ] as const)(
    'catalog %s, %s: unknown outcome, then lookup by document, exactly one IRN',
    async (catalog, fault) => {
      const logger = new CollectingHttpLogger();
      const regime = makeRegime(catalog, {}, { logger });
      const service = serviceOf(catalog);
      service.faults.queue({ path: GENERATE_PATHS, fault, count: 1 });
      const invoice = interStateInvoice();
      const error = await regime.submit(asPayload(invoice), context()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ComplianceError);
      expect(error).toMatchObject({ errorClass: 'unknown-outcome' });
      const committed = fault !== 'timeout';
      // The IRP holds it now: a blind resend would meet these 503s (more than the client's attempts).
      const trap = { path: GENERATE_PATHS, fault: '503' as const, count: 5 };
      if (committed) service.faults.queue(trap);
      const sentBefore = operationsOf(logger).length;
      const outcome = await regime.submit(asPayload(invoice), context({ attempt: 2, outcomeUnknown: true }));
      expect(outcome.status).toBe('registered');
      expect(registrationsOf(invoice)).toHaveLength(1);
      expect(outcome.status === 'registered' && outcome.identifiers.irn).toBe(
        registrationsOf(invoice)[0].irn,
      );
      const lookup = catalog === 'A' ? 'GETIRNBYDOCDETAILS' : 'irn-by-docnumber';
      const generate = catalog === 'A' ? 'GENERATE' : 'generate-irn';
      expect(operationsOf(logger).slice(sentBefore)).toEqual(committed ? [lookup] : [lookup, generate]);
      expect(generateAnswersOf(invoice)).toEqual(['registered']);
      expect(service.faults.pending()).toEqual(committed ? [expect.objectContaining(trap)] : []);
    },
  );

  it('returns rejected with the NIC code for a business error', async () => {
    const invoice = interStateInvoice();
    invoice.BuyerDtls.Gstin = invoice.SellerDtls.Gstin;
    const outcome = await makeRegime('B').submit(asPayload(invoice), context());
    expect(outcome).toMatchObject({ status: 'rejected' });
    expect(outcome.status === 'rejected' && outcome.code.split(',')).toContain('2211');
  });

  it('cancels within 24 h and is refused after (2270)', async () => {
    const regime = makeRegime('B');
    const fresh = await regime.submit(asPayload(interStateInvoice()), context());
    const old = await regime.submit(asPayload(interStateInvoice()), context());
    if (fresh.status !== 'registered' || old.status !== 'registered') throw new Error('setup failed');
    const cancelled = await regime.cancel({
      identifiers: fresh.identifiers,
      reasonCode: '2',
      remark: 'Data entry mistake',
      settings: {},
    });
    expect(cancelled.status).toBe('registered');
    const again = await regime.cancel({
      identifiers: fresh.identifiers,
      reasonCode: '2',
      remark: 'again',
      settings: {},
    });
    expect(again).toMatchObject({ status: 'registered', adopted: true });
    sandbox.clock.advance(25 * HOUR);
    const late = await regime.cancel({
      identifiers: old.identifiers,
      reasonCode: '3',
      remark: 'Order cancelled',
      settings: {},
    });
    expect(late).toMatchObject({ status: 'rejected', code: '2270' });
    await expect(
      regime.cancel({ identifiers: old.identifiers, reasonCode: '7', remark: 'x', settings: {} }),
    ).rejects.toMatchObject({
      errorClass: 'validation',
    });
  });
});

/** A read every catalog publishes that needs a valid token: a document lookup that finds nothing. */
function authorisedRead(provider: EinvoiceProvider): Promise<unknown> {
  return provider.getIrnByDocDetails('INV', 'NEVER-SENT-READ', interStateInvoice().DocDtls.Dt);
}
