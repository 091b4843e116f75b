/**
 * The service's clock jumping an hour, either way, while a slow send holds its SUBMITTING lease past the
 * lease's length (a 429's Retry-After the client waits out inside the call). The lease is taken, renewed and
 * judged by PostgreSQL's now() alone, so the jump neither makes the live lease look expired (the sweep
 * releases nothing, nothing is looked up or sent again) nor keeps a lease alive: every document is
 * registered once and written back once.
 */
import type { RunningSandbox } from '@erp-connector/sandbox';
import { SweepService } from '../../src/sync/sweep.service';
import {
  auditActions,
  DEFAULT_QUEUE,
  dropSampleAndPull,
  expectedDocuments,
  injectFault,
  registrationsByDocument,
  sandboxFaults,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type E2eApp,
} from '../einvoice-e2e/support';

const HOUR = 3600_000;
const expected = expectedDocuments();
const RETRY_AFTER_SECONDS = DEFAULT_QUEUE.submittingLeaseSeconds + 3;

describe.each([
  ['forward', HOUR],
  ['back', -HOUR],
])('the service clock jumping an hour %s during a slow send', (_, jumpMs) => {
  let sandbox: RunningSandbox;
  let app: E2eApp;
  let offsetMs = 0;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox({
      rateLimit: { limit: 10_000, windowMs: 60_000 },
      faultRetryAfterSeconds: RETRY_AFTER_SECONDS,
    });
    app = await startE2eApp({ sandbox });
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + offsetMs);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app?.close();
    await sandbox?.stop();
  });

  it('keeps the live lease, releases nothing, and registers and writes back every document once', async () => {
    await injectFault(sandbox, '429', 1);
    await dropSampleAndPull(app.url, app.inbox);
    const sweep = app.app.get(SweepService);
    // The jump comes while the sends wait out the 429's pause inside their calls (the test's own
    // deadlines below are read after it, so they jump with the service).
    const paused = async () => (await sandboxFaults(sandbox)).applied.some((fault) => fault.fault === '429');
    for (let poll = 0; poll < 300 && !(await paused()); poll++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(sandbox.einvoice.registrations().length).toBeLessThan(expected.length);
    offsetMs = jumpMs;
    const released: number[] = [];
    const docs = await settledDocuments(app.url, expected.length, 60_000, async () => {
      released.push((await sweep.sweep()).released);
    });

    expect((await sandboxFaults(sandbox)).applied.filter((f) => f.fault === '429')).toHaveLength(1);
    expect(released.every((count) => count === 0)).toBe(true);
    expect(docs.map((d) => d.submissions[0].state)).toEqual(docs.map(() => 'WRITTEN_BACK'));
    for (const actions of (await auditActions(app.url, docs)).values()) {
      expect(actions).not.toContain('stale-submitting-released');
      expect(actions.filter((action) => action === 'written-back')).toHaveLength(1);
    }
    const registrations = registrationsByDocument(sandbox.einvoice.registrations());
    expect(registrations.size).toBe(expected.length);
    for (const once of registrations.values()) expect(once).toHaveLength(1);
  }, 90_000);
});
