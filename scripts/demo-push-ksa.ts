/**
 * `npm run demo:ksa`: pushes two KSA invoices (a standard one, cleared at once, and a simplified one,
 * signed locally and reported by the scheduled job) to the running service's `ksa-example` webhook,
 * signed with the development secret the service generated under .data/.
 */
import { readFileSync } from 'node:fs';
import { signWebhook } from '../src/connectors/webhook/webhook-signature';
import { sampleSaudiInvoice } from '../src/domain/__fixtures__';

async function main(): Promise<void> {
  const base = process.env.CONNECTOR_URL ?? 'http://localhost:3000';
  const secret = readFileSync('.data/connectors/ksa-example/webhook-secret', 'utf8').trim();
  const stamp = Date.now().toString(36).toUpperCase();
  const today = new Date().toISOString().slice(0, 10);
  const standard = sampleSaudiInvoice({ documentNumber: `KSA-S-${stamp}`, documentDate: today });
  const simplified = sampleSaudiInvoice({
    documentNumber: `KSA-P-${stamp}`,
    documentDate: today,
    supplyType: 'B2C',
    ksa: {
      invoiceKind: 'simplified',
      issueTime: new Date().toISOString().slice(11, 19),
      egsUnitId: 'egs-riyadh-01',
    },
  });
  const body = JSON.stringify({ documents: [standard, simplified] });
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await fetch(`${base}/webhooks/ksa-example/invoices`, {
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
