/**
 * Catalog B e-invoice against the sandbox in both of its wire modes: `nic` (NIC's answer names passed
 * through) and `seed-literal` (exactly seed 001's names, Irn/AckNo/AckDate/signedInvoice/signedQRCode,
 * and its headers: bearer Authorization and email). Generate, bulk rows and the document look-up all
 * read either. The e-way bill's catalog B likewise ("Successful response carries ewbNo and validUpto").
 */
import { type ApiV1EinvoiceClient, createEinvoiceProvider } from '../../src/regimes/in-einvoice';
import { createEwaybillProvider } from '../../src/regimes/in-ewaybill';
import { ewaybillConfig } from '../../src/regimes/in-ewaybill/create-ewaybill-regime';
import { regimeUnderTest, ewaybillSettings, goodsSale } from '../ewaybill/support';
import {
  DEFAULT_EINVOICE_ACCOUNTS,
  startSandbox,
  type CatalogBWire,
  type RunningSandbox,
} from '@erp-connector/sandbox';
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

  const road = { distanceKm: 150, mode: 'ROAD' as const, vehicleNumber: 'KA01AB1234' };
  const ewaybillRequest = (settings: Record<string, unknown>) => {
    const mapped = regimeUnderTest().regime.map(goodsSale(sandbox.clock.now(), road), settings);
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
    return mapped.value.payload.direct;
  };

  it('e-way bill generate and bulk rows answer a bill with its validity', async () => {
    const settings = { ...ewaybillSettings(sandbox, 'B'), email: DEFAULT_EINVOICE_ACCOUNTS[0].email };
    const client = createEwaybillProvider(ewaybillConfig(settings));
    const single = await client.generate(ewaybillRequest(settings));
    expect(single.ewbNo).toMatch(/^\d{12}$/);
    expect(single.validUpto).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:00\+05:30$/);
    const rows = await client.bulkGenerate!([ewaybillRequest(settings), ewaybillRequest(settings)]);
    expect(rows.map((row) => row.result?.ewbNo)).toEqual([
      expect.stringMatching(/^\d{12}$/),
      expect.stringMatching(/^\d{12}$/),
    ]);
  });

  if (wire === 'seed-literal') {
    it('e-way bill: refuses a call without the account e-mail, making no bill', async () => {
      const settings = { ...ewaybillSettings(sandbox, 'B'), email: 'someone@else.example' };
      const before = sandbox.einvoice.ewaybill.store.all().length;
      await expect(
        createEwaybillProvider(ewaybillConfig(settings)).generate(ewaybillRequest(settings)),
      ).rejects.toThrow(/email/);
      expect(sandbox.einvoice.ewaybill.store.all()).toHaveLength(before);
    });

    it('refuses a call without the account e-mail, registering nothing', async () => {
      const before = sandbox.einvoice.registrations().length;
      await expect(provider('someone@else.example').generateIrn(interStateInvoice())).rejects.toThrow();
      expect(sandbox.einvoice.registrations()).toHaveLength(before);
    });
  }
});
