/**
 * The ERP's callback URL down (connection refused) for far longer than the write-back job's own
 * retries: outcomes wait, tried again at the capped delay, and each is delivered once when the URL comes
 * back, with an Idempotency-Key that is the same on every delivery of one outcome. Past the give-up
 * window the outcome lands in the failure queue (WRITEBACK_FAILED) with the reason.
 *
 * The outage is compressed: the test's queue settings scale the schedule down (the job's retries over
 * ~2 s, then a try every second; the shipped defaults are ~1 minute of retries, then every 5 minutes for
 * a day), so 15 s of outage here stands for an hour of it in production.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { callbackIdempotencyKey, verifyWebhookSignature } from '../../src/connectors/webhook';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { sandboxRegimeDefaults, SELLER_GSTIN, startEinvoiceSandbox } from '../einvoice-e2e/support';
import { json, postSignedWebhook } from '../support/http';
import { webhookShop } from './webhook-shop';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-outage-0123456789abcdef012345';
const DOCUMENTS = 6;

interface Delivery {
  documentId: string;
  key: string | undefined;
  body: string;
  status: number;
}

/** The ERP's callback endpoint: can be down (not listening), answer 503 once per document, or 200. */
class CallbackReceiver {
  readonly deliveries: Delivery[] = [];
  private server?: Server;
  port = 0;

  async up(firstAnswer503 = false): Promise<void> {
    const server = createServer((req, res) => {
      void readBody(req).then((body) => {
        const documentId = (JSON.parse(body) as { documentId: string }).documentId;
        const signed = verifyWebhookSignature({
          secret: SECRET,
          timestampHeader: header(req, 'x-webhook-timestamp'),
          signatureHeader: header(req, 'x-webhook-signature'),
          rawBody: Buffer.from(body),
          nowSeconds: Math.floor(Date.now() / 1000),
          toleranceSeconds: 300,
        });
        const seen = this.deliveries.some((d) => d.documentId === documentId);
        const status = !signed.ok ? 401 : firstAnswer503 && !seen ? 503 : 200;
        this.deliveries.push({ documentId, key: header(req, 'idempotency-key'), body, status });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((listening) => server.listen(this.port, '127.0.0.1', listening));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((closed) => server.close(() => closed()));
  }

  delivered(status: number): Delivery[] {
    return this.deliveries.filter((d) => d.status === status);
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => done(body));
  });
}

function yesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

describe('webhook callbacks while the callback URL is down', () => {
  let sandbox: RunningSandbox;
  let receiver: CallbackReceiver;
  let t: TestApp | undefined;

  beforeEach(async () => {
    sandbox = await startEinvoiceSandbox({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
    receiver = new CallbackReceiver();
    // Learn a free port, then go down on it: every callback is refused until the receiver comes back.
    await receiver.up();
    await receiver.down();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    await receiver.down();
    await sandbox.stop();
  });

  const start = (giveUpAfterSeconds: number) =>
    startTestApp({
      regimeDefaults: sandboxRegimeDefaults(sandbox),
      config: {
        queue: {
          batchSize: 20,
          pollingIntervalSeconds: 0.5,
          maxAttempts: 4,
          submittingLeaseSeconds: 5,
          writeBackRetries: 1,
          writeBackMaxDelaySeconds: 1,
          writeBackGiveUpAfterSeconds: giveUpAfterSeconds,
        },
      },
      connectors: [webhookShop(SECRET, `http://127.0.0.1:${receiver.port}/outcomes`, 2000)],
    });

  async function push(app: TestApp, prefix: string): Promise<string[]> {
    const documents = Array.from({ length: DOCUMENTS }, (_, i) => {
      const invoice = sampleIndiaInvoice({ documentNumber: `${prefix}/${i + 1}`, documentDate: yesterday() });
      invoice.seller.gstin = SELLER_GSTIN;
      return invoice;
    });
    const res = await postSignedWebhook(app.url, 'shop', SECRET, JSON.stringify({ documents }));
    expect(res.status).toBe(202);
    return ((await json(res)).accepted as { documentId: string }[]).map((a) => a.documentId);
  }

  const states = (app: TestApp, ids: string[]) =>
    Promise.all(
      ids.map(async (id) => {
        const res = await fetch(`${app.url}/documents/${id}`, { headers: { 'x-api-key': TEST_API_KEY } });
        return (await json(res)).submissions[0] as { state: string; errorMessage: string | null };
      }),
    );

  it('delivers every outcome once when the URL is back, each with one stable Idempotency-Key', async () => {
    t = await start(3600);
    const ids = await push(t, 'OUT');
    // Registered at the IRP, waiting for the callback.
    await eventually(
      async () => ((await states(t!, ids)).every((s) => s.state === 'WRITEBACK_PENDING') ? true : undefined),
      30_000,
    );
    // Well past the job's own retries (two tries over ~2 s): without the capped re-tries these would be
    // WRITEBACK_FAILED by now.
    await new Promise((r) => setTimeout(r, 15_000));
    expect((await states(t, ids)).map((s) => s.state)).toEqual(ids.map(() => 'WRITEBACK_PENDING'));
    expect(receiver.deliveries).toEqual([]);

    // Back, answering each document's first delivery 503 (taken, then lost): the retry repeats its key.
    await receiver.up(true);
    const settled = await eventually(
      async () => {
        const now = await states(t!, ids);
        return now.every((s) => s.state === 'WRITTEN_BACK') ? now : undefined;
      },
      30_000,
      300,
    );
    expect(settled).toHaveLength(DOCUMENTS);
    const ok = receiver.delivered(200);
    expect(ok.map((d) => d.documentId).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const all = receiver.deliveries.filter((d) => d.documentId === id);
      expect(new Set(all.map((d) => d.key)).size).toBe(1);
      expect(all[0].key).toBe(callbackIdempotencyKey(id, all[0].body));
      expect(all.map((d) => d.body)).toEqual(all.map(() => all[0].body));
    }
    expect(new Set(ok.map((d) => d.key)).size).toBe(DOCUMENTS);
    expect(receiver.delivered(401)).toEqual([]);
  }, 120_000);

  it("keeps the window by the database's clock when the service's runs an hour ahead of it", async () => {
    t = await start(600);
    const realNow = Date.now.bind(Date);
    const ahead = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 3600_000);
    try {
      const ids = await push(t, 'AHEAD');
      await eventually(
        async () =>
          (await states(t!, ids)).every((s) => s.state === 'WRITEBACK_PENDING') ? true : undefined,
        30_000,
      );
      // Past the job's own retries: 10 minutes of the window are left by the database's clock, not
      // an hour gone by the service's.
      await new Promise((r) => setTimeout(r, 6_000));
      expect((await states(t, ids)).map((s) => s.state)).toEqual(ids.map(() => 'WRITEBACK_PENDING'));

      await receiver.up();
      await eventually(
        async () => ((await states(t!, ids)).every((s) => s.state === 'WRITTEN_BACK') ? true : undefined),
        30_000,
        300,
      );
      expect(receiver.delivered(200)).toHaveLength(DOCUMENTS);
    } finally {
      ahead.mockRestore();
    }
  }, 120_000);

  it('gives up after the window: WRITEBACK_FAILED with the reason, in the failure queue', async () => {
    t = await start(4);
    const ids = await push(t, 'GIVEUP');
    const failed = await eventually(
      async () => {
        const now = await states(t!, ids);
        return now.every((s) => s.state === 'WRITEBACK_FAILED') ? now : undefined;
      },
      40_000,
      300,
    );
    for (const submission of failed) {
      expect(submission.errorMessage).toBe(
        `callback to http://127.0.0.1:${receiver.port} failed: connect ECONNREFUSED 127.0.0.1:${receiver.port}`,
      );
    }
    expect(receiver.deliveries).toEqual([]);
  }, 120_000);
});
