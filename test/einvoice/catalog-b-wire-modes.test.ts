/**
 * Catalog B e-invoice against the sandbox in both of its wire modes: `nic` (NIC's answer names passed
 * through) and `seed-literal` (exactly seed 001's names, Irn/AckNo/AckDate/signedInvoice/signedQRCode,
 * and its headers: bearer Authorization and email). Generate, bulk rows and the document look-up all
 * read either.
 */
import { type ApiV1EinvoiceClient, createEinvoiceProvider } from '../../src/compliance/einvoice';
import { startSandbox, type CatalogBWire, type RunningSandbox } from '@erp-connector/sandbox';
import { interStateInvoice } from './nic-invoice.fixture';
import { providerConfig } from './sandbox-client-config';

describe.each(['nic', 'seed-literal'] as CatalogBWire[])('catalog B, sandbox wire %s', (wire) => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({
      rateLimit: { limit: 0, windowMs: 60_000 },
      einvoice: { catalogBWire: wire },
    });
  });
  afterAll(async () => {
    await sandbox.stop();
  });

  const provider = (email?: string) =>
    createEinvoiceProvider(
      providerConfig(sandbox, 'B', email === undefined ? {} : { email }),
    ) as ApiV1EinvoiceClient;

  it('generate answers an IRN with verified signatures', async () => {
    const result = await provider().generateIrn(interStateInvoice());
    expect(result.irn).toMatch(/^[0-9a-f]{64}$/);
    expect(result.ackNo).toMatch(/^\d{15}$/);
    expect(result.ackDate).not.toBe('');
    expect(result.signature).toEqual({ verified: true });
  });

  it('bulk rows and the document look-up read the same names', async () => {
    const invoices = [interStateInvoice(), interStateInvoice()];
    const rows = await provider().bulkGenerateIrn(invoices);
    expect(rows.map((row) => row.result?.irn)).toEqual([expect.any(String), expect.any(String)]);
    const doc = invoices[1].DocDtls;
    const found = await provider().getIrnByDocDetails(doc.Typ, doc.No, doc.Dt);
    expect(found?.irn).toBe(rows[1].result?.irn);
    expect(found?.signedInvoice).toBe(rows[1].result?.signedInvoice);
  });

  if (wire === 'seed-literal') {
    it('refuses a call without the account e-mail, registering nothing', async () => {
      const before = sandbox.einvoice.registrations().length;
      await expect(provider('someone@else.example').generateIrn(interStateInvoice())).rejects.toThrow();
      expect(sandbox.einvoice.registrations()).toHaveLength(before);
    });
  }
});
