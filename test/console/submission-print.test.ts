/**
 * The printable invoice (GET /submissions/:id/print and /print.pdf) of invoices registered for real: an
 * India invoice at the sandbox IRP and a KSA standard and simplified invoice at the ZATCA simulator, through
 * the webhook connector and the pipeline. The QR code on the page is read back from its PNG pixels with a
 * QR reader (jsQR), the PDF's text through its fonts' ToUnicode maps; nothing is mocked.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { startZatcaSimulator, type ZatcaSimulator } from '@erp-connector/sandbox/zatca';
import { sampleIndiaInvoice, sampleSaudiInvoice } from '../../src/domain/__fixtures__';
import type { CanonicalInvoice } from '../../src/domain';
import { demoEgsUnit } from '../../src/regimes/sa-zatca/fixtures/demo-egs-unit';
import { SELLER_GSTIN, startEinvoiceSandbox } from '../einvoice-e2e/support';
import { goodsSale, indiaRegimeDefaults, SELLER as GOODS_SELLER } from '../ewaybill/support';
import { json, postSignedWebhook, type Json } from '../support/http';
import { pdfTextRuns } from '../support/pdf-text';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const INDIA_SECRET = 'whsec-print-india-0123456789abcdef';
const KSA_SECRET = 'whsec-print-ksa-0123456789abcdef01';
const GOODS_SECRET = 'whsec-print-goods-0123456789abcdef';
const EGS = 'egs-print-01';

function yesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

/** The sample India invoice with twenty almirahs instead of two: a total above one lakh (3,23,323.00). */
function lakhInvoice(documentNumber: string): CanonicalInvoice {
  const invoice = sampleIndiaInvoice({ documentNumber, documentDate: yesterday() });
  invoice.seller.gstin = SELLER_GSTIN;
  Object.assign(invoice.lines[0], {
    quantity: '20',
    grossAmount: '250000.00',
    taxableValue: '249500.00',
    cgstAmount: '22455.00',
    sgstAmount: '22455.00',
    totalAmount: '294410.00',
  });
  Object.assign(invoice.totals, {
    taxableValue: '274002.50',
    cgst: '24660.23',
    sgst: '24660.23',
    invoiceTotal: '323323.00',
  });
  return invoice;
}

/** Every QR code image (data: PNG) on the page, read as a phone's scanner would. */
function qrCodesOn(html: string): string[] {
  return [...html.matchAll(/<img src="data:image\/png;base64,([A-Za-z0-9+/=]+)"/g)].map(([, base64]) => {
    const image = PNG.sync.read(Buffer.from(base64, 'base64'));
    const code = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    if (!code) throw new Error('an image on the page is not a readable QR code');
    return code.data;
  });
}

/** The QR code GET /submissions/:id/qr.png draws, read back from its pixels. */
async function qrRouteCode(res: Response): Promise<string | undefined> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  const image = PNG.sync.read(Buffer.from(await res.arrayBuffer()));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe('printable invoice of registered submissions (sandbox IRP and ZATCA simulator)', () => {
  let sandbox: RunningSandbox;
  let zatca: ZatcaSimulator;
  let t: TestApp;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    zatca = await startZatcaSimulator({ environment: 'simulation' });
    t = await startTestApp({
      regimeDefaults: {
        ...indiaRegimeDefaults(sandbox),
        'sa-zatca': { baseUrl: zatca.url },
      },
      connectors: [
        {
          name: 'shop',
          kind: 'webhook',
          regimes: ['in-einvoice'],
          config: { secret: INDIA_SECRET },
          regimeSettings: { 'in-einvoice': { gstin: SELLER_GSTIN } },
        },
        {
          name: 'goods',
          kind: 'webhook',
          regimes: ['in-einvoice', 'in-ewaybill'],
          config: { secret: GOODS_SECRET },
          regimeSettings: { 'in-einvoice': { gstin: GOODS_SELLER }, 'in-ewaybill': { gstin: GOODS_SELLER } },
        },
        {
          name: 'riyadh',
          kind: 'webhook',
          regimes: ['sa-zatca'],
          config: { secret: KSA_SECRET },
          regimeSettings: { 'sa-zatca': { egsUnitId: EGS } },
        },
      ],
    });
    const unit = demoEgsUnit(EGS);
    const onboarded = await api(`/zatca/egs-units/${EGS}/onboard`, {
      method: 'POST',
      body: JSON.stringify({ otp: zatca.otp, csr: unit.csr, seller: unit.seller }),
    });
    expect(onboarded.status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await zatca?.stop();
    await sandbox?.stop();
  }, 60_000);

  function api(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${t.url}${path}`, {
      ...init,
      headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
    });
  }

  async function push(instance: string, secret: string, invoice: CanonicalInvoice): Promise<string> {
    const res = await postSignedWebhook(t.url, instance, secret, JSON.stringify(invoice));
    expect(res.status).toBe(202);
    return (await json(res)).accepted[0].documentId;
  }

  function submissionOf(documentId: string, done: (submission: Json) => boolean): Promise<Json> {
    return eventually(async () => {
      const submission = (await json(await api(`/documents/${documentId}`))).submissions[0];
      return submission && done(submission) ? submission : undefined;
    }, 30_000);
  }

  async function pdfText(submissionId: string): Promise<string[]> {
    const res = await api(`/submissions/${submissionId}/print.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    return pdfTextRuns(pdf);
  }

  it('prints an IRN invoice with IRN, Ack No, Ack Date, lines in Indian digit grouping and the signed QR', async () => {
    const documentId = await push('shop', INDIA_SECRET, lakhInvoice('PRN/0001'));
    const submission = await submissionOf(documentId, (s) => s.state === 'WRITTEN_BACK');
    expect(submission.irn).toMatch(/^[0-9a-f]{64}$/);
    expect(submission.signedQr).toBe(submission.identifiers.signedQrCode);

    const res = await api(`/submissions/${submission.id}/print`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*img-src data:/);
    const html = await res.text();
    for (const text of [submission.irn, submission.ackNo, submission.ackDate, 'PRN/0001', SELLER_GSTIN]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('@page { size: A4');
    // Indian digit grouping: lakhs, then thousands.
    expect(html).toContain('3,23,323.00');
    expect(html).toContain('2,74,002.50');
    expect(html).toContain('2,49,500.00');
    expect(html).toContain('94031090');
    expect(qrCodesOn(html)).toEqual([submission.signedQr]);
    expect(await qrRouteCode(await api(`/submissions/${submission.id}/qr.png`))).toBe(submission.signedQr);

    const text = await pdfText(submission.id);
    expect(text).toContain(submission.irn);
    expect(text).toContain(submission.ackNo);
    expect(text).toContain('3,23,323.00');
  });

  it('prints the e-way bill the IRP generated with the IRN, with its validity', async () => {
    const transport = {
      mode: 'ROAD',
      distanceKm: 320,
      vehicleNumber: 'KA01AB1234',
      vehicleType: 'R',
    } as const;
    const documentId = await push('goods', GOODS_SECRET, goodsSale(sandbox.clock.now(), transport));
    const submissions: Json[] = await eventually(async () => {
      const list: Json[] = (await json(await api(`/documents/${documentId}`))).submissions;
      return list.length === 2 && list.every((s) => s.state === 'WRITTEN_BACK') ? list : undefined;
    }, 60_000);
    const einvoice = submissions.find((s) => s.regime === 'in-einvoice');
    const bill = submissions.find((s) => s.ewbNo);
    expect(bill.ewbNo).toMatch(/^\d{12}$/);
    expect(bill.validUpto).toBeTruthy();

    const html = await (await api(`/submissions/${einvoice.id}/print`)).text();
    expect(html).toContain(`<dt>E-way bill no</dt><dd>${bill.ewbNo}</dd>`);
    expect(html).toContain(`<dt>E-way bill valid upto</dt><dd>${bill.validUpto}</dd>`);
    expect(await pdfText(einvoice.id)).toContain(bill.ewbNo);
  });

  it('prints a cleared KSA standard invoice and a simplified one with UUID, ICV, Arabic labels and the ZATCA QR', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const standard = sampleSaudiInvoice({ documentNumber: 'KSA-PRN-1', documentDate: today });
    const standardId = await push('riyadh', KSA_SECRET, {
      ...standard,
      ksa: { ...standard.ksa!, egsUnitId: EGS },
    });
    const cleared = await submissionOf(standardId, (s) => s.state === 'WRITTEN_BACK');
    expect(cleared.zatcaStatus).toBe('CLEARED');

    const simplified = sampleSaudiInvoice({
      documentNumber: 'KSA-PRN-2',
      documentDate: today,
      supplyType: 'B2C',
      ksa: { invoiceKind: 'simplified', issueTime: '09:30:00', egsUnitId: EGS },
    });
    const simplifiedId = await push('riyadh', KSA_SECRET, simplified);
    const signed = await submissionOf(simplifiedId, (s) => s.state === 'WRITTEN_BACK');
    expect(signed.zatcaStatus).toBe('SIGNED_PENDING_REPORTING');

    for (const [submission, number, title] of [
      [cleared, 'KSA-PRN-1', 'فاتورة ضريبية'],
      [signed, 'KSA-PRN-2', 'فاتورة ضريبية مبسطة'],
    ]) {
      const res = await api(`/submissions/${submission.id}/print`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(submission.zatcaUuid);
      expect(html).toContain(number);
      expect(html).toContain(title);
      expect(html).toContain('الرقم الضريبي'); // "VAT number"
      expect(html).toMatch(new RegExp(`Invoice counter \\(ICV\\).*?<dd>${submission.zatcaIcv}</dd>`));
      expect(html).toContain('310987654300003'); // the seller's VAT number
      expect(qrCodesOn(html)).toEqual([submission.signedQr]);
      expect(await qrRouteCode(await api(`/submissions/${submission.id}/qr.png`))).toBe(submission.signedQr);

      const text = await pdfText(submission.id);
      expect(text).toContain(submission.zatcaUuid);
      expect(text).toContain(number);
    }
    expect(signed.zatcaIcv).toBe(cleared.zatcaIcv + 1);
  });

  it('answers 409 with the state for a submission that is not registered', async () => {
    const broken = lakhInvoice('PRN/0002');
    broken.buyer.legalName = 'Broken Buyer '.padEnd(120, 'X'); // NIC allows 100 characters
    const documentId = await push('shop', INDIA_SECRET, broken);
    const failed = await submissionOf(documentId, (s) => s.state === 'MAPPING_FAILED');
    for (const path of ['print', 'print.pdf']) {
      const res = await api(`/submissions/${failed.id}/${path}`);
      expect(res.status).toBe(409);
      const body = await json(res);
      expect(body.state).toBe('MAPPING_FAILED');
      expect(body.message).toMatch(/not registered.*MAPPING_FAILED/);
    }
    expect((await api('/submissions/00000000-0000-4000-8000-000000000000/print')).status).toBe(404);
  });

  it('refuses both routes without the API key', async () => {
    const { items } = await json(await api('/submissions?state=WRITTEN_BACK'));
    for (const path of ['print', 'print.pdf']) {
      const res = await fetch(`${t.url}/submissions/${items[0].id}/${path}`);
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain(items[0].irn ?? items[0].zatcaUuid);
    }
  });
});
