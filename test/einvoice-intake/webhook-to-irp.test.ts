/**
 * A webhook sender's invoice through the real in-einvoice regime to the sandbox IRP and back: the
 * signed callback the connector POSTs to the sender carries the IRN NIC's formula gives, the IRP's
 * AckNo and AckDt, a SignedQRCode whose RS256 signature verifies with the IRP's published key, and the
 * state. The signature is checked here with node:crypto alone, not with the code under test.
 */
import { createPublicKey, createVerify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../../src/connectors/webhook/webhook-signature';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { financialYear } from '../../src/domain/financial-year';
import { computeIrn } from '../../src/mappers/irn';
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  sandboxRecords,
  sandboxRegimeDefaults,
  SELLER_GSTIN,
  startEinvoiceSandbox,
} from '../einvoice-e2e/support';
import { json, postSignedWebhook, type Json } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-irp-0123456789abcdef0123456789';
const INSTANCE = 'shop';
const DOCUMENT_NUMBER = 'WH/IRP/0001';

interface Callback {
  headers: IncomingMessage['headers'];
  body: string;
}

/** The `data` of a NIC JWS, after checking its RS256 signature with `publicKeyPem`. */
function verifiedJwsData(jws: string, publicKeyPem: string): Json {
  const [header, payload, signature] = jws.split('.');
  expect(JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg).toBe('RS256');
  const verifies = createVerify('RSA-SHA256')
    .update(`${header}.${payload}`)
    .verify(createPublicKey(publicKeyPem), Buffer.from(signature, 'base64url'));
  expect(verifies).toBe(true);
  return JSON.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).data);
}

/** Yesterday, as an ISO date: a document date the IRP accepts whenever the suite runs. */
function yesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

describe('webhook connector -> in-einvoice regime -> sandbox IRP -> signed callback', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let callbackServer: Server;
  const callbacks: Callback[] = [];

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    callbackServer = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        callbacks.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((listening) => callbackServer.listen(0, '127.0.0.1', listening));
    const { port } = callbackServer.address() as AddressInfo;
    t = await startTestApp({
      regimeDefaults: sandboxRegimeDefaults(sandbox),
      connectors: [
        {
          name: INSTANCE,
          kind: 'webhook',
          regimes: ['in-einvoice'],
          config: { secret: SECRET, callbackUrl: `http://127.0.0.1:${port}/outcomes` },
          regimeSettings: { 'in-einvoice': { gstin: SELLER_GSTIN } },
        },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((closed) => callbackServer?.close(closed));
    await sandbox?.stop();
  });

  it('registers the pushed invoice and calls back with IRN, AckNo, AckDt, a verifiable QR and the state', async () => {
    const invoice = sampleIndiaInvoice({ documentNumber: DOCUMENT_NUMBER, documentDate: yesterday() });
    invoice.seller.gstin = SELLER_GSTIN;
    const pushed = await postSignedWebhook(
      t.url,
      INSTANCE,
      SECRET,
      JSON.stringify({ ...invoice, externalId: 'order-4711' }),
    );
    expect(pushed.status).toBe(202);
    const documentId: string = (await json(pushed)).accepted[0].documentId;

    const detail = await eventually(async () => {
      const res = await fetch(`${t.url}/documents/${documentId}`, { headers: { 'x-api-key': TEST_API_KEY } });
      const body = await json(res);
      return body.submissions[0].state === 'WRITTEN_BACK' ? body : undefined;
    }, 30_000);

    expect(callbacks).toHaveLength(1);
    const [callback] = callbacks;
    const signature = verifyWebhookSignature({
      secret: SECRET,
      timestampHeader: callback.headers['x-webhook-timestamp'] as string,
      signatureHeader: callback.headers['x-webhook-signature'] as string,
      rawBody: Buffer.from(callback.body),
      nowSeconds: Math.floor(Date.now() / 1000),
      toleranceSeconds: 300,
    });
    expect(signature).toEqual({ ok: true });

    const outcome: Json = JSON.parse(callback.body);
    const irn = computeIrn(SELLER_GSTIN, financialYear(invoice.documentDate), 'INV', DOCUMENT_NUMBER);
    const [registration] = (await sandboxRecords(sandbox)).filter((r) => r.docNo === DOCUMENT_NUMBER);
    expect(outcome).toMatchObject({
      documentId,
      externalId: 'order-4711',
      documentNumber: DOCUMENT_NUMBER,
      regime: 'in-einvoice',
      state: 'REGISTERED',
      error: null,
    });
    expect(outcome.identifiers).toMatchObject({
      irn,
      ackNo: String(registration.ackNo),
      ackDate: registration.ackDt,
    });
    expect(outcome.identifiers.ackNo).toMatch(/^\d{15}$/);
    expect(outcome.identifiers.ackDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(registration.irn).toBe(irn);

    const [year, month, day] = invoice.documentDate.split('-');
    const qr = verifiedJwsData(outcome.identifiers.signedQrCode, sandbox.einvoice.publicKeyPem);
    expect(qr).toMatchObject({
      Irn: irn,
      SellerGstin: SELLER_GSTIN,
      BuyerGstin: invoice.buyer.gstin,
      DocNo: DOCUMENT_NUMBER,
      DocTyp: 'INV',
      DocDt: `${day}/${month}/${year}`,
      TotInvVal: Number(invoice.totals.invoiceTotal),
      IrnDt: registration.ackDt,
    });
    expect(detail.submissions[0].identifiers.signedQrCode).toBe(outcome.identifiers.signedQrCode);
  });
});
