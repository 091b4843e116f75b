/**
 * Validation never waits behind sending: with the sandbox IRP answering slowly and many good invoices
 * queued for sending ahead, a later batch's invoices that cannot be mapped (a buyer name NIC refuses) are
 * MAPPING_FAILED with their field errors within seconds of the post, before the good ones are sent.
 */
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { sandboxRegimeDefaults, SELLER_GSTIN, startEinvoiceSandbox } from '../einvoice-e2e/support';
import { json, postSignedWebhook } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-intake-0123456789abcdef012345';
const INSTANCE = 'shop';
const SLOW_MS = 4000;

function yesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

function invoice(number: string, broken = false) {
  const doc = sampleIndiaInvoice({ documentNumber: number, documentDate: yesterday() });
  doc.seller.gstin = SELLER_GSTIN;
  // Canonically valid, refused by the NIC mapper: a legal name has at most 100 characters.
  if (broken) doc.buyer.legalName = 'Broken Buyer '.padEnd(120, 'X');
  return doc;
}

async function setLatency(sandbox: RunningSandbox, ms: number): Promise<void> {
  const res = await fetch(`${sandbox.urls.einvoiceGsp}/__sandbox/latency`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  });
  if (!res.ok) throw new Error(`latency not set: HTTP ${res.status}`);
}

describe('intake validation does not wait behind paced sending', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    t = await startTestApp({
      regimeDefaults: sandboxRegimeDefaults(sandbox),
      connectors: [
        {
          name: INSTANCE,
          kind: 'webhook',
          regimes: ['in-einvoice'],
          config: { secret: SECRET },
          regimeSettings: { 'in-einvoice': { gstin: SELLER_GSTIN } },
        },
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await setLatency(sandbox, 0).catch(() => undefined);
    await t?.close();
    await sandbox?.stop();
  }, 120_000);

  const submissions = async (state: string) =>
    (
      await json(
        await fetch(`${t.url}/submissions?state=${state}&limit=500`, {
          headers: { 'x-api-key': TEST_API_KEY },
        }),
      )
    ).items as { documentId: string; fieldErrors: { path: string }[] | null }[];

  it('moves the broken rows to MAPPING_FAILED within seconds while good ones ahead are still being sent', async () => {
    await setLatency(sandbox, SLOW_MS);
    const ahead = Array.from({ length: 400 }, (_, i) => invoice(`AHD/${i + 1}`));
    expect((await postSignedWebhook(t.url, INSTANCE, SECRET, JSON.stringify(ahead))).status).toBe(202);

    const batch = Array.from({ length: 20 }, (_, i) => invoice(`MIX/${i + 1}`, i % 2 === 0));
    const posted = await postSignedWebhook(t.url, INSTANCE, SECRET, JSON.stringify(batch));
    expect(posted.status).toBe(202);
    const postedAt = Date.now();
    const accepted = (await json(posted)).accepted as { index: number; documentId: string }[];
    const brokenIds = new Set(accepted.filter((a) => a.index % 2 === 0).map((a) => a.documentId));
    expect(brokenIds.size).toBe(10);

    const failed = await eventually(async () => {
      const list = (await submissions('MAPPING_FAILED')).filter((s) => brokenIds.has(s.documentId));
      return list.length === brokenIds.size ? list : undefined;
    }, 20_000);
    const elapsed = Date.now() - postedAt;
    for (const s of failed) expect(s.fieldErrors?.some((e) => /LglNm|legalName/.test(e.path))).toBe(true);
    // Sending is paced by the slow IRP: the good ones queued ahead are not all sent yet.
    const registered = (await submissions('WRITTEN_BACK')).length + (await submissions('REGISTERED')).length;
    expect(registered).toBeLessThan(ahead.length);
    expect(elapsed).toBeLessThan(SLOW_MS + 1000);

    // The good ones of the same batch were not failed: they wait their turn to be sent.
    const failedIds = new Set((await submissions('MAPPING_FAILED')).map((s) => s.documentId));
    const good = accepted.filter((a) => !brokenIds.has(a.documentId));
    expect(good.filter((a) => failedIds.has(a.documentId))).toEqual([]);
  }, 180_000);
});
