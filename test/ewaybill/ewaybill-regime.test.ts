/**
 * The in-ewaybill regime against the sandbox over real HTTP, both catalogs: direct and by-IRN generation,
 * Part-A then Part-B, 3 retries at 1 s, 2 s, 4 s, unknown outcomes and duplicates (604) that never make a
 * second bill, and catalog B's bulk generate with good and bad rows.
 */
import { createEinvoiceProvider } from '../../src/regimes/in-einvoice';
import {
  createEwaybillProvider,
  type EwaybillPayload,
  type EwaybillSettings,
} from '../../src/regimes/in-ewaybill';
import { ewaybillConfig } from '../../src/regimes/in-ewaybill/create-ewaybill-regime';
import {
  ComplianceError,
  type Registered,
  type SubmitContext,
  type SubmitOutcome,
} from '../../src/compliance/regime';
import type { CanonicalInvoice } from '../../src/domain/canonical-invoice';
import { istDateTime } from '../../src/domain';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { billsOfDocument, generateAnswersOfDocument, ruleValidTill } from './sandbox-bills';
import { interStateInvoice } from '../einvoice/nic-invoice.fixture';
import { submitContext } from '../support/submit-context';
import { einvoiceSettings, ewaybillSettings, goodsSale, regimeUnderTest, SELLER } from './support';

let sandbox: RunningSandbox;
const road = { distanceKm: 150, mode: 'ROAD' as const, vehicleNumber: 'KA01AB1234' };

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { limit: 0, windowMs: 60_000 }, faultTimeoutMs: 600 });
});
afterAll(async () => {
  await sandbox.stop();
});
afterEach(() => {
  sandbox.einvoice.gsp.faults.clear();
  sandbox.einvoice.api.faults.clear();
});

function payloadOf(
  invoice: CanonicalInvoice,
  settings: EwaybillSettings | Record<string, unknown>,
): EwaybillPayload {
  const { regime } = regimeUnderTest();
  const mapped = regime.map(invoice, settings);
  if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
  return mapped.value.payload;
}

function billsOf(invoice: CanonicalInvoice) {
  return billsOfDocument(sandbox, invoice.documentNumber);
}

function generateAnswersOf(invoice: CanonicalInvoice): string[] {
  return generateAnswersOfDocument(sandbox, invoice.documentNumber);
}

function asRegistered(outcome: SubmitOutcome | ComplianceError): Registered {
  if (outcome instanceof ComplianceError || outcome.status !== 'registered') {
    throw new Error(`expected registered, got ${JSON.stringify(outcome)}`);
  }
  return outcome;
}

/** The rule's end of validity as the regime keeps validUpto: ISO 8601 in IST ("yyyy-MM-ddT23:59:00+05:30"). */
function ruleValidity(distanceKm: number, overDimensional = false): string {
  return istDateTime(ruleValidTill(sandbox.clock.now().getTime(), distanceKm, overDimensional))!;
}

describe.each(['A', 'B'] as const)('catalog %s, direct generation', (catalog) => {
  it('generates one e-way bill with the rule validity (150 km: 1 day, ends 23:59)', async () => {
    const settings = ewaybillSettings(sandbox, catalog);
    const invoice = goodsSale(sandbox.clock.now(), road);
    const { regime } = regimeUnderTest();
    const outcome = asRegistered(
      await regime.submit(payloadOf(invoice, settings), submitContext({ settings })),
    );
    expect(outcome.identifiers.ewbNo).toMatch(/^\d{12}$/);
    expect(outcome.identifiers.ewbDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(outcome.identifiers.ewbValidUpto).toBe(ruleValidity(150));
    expect(billsOf(invoice)).toHaveLength(1);
    expect(String(billsOf(invoice)[0].ewbNo)).toBe(outcome.identifiers.ewbNo);
  });

  it('keeps the system code of a refusal (future document date: 144)', async () => {
    const settings = ewaybillSettings(sandbox, catalog);
    const invoice = goodsSale(sandbox.clock.now(), road);
    const payload = payloadOf(invoice, settings);
    payload.direct.docDate = '01/01/2099';
    const { regime, sleeps } = regimeUnderTest();
    const outcome = await regime.submit(payload, submitContext({ settings }));
    expect(outcome).toMatchObject({ status: 'rejected', code: '144' });
    expect(sleeps).toEqual([]);
  });
});

describe('Part-A, then Part-B', () => {
  it('generates without a vehicle (no validity yet), then the vehicle update starts the validity', async () => {
    const settings = ewaybillSettings(sandbox, 'A');
    const invoice = goodsSale(sandbox.clock.now(), { distanceKm: 250, transporterName: 'Swift Movers' });
    const payload = payloadOf(invoice, settings);
    expect(payload.direct.vehicleNo).toBeUndefined();
    const { regime } = regimeUnderTest();
    const outcome = asRegistered(await regime.submit(payload, submitContext({ settings })));
    expect(outcome.identifiers.ewbValidUpto).toBeUndefined();

    const provider = createEwaybillProvider(ewaybillConfig(settings));
    const partB = await provider.updatePartB({
      ewbNo: outcome.identifiers.ewbNo!,
      vehicleNo: 'KA05MN4321',
      fromPlace: 'Bengaluru',
      fromState: 29,
      reasonCode: '4',
      reasonRem: 'First time',
      transMode: '1',
    });
    // 250 km: two days, the second ending 23:59.
    // One shape after Part-B too (the e-way bill system answers "dd/MM/yyyy hh:mm:ss AM" there).
    expect(partB.validUpto).toBe(ruleValidity(250));
  });
});

describe('by IRN', () => {
  it('goes by IRN with the registered e-invoice sync/ hands over', async () => {
    const einvoice = createEinvoiceProvider(einvoiceSettings(sandbox));
    const nic = interStateInvoice();
    const { irn } = await einvoice.generateIrn(nic);
    const settings = { ...ewaybillSettings(sandbox, 'A'), einvoice: einvoiceSettings(sandbox) };
    const invoice = goodsSale(sandbox.clock.now(), road, nic.DocDtls.No);
    const { regime } = regimeUnderTest();
    const payload = payloadOf(invoice, settings);

    // sync/ holds the e-way bill until the e-invoice is registered (dependsOn), then hands over its IRN.
    const ready: SubmitContext = {
      ...submitContext({ settings }),
      upstream: { 'in-einvoice': { irn } },
    };
    const outcome = asRegistered(await regime.submit(payload, ready));
    const atIrp = sandbox.einvoice.irp.registry.find(irn)?.ewayBill;
    expect(atIrp?.status).toBe('ACT');
    expect(outcome.identifiers.ewbNo).toBe(String(atIrp?.ewbNo));
    expect(outcome.identifiers.ewbValidUpto).toBe(ruleValidity(150));
    // Not generated directly as well: the system holds the one by-IRN bill for the document.
    expect(generateAnswersOf(invoice)).toHaveLength(0);
    expect(billsOf(invoice).map((bill) => bill.genMode)).toEqual(['IRN']);

    // A resend after a lost answer adopts the IRN's bill (GETEWAYBILLIRN first).
    const again = asRegistered(await regime.submit(payload, { ...ready, outcomeUnknown: true }));
    expect(again).toMatchObject({ adopted: true, identifiers: { ewbNo: outcome.identifiers.ewbNo } });
  });
});

describe('transient failures', () => {
  it('a failure that left nothing done (429) is retried exactly 3 times, after 1 s, 2 s and 4 s, then surfaced', async () => {
    // The HTTP client's own 429 retries off, so the regime's schedule is what is seen.
    const settings = {
      ...ewaybillSettings(sandbox, 'A'),
      http: { timeoutMs: 1_500, maxRateLimitedRetries: 0 },
    };
    const invoice = goodsSale(sandbox.clock.now(), road);
    sandbox.einvoice.gsp.faults.queue({ path: 'genewaybill', fault: '429', count: 4 });
    const { regime, sleeps } = regimeUnderTest();
    const failure = await regime
      .submit(payloadOf(invoice, settings), submitContext({ settings }))
      .catch((e) => e);
    expect(failure).toMatchObject({ errorClass: 'transient' });
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(sandbox.einvoice.gsp.faults.applied.filter((f) => /genewaybill/.test(f.url))).toHaveLength(4);
    expect(billsOf(invoice)).toHaveLength(0);
  });

  it('a 502 the provider answers after its own retries is not sent again: read back, and the next attempt reads before sending', async () => {
    const settings = { ...ewaybillSettings(sandbox, 'B'), lookup: ewaybillSettings(sandbox, 'A') };
    const invoice = goodsSale(sandbox.clock.now(), road);
    sandbox.einvoice.api.faults.queue({ path: '/eway/api/v1/generate', fault: '502', count: 1 });
    const { regime, sleeps, log } = regimeUnderTest();
    const payload = payloadOf(invoice, settings);
    const failure = await regime.submit(payload, submitContext({ settings })).catch((e) => e);
    expect(failure).toMatchObject({ errorClass: 'unknown-outcome' });
    expect(sleeps).toEqual([1000]);
    expect(log.entries.filter((entry) => entry.operation === 'api-v1-generate')).toHaveLength(1);
    expect(billsOf(invoice)).toHaveLength(0);
    // The pipeline's next attempt: read (none), then the one generate.
    const next = asRegistered(
      await regime.submit(payload, submitContext({ settings, outcomeUnknown: true, attempt: 2 })),
    );
    expect(next.adopted).toBeUndefined();
    expect(billsOf(invoice)).toHaveLength(1);
    expect(generateAnswersOf(invoice)).toEqual(['generated']);
  });
});

describe('never two bills for one document', () => {
  it('an answer lost after the bill was made is looked up, not sent again (catalog A)', async () => {
    const settings = ewaybillSettings(sandbox, 'A');
    const invoice = goodsSale(sandbox.clock.now(), road);
    sandbox.einvoice.gsp.faults.queue({ path: 'genewaybill', fault: 'drop-after-commit', count: 1 });
    const { regime, sleeps } = regimeUnderTest();
    const outcome = asRegistered(
      await regime.submit(payloadOf(invoice, settings), submitContext({ settings })),
    );
    expect(outcome.adopted).toBe(true);
    expect(sleeps).toEqual([1000]);
    expect(billsOf(invoice)).toHaveLength(1);
    expect(generateAnswersOf(invoice)).toEqual(['generated']);
    expect(outcome.identifiers.ewbNo).toBe(String(billsOf(invoice)[0].ewbNo));
  });

  it.each([
    ['A', 'genewaybill', 'gateway-timeout-after-commit'],
    ['A', 'genewaybill', '503-after-commit'],
    ['B', '/eway/api/v1/generate', '502-after-commit'],
    ['B', '/eway/api/v1/generate', '503-after-commit'],
  ] as const)(
    'catalog %s: %s answered %s is read back and adopted; the generate went once',
    async (catalog, path, fault) => {
      const settings =
        catalog === 'A'
          ? ewaybillSettings(sandbox, 'A')
          : { ...ewaybillSettings(sandbox, 'B'), lookup: ewaybillSettings(sandbox, 'A') };
      const invoice = goodsSale(sandbox.clock.now(), road);
      const faults = catalog === 'A' ? sandbox.einvoice.gsp.faults : sandbox.einvoice.api.faults;
      faults.queue({ path, fault, count: 1 });
      const { regime } = regimeUnderTest();
      const outcome = asRegistered(
        await regime.submit(payloadOf(invoice, settings), submitContext({ settings })),
      );
      expect(outcome.adopted).toBe(true);
      expect(billsOf(invoice)).toHaveLength(1);
      expect(generateAnswersOf(invoice)).toEqual(['generated']);
      expect(outcome.identifiers.ewbNo).toBe(String(billsOf(invoice)[0].ewbNo));
    },
  );

  it('a submission whose last outcome is unknown looks up first (a crash after sending)', async () => {
    const settings = ewaybillSettings(sandbox, 'A');
    const invoice = goodsSale(sandbox.clock.now(), road);
    const payload = payloadOf(invoice, settings);
    const first = asRegistered(await regimeUnderTest().regime.submit(payload, submitContext({ settings })));
    const second = asRegistered(
      await regimeUnderTest().regime.submit(
        payload,
        submitContext({ settings, outcomeUnknown: true, attempt: 2 }),
      ),
    );
    expect(second).toMatchObject({ adopted: true, identifiers: { ewbNo: first.identifiers.ewbNo } });
    expect(generateAnswersOf(invoice)).toEqual(['generated']);
  });

  it('catalog B (no read): a lost answer is read back through the configured catalog A lookup and adopted', async () => {
    const settings = { ...ewaybillSettings(sandbox, 'B'), lookup: ewaybillSettings(sandbox, 'A') };
    const invoice = goodsSale(sandbox.clock.now(), road);
    sandbox.einvoice.api.faults.queue({
      path: '/eway/api/v1/generate',
      fault: 'drop-after-commit',
      count: 1,
    });
    const { regime } = regimeUnderTest();
    const outcome = asRegistered(
      await regime.submit(payloadOf(invoice, settings), submitContext({ settings })),
    );
    expect(outcome.adopted).toBe(true);
    expect(billsOf(invoice)).toHaveLength(1);
    expect(generateAnswersOf(invoice)).toEqual(['generated']);
    expect(outcome.identifiers.ewbNo).toBe(String(billsOf(invoice)[0].ewbNo));
  });

  it('catalog B without a lookup: a lost answer waits for an operator, and nothing is sent again', async () => {
    const settings = ewaybillSettings(sandbox, 'B');
    const invoice = goodsSale(sandbox.clock.now(), road);
    sandbox.einvoice.api.faults.queue({ path: '/eway/api/v1/generate', fault: '502-after-commit', count: 1 });
    const { regime } = regimeUnderTest();
    const payload = payloadOf(invoice, settings);
    const failure = await regime.submit(payload, submitContext({ settings })).catch((e) => e);
    expect(failure).toMatchObject({
      errorClass: 'unknown-outcome',
      options: { code: 'EWB_LOOKUP_REQUIRED', waitsForOperator: true },
    });
    expect((failure as Error).message).toMatch(/configure `lookup`/);
    const again = await regime
      .submit(payload, submitContext({ settings, outcomeUnknown: true, attempt: 2 }))
      .catch((e) => e);
    expect(again).toMatchObject({ options: { code: 'EWB_LOOKUP_REQUIRED', waitsForOperator: true } });
    expect(billsOf(invoice)).toHaveLength(1);
    expect(generateAnswersOf(invoice)).toEqual(['generated']);
  });

  it('catalog B without a lookup: 604 is never a rejection; it waits for an operator to configure a read', async () => {
    const settings = ewaybillSettings(sandbox, 'B');
    const invoice = goodsSale(sandbox.clock.now(), road);
    const payload = payloadOf(invoice, settings);
    await createEwaybillProvider(ewaybillConfig(settings)).generate(payload.direct);
    const { regime } = regimeUnderTest();
    const failure = await regime.submit(payload, submitContext({ settings })).catch((e) => e);
    expect(failure).toMatchObject({
      errorClass: 'unknown-outcome',
      options: { code: '604', waitsForOperator: true },
    });
    expect(billsOf(invoice)).toHaveLength(1);
  });

  it('604 for a bill made elsewhere (the portal, another system) adopts it', async () => {
    const settings = ewaybillSettings(sandbox, 'A');
    const invoice = goodsSale(sandbox.clock.now(), road);
    const payload = payloadOf(invoice, settings);
    const made = await createEwaybillProvider(ewaybillConfig(settings)).generate(payload.direct);
    const outcome = asRegistered(await regimeUnderTest().regime.submit(payload, submitContext({ settings })));
    expect(outcome).toMatchObject({ adopted: true, identifiers: { ewbNo: made.ewbNo } });
    expect(generateAnswersOf(invoice)).toEqual(['generated', '604']);
  });
});

describe('cancel after a lost answer', () => {
  it.each([
    ['A', 'canewb', 'drop-after-commit'],
    ['A', 'canewb', 'gateway-timeout-after-commit'],
    ['B', '/eway/cancel', '502-after-commit'],
  ] as const)(
    'catalog %s: %s answered %s reads the bill and adopts its cancellation',
    async (catalog, path, fault) => {
      const settings =
        catalog === 'A'
          ? ewaybillSettings(sandbox, 'A')
          : { ...ewaybillSettings(sandbox, 'B'), lookup: ewaybillSettings(sandbox, 'A') };
      const invoice = goodsSale(sandbox.clock.now(), road);
      const { regime, sleeps } = regimeUnderTest();
      const made = asRegistered(
        await regime.submit(payloadOf(invoice, settings), submitContext({ settings })),
      );
      (catalog === 'A' ? sandbox.einvoice.gsp.faults : sandbox.einvoice.api.faults).queue({
        path,
        fault,
        count: 1,
      });
      const cancelled = asRegistered(
        await regime.cancel({
          identifiers: made.identifiers,
          settings,
          reasonCode: '2',
          remark: 'Order cancelled',
        }),
      );
      expect(cancelled.adopted).toBe(true);
      expect(sleeps).toEqual([1000]);
      expect(billsOf(invoice)[0].status).toBe('CNL');
    },
  );
});

describe('catalog B bulk generate', () => {
  it('answers each document: good rows registered, a bad row refused with its code, a duplicate adopted', async () => {
    const settings: EwaybillSettings = {
      ...ewaybillSettings(sandbox, 'B'),
      lookup: ewaybillSettings(sandbox, 'A'),
    };
    const invoices = [0, 1, 2, 3, 4].map(() => goodsSale(sandbox.clock.now(), road));
    const payloads = invoices.map((invoice) => payloadOf(invoice, settings));
    payloads[2].direct.itemList[0].hsnCode = '12';
    await createEwaybillProvider(ewaybillConfig(settings)).generate(payloads[4].direct);
    const { regime, log } = regimeUnderTest();
    const outcomes = await regime.submitMany(
      payloads.map((payload) => ({ payload, context: submitContext({ settings }) })),
    );
    expect(outcomes.map((o) => (o instanceof ComplianceError ? o.errorClass : o.status))).toEqual([
      'registered',
      'registered',
      'rejected',
      'registered',
      'registered',
    ]);
    expect(outcomes[2]).toMatchObject({ code: '216' });
    expect(outcomes[4]).toMatchObject({ adopted: true });
    expect(log.entries.filter((entry) => entry.operation === 'bulk-generate')).toHaveLength(1);
    for (const [index, invoice] of invoices.entries()) {
      expect(billsOf(invoice)).toHaveLength(index === 2 ? 0 : 1);
    }
  });

  it('a bulk answer lost after commit (502) is never sent again: each row read back and adopted', async () => {
    const settings = { ...ewaybillSettings(sandbox, 'B'), lookup: ewaybillSettings(sandbox, 'A') };
    const invoices = [0, 1, 2].map(() => goodsSale(sandbox.clock.now(), road));
    sandbox.einvoice.api.faults.queue({ path: '/eway/bulk-generate', fault: '502-after-commit', count: 1 });
    const { regime, log } = regimeUnderTest();
    const outcomes = await regime.submitMany(
      invoices.map((invoice) => ({
        payload: payloadOf(invoice, settings),
        context: submitContext({ settings }),
      })),
    );
    expect(log.entries.filter((entry) => entry.operation === 'bulk-generate')).toHaveLength(1);
    for (const [index, invoice] of invoices.entries()) {
      expect(billsOf(invoice)).toHaveLength(1);
      expect(asRegistered(outcomes[index])).toMatchObject({
        adopted: true,
        identifiers: { ewbNo: String(billsOf(invoice)[0].ewbNo) },
      });
    }
  });

  it('a bulk answer lost without a lookup leaves every row waiting for an operator, nothing resent', async () => {
    const settings = ewaybillSettings(sandbox, 'B');
    const invoices = [0, 1].map(() => goodsSale(sandbox.clock.now(), road));
    sandbox.einvoice.api.faults.queue({ path: '/eway/bulk-generate', fault: 'drop-after-commit', count: 1 });
    const { regime, log } = regimeUnderTest();
    const outcomes = await regime.submitMany(
      invoices.map((invoice) => ({
        payload: payloadOf(invoice, settings),
        context: submitContext({ settings }),
      })),
    );
    expect(log.entries.filter((entry) => entry.operation === 'bulk-generate')).toHaveLength(1);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ options: { code: 'EWB_LOOKUP_REQUIRED', waitsForOperator: true } });
    }
    for (const invoice of invoices) expect(billsOf(invoice)).toHaveLength(1);
  });
});

it('refuses settings without a provider as a config error naming what is missing', async () => {
  const invoice = goodsSale(sandbox.clock.now(), road);
  const { regime } = regimeUnderTest();
  await expect(
    regime.submit(payloadOf(invoice, {}), submitContext({ settings: { catalog: 'A', gstin: SELLER } })),
  ).rejects.toMatchObject({
    errorClass: 'config',
    message: expect.stringMatching(/baseUrl, clientId, clientSecret/),
  });
});
