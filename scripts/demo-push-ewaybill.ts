/**
 * `npm run demo:ewaybill`: pushes a goods invoice over Rs 50,000 with transport details to the running
 * service's `goods-example` webhook (regimes in-einvoice and in-ewaybill), signed with the development
 * secret the service generated under .data/. The IRP registers it; the e-way bill then goes by IRN, and
 * its number, date and validity show on the document's in-ewaybill submission.
 */
import { readFileSync } from 'node:fs';
import { signWebhook } from '../src/connectors/webhook/webhook-signature';
import { sampleIndiaInvoice } from '../src/domain/__fixtures__';

async function main(): Promise<void> {
  const base = process.env.CONNECTOR_URL ?? 'http://localhost:3000';
  const secret = readFileSync('.data/connectors/goods-example/webhook-secret', 'utf8').trim();
  const stamp = Date.now().toString(36).toUpperCase();
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const invoice = {
    ...sampleIndiaInvoice({ documentNumber: `EWB-${stamp}`, documentDate: yesterday }),
    externalId: `demo-ewaybill-${stamp}`,
  };
  invoice.seller.gstin = '29AADCD4821K1ZI';
  invoice.transport = {
    mode: 'ROAD',
    distanceKm: 350,
    vehicleNumber: 'KA01AB1234',
    vehicleType: 'R',
    transporterName: 'Deccan Roadways',
  };
  const body = JSON.stringify({ documents: [invoice] });
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await fetch(`${base}/webhooks/goods-example/invoices`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': String(timestamp),
      'x-webhook-signature': signWebhook(secret, timestamp, body),
    },
    body,
  });
  console.log(`${response.status} ${await response.text()}`);
  if (!response.ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
