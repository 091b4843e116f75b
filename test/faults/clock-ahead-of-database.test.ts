/**
 * The service's clock an hour ahead of PostgreSQL's (the service's host jumped, or an external database
 * on a host whose clock did not): a document the IRP answered 503 is tried again after its short
 * backoff, not an hour later. When a retry is due is reckoned by the database that checks it (the
 * submission's next_attempt_at, the queue job's start_after), not by the service's clock.
 */
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  dropSampleAndPull,
  expectedDocuments,
  injectFault,
  registrationsByDocument,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type E2eApp,
} from '../einvoice-e2e/support';

const HOUR = 3600_000;
const expected = expectedDocuments();

describe('the service clock an hour ahead of the database', () => {
  let sandbox: RunningSandbox;
  let app: E2eApp;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
    app = await startE2eApp({ sandbox, http: { maxAttempts: 1 } });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app?.close();
    await sandbox?.stop();
  });

  it('retries a refused registration after its backoff, and registers every document once', async () => {
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + HOUR);
    await injectFault(sandbox, '503', 2);

    await dropSampleAndPull(app.url, app.inbox);
    const docs = await settledDocuments(app.url, expected.length, 40_000);

    expect(docs.every((d) => d.submissions.every((s) => s.state === 'WRITTEN_BACK'))).toBe(true);
    for (const registrations of registrationsByDocument(sandbox.einvoice.registrations()).values()) {
      expect(registrations).toHaveLength(1);
    }
    expect(registrationsByDocument(sandbox.einvoice.registrations()).size).toBe(expected.length);
  }, 90_000);
});
