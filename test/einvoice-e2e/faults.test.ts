/**
 * The example CSV through the real pipeline while the IRP misbehaves: hung requests (before and after
 * the registration was committed), 5xx answers, a 429 storm and answers dropped after the registration.
 * Whatever happens, every document ends WRITTEN_BACK with exactly one IRN at the IRP: the one NIC's
 * algorithm gives; and the IRP received exactly one GENERATE per document (after an unknown outcome the
 * next step is a lookup: a blind resend would show as a second GENERATE answered 2150).
 */
import type { HttpPolicy } from '../../src/compliance/http/compliance-http-client';
import type { RunningSandbox } from '@erp-connector/sandbox';
import type { FaultKind } from '@erp-connector/sandbox/framework';
import {
  assertGenerateAnswers,
  auditActions,
  dropSampleAndPull,
  expectedDocuments,
  injectFault,
  readResultFile,
  registrationsByDocument,
  sandboxFaults,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type DocumentSummary,
  type E2eApp,
  type E2eSandboxOptions,
} from './support';

const expected = expectedDocuments();

interface Scenario {
  sandbox?: E2eSandboxOptions;
  http?: Partial<HttpPolicy>;
  providerSettings?: Record<string, unknown>;
  faults: [FaultKind, number][];
}

interface ScenarioResult {
  docs: DocumentSummary[];
  actions: Map<string, string[]>;
  applied: { fault: string; url: string }[];
  sandbox: RunningSandbox;
  app: E2eApp;
}

/** Runs the sample through a fresh sandbox and app with the given faults queued before the pull. */
async function runScenario(scenario: Scenario, check: (result: ScenarioResult) => void): Promise<void> {
  const sandbox = await startEinvoiceSandbox({
    rateLimit: { limit: 10_000, windowMs: 60_000 },
    ...scenario.sandbox,
  });
  const app = await startE2eApp({
    sandbox,
    http: scenario.http,
    providerSettings: scenario.providerSettings,
  });
  try {
    for (const [fault, count] of scenario.faults) await injectFault(sandbox, fault, count);
    await dropSampleAndPull(app.url, app.inbox);
    const docs = await settledDocuments(app.url, expected.length, 50_000);
    expect(docs.map((d) => [d.docNumber, d.submissions[0].state])).toEqual(
      docs.map((d) => [d.docNumber, 'WRITTEN_BACK']),
    );
    assertExactlyOneIrnPerDocument(sandbox, docs);
    await assertGenerateAnswers(
      sandbox,
      expected.map((doc) => doc.docNumber),
    );
    assertResultFileComplete(app);
    const { applied } = await sandboxFaults(sandbox);
    check({ docs, actions: await auditActions(app.url, docs), applied, sandbox, app });
  } finally {
    await app.close();
    await sandbox.stop();
  }
}

function assertExactlyOneIrnPerDocument(sandbox: RunningSandbox, docs: DocumentSummary[]): void {
  const registrations = sandbox.einvoice.registrations();
  expect(registrations).toHaveLength(expected.length);
  const byDocument = registrationsByDocument(registrations);
  for (const want of expected) {
    expect(byDocument.get(want.docNumber)?.map((r) => r.irn)).toEqual([want.irn]);
    expect(docs.find((d) => d.docNumber === want.docNumber)?.submissions[0].irn).toBe(want.irn);
  }
}

function assertResultFileComplete(app: E2eApp): void {
  const rows = readResultFile(app.outbox);
  expect(rows).toHaveLength(expected.reduce((sum, doc) => sum + doc.rows, 0));
  for (const row of rows) {
    expect(row.Irn).toBe(expected.find((doc) => doc.docNumber === row.InvoiceNo)?.irn);
    expect(row.AckNo).toMatch(/^\d{15}$/);
    expect(row.SignedQRCode).not.toBe('');
  }
}

const generateCalls = (applied: { fault: string; url: string }[], fault: string) =>
  applied.filter((a) => a.fault === fault && a.url.includes('/GENERATE/')).length;

const count = (actions: Map<string, string[]>, action: string) =>
  [...actions.values()].filter((list) => list.includes(action)).length;

describe('India e-invoice end to end under IRP faults', () => {
  it('timeouts: a hung request (before or after the IRP committed) is looked up, then registered or adopted', async () => {
    await runScenario(
      {
        sandbox: { faultTimeoutMs: 4000 },
        http: { timeoutMs: 700 },
        faults: [
          ['timeout', 2],
          ['timeout-after-commit', 2],
        ],
      },
      ({ actions, applied }) => {
        expect(generateCalls(applied, 'timeout')).toBe(2);
        expect(generateCalls(applied, 'timeout-after-commit')).toBe(2);
        // The two whose registration was committed before the answer was lost are adopted, not re-sent.
        // On a loaded machine an unfaulted call may also outlast the 700 ms timeout and take the same
        // path, hence "at least"; exactly one IRN per document is asserted by runScenario regardless.
        expect(count(actions, 'registered-adopted')).toBeGreaterThanOrEqual(2);
        expect(count(actions, 'retry-scheduled')).toBeGreaterThanOrEqual(4);
      },
    );
  }, 70_000);

  it('5xx: every GENERATE answered 503/500 is sent once, looked up as an unknown outcome, then sent again: one IRN each', async () => {
    await runScenario(
      {
        // A 5xx to GENERATE is final (the provider retried already): no resend inside the client. The
        // per-provider circuit breaker is off here (its own test: test/compliance-http/outage.test.ts), so
        // each document's path is what is measured.
        http: { maxAttempts: 2, backoffBaseMs: 50, backoffMaxMs: 100, circuit: { failureThreshold: 0 } },
        // Each faulted document costs a look-up and a second GENERATE: more than the default 60 calls a
        // minute the client paces itself to.
        providerSettings: { rateLimit: { limit: 1000, windowMs: 60_000 } },
        faults: [
          ['503', 12],
          ['500', 12],
        ],
      },
      ({ actions, applied }) => {
        expect(generateCalls(applied, '503')).toBe(12);
        expect(generateCalls(applied, '500')).toBe(12);
        // Every document went back to the queue (twice: 24 faults), looked up before each resend.
        expect(count(actions, 'retry-scheduled')).toBe(12);
        expect(count(actions, 'registered-adopted')).toBe(0);
      },
    );
  }, 70_000);

  it('429 storm: Retry-After is honoured in the client and, past its patience, by the pipeline', async () => {
    await runScenario(
      {
        sandbox: { faultRetryAfterSeconds: 1 },
        // One 429 waited out inside a call; the second goes back to the queue with the Retry-After.
        http: { maxRateLimitedRetries: 1 },
        faults: [['429', 24]],
      },
      ({ actions, applied }) => {
        expect(generateCalls(applied, '429')).toBe(24);
        expect(count(actions, 'retry-scheduled')).toBeGreaterThanOrEqual(1);
        expect(count(actions, 'registered-adopted')).toBe(0);
      },
    );
  }, 70_000);

  it('dropped answers after the IRP registered every document: each is adopted by lookup, none registered twice', async () => {
    // Every GENERATE's answer is dropped, so the provider's circuit opens (5 failures in a row) once per
    // five or so documents, and the documents it held back send their own GENERATE later: up to three opens.
    // At the shipped 15 s each that alone nearly filled the 50 s this test waits (it failed when a probe met
    // a fault); 3 s keeps what is shown (adopted by lookup, one IRN each) and leaves the margin.
    const scenario: Scenario = {
      faults: [['drop-after-commit', 12]],
      http: { circuit: { openMs: 3_000 } },
    };
    await runScenario(scenario, ({ actions, applied }) => {
      expect(generateCalls(applied, 'drop-after-commit')).toBe(12);
      expect(count(actions, 'registered-adopted')).toBe(12);
      expect(count(actions, 'registered')).toBe(0);
    });
  }, 70_000);
});
