/**
 * A live send that takes longer than the SUBMITTING lease (here: the IRP answers 429 with a Retry-After
 * longer than the lease, which the client waits out inside the call) keeps its lease renewed, so the sweep
 * running meanwhile does not take it for a dead worker's: nothing is released as an unknown outcome and no
 * document is looked up or sent again.
 */
import { SweepService } from '../../src/sync/sweep.service';
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  auditActions,
  dropSampleAndPull,
  DEFAULT_QUEUE,
  expectedDocuments,
  injectFault,
  sandboxFaults,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type E2eApp,
} from './support';

const expected = expectedDocuments();
const RETRY_AFTER_SECONDS = DEFAULT_QUEUE.submittingLeaseSeconds + 3;

describe('SUBMITTING lease during a slow call', () => {
  let sandbox: RunningSandbox;
  let app: E2eApp;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox({
      rateLimit: { limit: 10_000, windowMs: 60_000 },
      faultRetryAfterSeconds: RETRY_AFTER_SECONDS,
    });
    app = await startE2eApp({ sandbox });
  });

  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
  });

  it('is renewed while the call waits, so the sweep releases nothing', async () => {
    await injectFault(sandbox, '429', 1);
    await dropSampleAndPull(app.url, app.inbox);
    const sweep = app.app.get(SweepService);
    const started = Date.now();
    const released: number[] = [];
    let lastSweepAfterMs = 0;
    const docs = await settledDocuments(app.url, expected.length, 60_000, async () => {
      released.push((await sweep.sweep()).released);
      lastSweepAfterMs = Date.now() - started;
    });

    const waitedOut = (await sandboxFaults(sandbox)).applied.filter((fault) => fault.fault === '429');
    expect(waitedOut).toHaveLength(1);
    // The sweep ran throughout the wait, past the lease, and found no stale submission.
    expect(lastSweepAfterMs).toBeGreaterThan((DEFAULT_QUEUE.submittingLeaseSeconds + 1) * 1000);
    expect(released.every((count) => count === 0)).toBe(true);
    expect(docs.map((d) => d.submissions[0].state)).toEqual(docs.map(() => 'WRITTEN_BACK'));
    for (const actions of (await auditActions(app.url, docs)).values()) {
      expect(actions).not.toContain('stale-submitting-released');
    }
    expect(sandbox.einvoice.registrations()).toHaveLength(expected.length);
  }, 90_000);
});
