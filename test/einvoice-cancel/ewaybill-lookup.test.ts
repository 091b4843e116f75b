/**
 * The in-einvoice regime's look-up of the e-way bill generated with an IRN (GETEWAYBILLIRN), against the
 * sandbox IRP: what the cancellation relies on to tell an active e-way bill from a cancelled or absent
 * one, and a failed look-up from "none".
 */
import { EinvoiceRegime, createEinvoiceProvider } from '../../src/regimes/in-einvoice';
import { InMemoryTokenStore } from '../../src/compliance/http/token-store';
import type { SubmitContext } from '../../src/compliance/regime';
import type { NicEinvoiceV11 } from '../../src/mappers/irn';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { interStateInvoice } from '../einvoice/nic-invoice.fixture';
import { providerConfig } from '../einvoice/sandbox-client-config';
import { submitContext } from '../support/submit-context';

const context: SubmitContext = submitContext();

describe('in-einvoice regime: the e-way bill of an IRN', () => {
  let sandbox: RunningSandbox;
  const regimeOn = (catalog: 'A' | 'B') => {
    const provider = createEinvoiceProvider(
      providerConfig(sandbox, catalog, {
        http: { timeoutMs: 1_000, maxAttempts: 2, backoffBaseMs: 10, backoffMaxMs: 20 },
      }),
      { tokenStore: new InMemoryTokenStore() },
    );
    return new EinvoiceRegime(() => provider);
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ only: ['einvoice'] });
  });
  afterAll(() => sandbox.stop());

  async function register(withEwaybill: boolean): Promise<string> {
    const invoice = interStateInvoice();
    if (withEwaybill)
      Object.assign(invoice, { EwbDtls: { Distance: 150, TransMode: '1', VehNo: 'KA01AB1234' } });
    const outcome = await regimeOn('A').submit(invoice as unknown as NicEinvoiceV11, context);
    if (outcome.status !== 'registered') throw new Error(`not registered: ${outcome.message}`);
    expect(Boolean(outcome.identifiers.ewbNo)).toBe(withEwaybill);
    return outcome.identifiers.irn!;
  }

  it('reports the e-way bill generated with the IRN as ACT, then CNL once the IRP has it cancelled', async () => {
    const irn = await register(true);
    const ewbNo = sandbox.einvoice.irp.registry.find(irn)!.ewayBill!.ewbNo;
    const regime = regimeOn('A');
    await expect(regime.ewaybillOf({ identifiers: { irn }, settings: {} })).resolves.toEqual({
      ewbNo: String(ewbNo),
      status: 'ACT',
    });
    sandbox.einvoice.irp.cancelEwayBill(ewbNo);
    await expect(regime.ewaybillOf({ identifiers: { irn }, settings: {} })).resolves.toEqual({
      ewbNo: String(ewbNo),
      status: 'CNL',
    });
  });

  it('answers undefined when the IRP has no e-way bill for the IRN', async () => {
    const irn = await register(false);
    await expect(regimeOn('A').ewaybillOf({ identifiers: { irn }, settings: {} })).resolves.toBeUndefined();
  });

  it('fails (never "none") when the IRP cannot be asked', async () => {
    const irn = await register(true);
    sandbox.einvoice.gsp.faults.queue({ path: 'GETEWAYBILLIRN', fault: '503', count: 2 });
    await expect(regimeOn('A').ewaybillOf({ identifiers: { irn }, settings: {} })).rejects.toMatchObject({
      errorClass: 'transient',
    });
  });

  it('says so when the access path has no such look-up (catalog B) or there is no IRN', async () => {
    await expect(
      regimeOn('B').ewaybillOf({ identifiers: { irn: 'a'.repeat(64) }, settings: {} }),
    ).rejects.toMatchObject({
      errorClass: 'config',
      message: 'API catalog B cannot look e-way bills up by IRN',
    });
    await expect(regimeOn('A').ewaybillOf({ identifiers: {}, settings: {} })).rejects.toMatchObject({
      errorClass: 'validation',
    });
  });
});
