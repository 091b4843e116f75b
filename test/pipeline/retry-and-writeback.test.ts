import { json, postSignedWebhook } from '../support/http';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { verifyWebhookSignature } from '../../src/connectors/webhook/webhook-signature';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { ScriptedRegime } from '../support/scripted-regime';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-retry-0123456789abcdef0123456789';

interface Callback {
  headers: IncomingMessage['headers'];
  body: string;
}

describe('pipeline: registration, rejection, operator retry, write-back (real HTTP and Postgres)', () => {
  let t: TestApp;
  let callbackServer: Server;
  let callbackStatus = 200;
  const callbacks: Callback[] = [];
  const regime = new ScriptedRegime();

  beforeAll(async () => {
    callbackServer = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        callbacks.push({ headers: req.headers, body });
        res.writeHead(callbackStatus).end();
      });
    });
    await new Promise<void>((r) => callbackServer.listen(0, '127.0.0.1', r));
    const port = (callbackServer.address() as { port: number }).port;
    t = await startTestApp({
      regimes: [regime],
      config: {
        queue: {
          batchSize: 20,
          pollingIntervalSeconds: 0.5,
          maxAttempts: 3,
          writeBackRetries: 1,
          // Give up once the job's retries have run out (an outage window: test/webhook/callback-outage).
          writeBackGiveUpAfterSeconds: 0,
          submittingLeaseSeconds: 5,
        },
      },
      connectors: [
        {
          name: 'erp',
          kind: 'webhook',
          regimes: ['in-einvoice'],
          config: {
            secret: SECRET,
            callbackUrl: `http://127.0.0.1:${port}/outcomes`,
            callbackTimeoutMs: 2000,
          },
        },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => callbackServer.close(r));
  });

  async function push(documentNumber: string): Promise<string> {
    const body = JSON.stringify(sampleIndiaInvoice({ documentNumber }));
    const res = await postSignedWebhook(t.url, 'erp', SECRET, body);
    expect(res.status).toBe(202);
    return (await json(res)).accepted[0].documentId as string;
  }

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, {
      ...init,
      headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
    });

  async function submissionOf(documentId: string, state: string) {
    return eventually(async () => {
      const doc = await json(await api(`/documents/${documentId}`));
      return doc.submissions[0].state === state ? doc : undefined;
    });
  }

  it('registers a document, writes the outcome back to the signed callback, and records it all in the audit trail', async () => {
    const id = await push('RB/0001');
    const doc = await submissionOf(id, 'WRITTEN_BACK');
    expect(doc.submissions[0].irn).toMatch(/^[0-9a-f]{64}$/);
    const callback = callbacks.find((c) => c.body.includes('RB/0001'));
    expect(callback).toBeDefined();
    const check = verifyWebhookSignature({
      secret: SECRET,
      timestampHeader: callback!.headers['x-webhook-timestamp'] as string,
      signatureHeader: callback!.headers['x-webhook-signature'] as string,
      rawBody: Buffer.from(callback!.body),
      nowSeconds: Math.floor(Date.now() / 1000),
      toleranceSeconds: 300,
    });
    expect(check.ok).toBe(true);
    expect(JSON.parse(callback!.body).identifiers.irn).toBe(doc.submissions[0].irn);
    const actions = doc.audit.map((a: { action: string }) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'received',
        'submission-created',
        'mapped',
        'registered',
        'writeback-queued',
        'written-back',
      ]),
    );
  });

  it('keeps the authority code of a rejection, and an operator retry (audited) registers it after the fix', async () => {
    regime.scripts.set('RB/0002', 'reject');
    const id = await push('RB/0002');
    const rejected = await submissionOf(id, 'REJECTED');
    expect(rejected.submissions[0]).toMatchObject({
      errorClass: 'rejected',
      errorCode: '2172',
      errorMessage: 'Invalid place of supply',
    });

    const failures = await json(await api('/submissions?state=REJECTED'));
    expect(failures.items.map((s: { documentId: string }) => s.documentId)).toContain(id);

    regime.scripts.set('RB/0002', 'register');
    const res = await api('/submissions/retry', {
      method: 'POST',
      body: JSON.stringify({
        ids: [rejected.submissions[0].id],
        operator: 'asha',
        reason: 'place of supply corrected in the ERP',
      }),
    });
    expect(res.status).toBe(200);
    expect((await json(res)).retried).toHaveLength(1);
    const done = await submissionOf(id, 'WRITTEN_BACK');
    const retry = done.audit.find((a: { action: string }) => a.action === 'operator-retry');
    expect(retry).toMatchObject({
      actor: 'operator:asha',
      reason: 'place of supply corrected in the ERP',
      fromState: 'REJECTED',
    });
    expect(regime.sent.filter((n) => n === 'RB/0002')).toHaveLength(2);
  });

  it('retries by filter and refuses a retry request without operator or reason (400 with paths)', async () => {
    const bad = await api('/submissions/retry', {
      method: 'POST',
      body: JSON.stringify({ ids: ['not-a-uuid'] }),
    });
    expect(bad.status).toBe(400);
    const paths = (await json(bad)).errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['operator', 'reason', 'ids']));

    regime.scripts.set('RB/0003', 'reject');
    const id = await push('RB/0003');
    await submissionOf(id, 'REJECTED');
    regime.scripts.set('RB/0003', 'register');
    // The failure queue as one filter: every failure state, paged by the server with its total.
    const queue = await json(await api('/submissions?failing=true&connector=erp&limit=1'));
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0].document).toMatchObject({ docNumber: 'RB/0003', currency: 'INR' });
    const failing = queue.total as number;
    expect(failing).toBeGreaterThanOrEqual(1);
    const res = await api('/submissions/retry', {
      method: 'POST',
      body: JSON.stringify({
        filter: { failing: true, connector: 'erp' },
        operator: 'ravi',
        reason: 'bulk retry after fix',
      }),
    });
    const answer = await json(res);
    expect(answer.matched).toBe(failing);
    expect(answer.limit).toBe(1000);
    expect(answer.retried.length + answer.skipped.length).toBe(failing);
    await submissionOf(id, 'WRITTEN_BACK');
  });

  it('marks WRITEBACK_FAILED when the callback keeps failing, and a retry writes it back later', async () => {
    callbackStatus = 503;
    const id = await push('RB/0004');
    const failed = await submissionOf(id, 'WRITEBACK_FAILED');
    expect(failed.submissions[0].errorClass).toBe('writeback-transient');
    expect(failed.submissions[0].errorMessage).toMatch(/HTTP 503/);
    const attempts = callbacks.filter((c) => c.body.includes('RB/0004')).length;
    expect(attempts).toBe(2);

    callbackStatus = 200;
    await api('/submissions/retry', {
      method: 'POST',
      body: JSON.stringify({
        ids: [failed.submissions[0].id],
        operator: 'asha',
        reason: 'callback endpoint is back',
      }),
    });
    await submissionOf(id, 'WRITTEN_BACK');
    expect(regime.sent.filter((n) => n === 'RB/0004')).toHaveLength(1);
  });

  it('retries transient failures with backoff and gives up into the failure queue with the class kept', async () => {
    regime.scripts.set('RB/0005', 'transient');
    const id = await push('RB/0005');
    const doc = await submissionOf(id, 'REJECTED');
    expect(doc.submissions[0].errorClass).toBe('transient');
    expect(doc.submissions[0].attempts).toBe(3);
    expect(doc.submissions[0].errorMessage).toMatch(/gave up after 3 attempts/);
  });

  it('does not count calls an open circuit refused as attempts: an outage longer than maxAttempts loses nothing', async () => {
    regime.scripts.set('RB/0006', 'circuit-open');
    const id = await push('RB/0006');
    await eventually(
      () => Promise.resolve(regime.sent.filter((n) => n === 'RB/0006').length > 4 ? true : undefined),
      40_000,
    );
    const waiting = await json(await api(`/documents/${id}`));
    expect(waiting.submissions[0].state).not.toBe('REJECTED');
    expect(waiting.submissions[0].attempts).toBeLessThanOrEqual(1);
    expect(waiting.submissions[0].errorCode).toBe('CIRCUIT_OPEN');

    regime.scripts.set('RB/0006', 'register');
    const done = await submissionOf(id, 'WRITTEN_BACK');
    expect(done.submissions[0].irn).toMatch(/^[0-9a-f]{64}$/);
  }, 60_000);
});
