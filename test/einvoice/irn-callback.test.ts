/**
 * IRN callbacks: what the IRP signed settles an unknown outcome, nothing else. A registration made on the
 * sandbox IRP, delivered as a callback body in either catalog's shape, is read with its document key; a
 * callback whose signed invoice was altered is refused.
 */
import { GspEinvoiceClient, readIrnCallback } from '../../src/regimes/in-einvoice';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { interStateInvoice } from './nic-invoice.fixture';
import { providerConfig } from './sandbox-client-config';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { limit: 0, windowMs: 60_000 } });
});
afterAll(async () => {
  await sandbox.stop();
});

describe('readIrnCallback', () => {
  it('reads a verified registration and the document it belongs to, from either envelope', async () => {
    const invoice = interStateInvoice();
    const registered = await new GspEinvoiceClient(providerConfig(sandbox, 'A')).generateIrn(invoice);
    const details = (registered.raw as { data: unknown }).data;
    for (const body of [
      { status_cd: '1', data: JSON.stringify(details) },
      { success: true, result: details },
      JSON.stringify(details),
    ]) {
      const callback = readIrnCallback(body, sandbox.einvoice.publicKeyPem);
      expect(callback.result).toMatchObject({ irn: registered.irn, ackNo: registered.ackNo });
      expect(callback.document).toEqual({
        sellerGstin: invoice.SellerDtls.Gstin,
        docType: 'INV',
        docNo: invoice.DocDtls.No,
        docDate: invoice.DocDtls.Dt,
      });
    }
  });

  it('refuses a callback whose signed invoice was altered, and one without a key to check it', async () => {
    const registered = await new GspEinvoiceClient(providerConfig(sandbox, 'A')).generateIrn(
      interStateInvoice(),
    );
    const details = (registered.raw as { data: Record<string, string> }).data;
    const [header, payload, signature] = details.SignedInvoice.split('.');
    const altered = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { data: string };
    altered.data = altered.data.replace(/"No":"[^"]+"/, '"No":"FORGED-1"');
    const forged = `${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`;
    expect(() =>
      readIrnCallback({ data: { ...details, SignedInvoice: forged } }, sandbox.einvoice.publicKeyPem),
    ).toThrow(expect.objectContaining({ errorClass: 'rejected', options: { code: 'SIGNATURE_INVALID' } }));
    expect(() => readIrnCallback({ data: details }, '')).toThrow(
      expect.objectContaining({ errorClass: 'config', options: { code: 'NO_PUBLIC_KEY' } }),
    );
  });
});
