/**
 * An outcome is written back once, even when a write-back is slow: the in-process write-back after
 * registration is still waiting for the ERP when the sweep (here every second) finds the submission
 * WRITEBACK_PENDING and enqueues its job. The job finds the write-back claimed and leaves it; the ERP
 * hears each outcome once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { sandboxRegimeDefaults, SELLER_GSTIN, startEinvoiceSandbox } from '../einvoice-e2e/support';
import { json, postSignedWebhook } from '../support/http';
import { webhookShop } from './webhook-shop';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-one-write-0123456789abcdef0123';
const DOCUMENTS = 8;
/** How long the ERP takes to answer each callback: several sweeps pass meanwhile. */
const ANSWER_AFTER_MS = 2500;

describe('a slow write-back is made once while the sweep re-enqueues it', () => {
  let sandbox: RunningSandbox;
  let receiver: Server;
  let t: TestApp | undefined;
  const deliveries: string[] = [];

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        deliveries.push((JSON.parse(body) as { documentId: string }).documentId);
        setTimeout(() => res.writeHead(200).end(), ANSWER_AFTER_MS);
      });
    });
    await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  });
  afterAll(async () => {
    await t?.close();
    receiver.closeAllConnections();
    await new Promise<void>((closed) => receiver.close(() => closed()));
    await sandbox.stop();
  });

  it('calls the ERP back once per outcome', async () => {
    const { port } = receiver.address() as AddressInfo;
    t = await startTestApp({
      regimeDefaults: sandboxRegimeDefaults(sandbox),
      roles: ['api', 'worker', 'scheduler'],
      config: { schedule: { pullEverySeconds: 3600, sweepEverySeconds: 1 } },
      connectors: [webhookShop(SECRET, `http://127.0.0.1:${port}/outcomes`, 10_000)],
    });
    const documents = Array.from({ length: DOCUMENTS }, (_, i) => {
      const invoice = sampleIndiaInvoice({
        documentNumber: `ONCE/${i + 1}`,
        documentDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      });
      invoice.seller.gstin = SELLER_GSTIN;
      return invoice;
    });
    const posted = await postSignedWebhook(t.url, 'shop', SECRET, JSON.stringify({ documents }));
    expect(posted.status).toBe(202);
    const ids = ((await json(posted)).accepted as { documentId: string }[]).map((a) => a.documentId);

    await eventually(
      async () => {
        const states = await Promise.all(
          ids.map(async (id) => {
            const res = await fetch(`${t!.url}/documents/${id}`, { headers: { 'x-api-key': TEST_API_KEY } });
            return ((await json(res)).submissions[0] as { state: string }).state;
          }),
        );
        return states.every((state) => state === 'WRITTEN_BACK') ? true : undefined;
      },
      60_000,
      250,
    );
    // A few more sweeps: nothing is left to write back, and nothing is written again.
    await new Promise((r) => setTimeout(r, 3000));
    expect([...deliveries].sort()).toEqual([...ids].sort());
  }, 120_000);
});
