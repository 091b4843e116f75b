/**
 * EwbDtls goes with the IRN by the instance's own in-ewaybill rules, over HTTP against the NIC sandbox:
 * a Rs 40,002 goods sale under an instance threshold of Rs 50,000 gets its IRN without EwbDtls and no
 * bill; under a threshold of Rs 30,000 the IRN request carries EwbDtls and the IRP's bill is adopted as
 * the document's e-way bill (one bill, no GENEWAYBILL).
 */
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import type { CanonicalInvoice } from '../../src/domain';
import { json, postSignedWebhook } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { billsOfDocument, generateAnswersOfDocument } from './sandbox-bills';
import { goodsSale, indiaRegimeDefaults, SELLER } from './support';

const SECRET = 'whsec-thresholds-0123456789abcdef01234567';
const ROAD = { mode: 'ROAD', distanceKm: 320, vehicleNumber: 'KA01AB1234', vehicleType: 'R' } as const;
const SETTLED = ['WRITTEN_BACK', 'REJECTED', 'MAPPING_FAILED', 'WRITEBACK_FAILED'];

interface SubmissionView {
  regime: string;
  state: string;
  irn?: string | null;
  ewbNo?: string | null;
}

/** One goods line: taxable Rs 33,900 at 18% intra-state, Rs 40,002.00 in all. */
function saleOf40002(now: Date, externalId: string): CanonicalInvoice & { externalId: string } {
  const invoice = goodsSale(now, { ...ROAD });
  const line = {
    ...invoice.lines[0],
    quantity: '1',
    unitPrice: '33900.00',
    grossAmount: '33900.00',
    discount: '0',
    taxableValue: '33900.00',
    cgstAmount: '3051.00',
    sgstAmount: '3051.00',
    totalAmount: '40002.00',
  };
  return {
    ...invoice,
    externalId,
    lines: [line],
    totals: {
      ...invoice.totals,
      taxableValue: '33900.00',
      cgst: '3051.00',
      sgst: '3051.00',
      roundOff: '0',
      invoiceTotal: '40002.00',
    },
  };
}

function connector(name: string, threshold: string) {
  return {
    name,
    kind: 'webhook' as const,
    regimes: ['in-einvoice', 'in-ewaybill'],
    config: { secret: SECRET },
    regimeSettings: { 'in-einvoice': { gstin: SELLER }, 'in-ewaybill': { gstin: SELLER, threshold } },
  };
}

describe("the IRN's EwbDtls by the instance's e-way bill threshold", () => {
  let sandbox: RunningSandbox;
  let app: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox({ only: ['einvoice'], rateLimit: { limit: 0, windowMs: 60_000 } });
    app = await startTestApp({
      regimeDefaults: indiaRegimeDefaults(sandbox),
      connectors: [connector('at50k', '50000'), connector('at30k', '30000')],
    });
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
  });

  async function settledSubmissions(instance: string, sale: CanonicalInvoice): Promise<SubmissionView[]> {
    const res = await postSignedWebhook(app.url, instance, SECRET, JSON.stringify({ documents: [sale] }));
    expect(res.status).toBe(202);
    const [{ documentId }] = (await json(res)).accepted as { documentId: string }[];
    return eventually(async () => {
      const view = await fetch(`${app.url}/documents/${documentId}`, {
        headers: { 'X-API-Key': TEST_API_KEY },
      });
      const list = (await json(view)).submissions as SubmissionView[];
      const einvoice = list.find((s) => s.regime === 'in-einvoice');
      return einvoice && list.every((s) => SETTLED.includes(s.state)) ? list : undefined;
    }, 60_000);
  }

  it('Rs 40,002 under a threshold of Rs 50,000: an IRN without EwbDtls, no bill', async () => {
    const sale = saleOf40002(sandbox.clock.now(), 'under-50k');
    const submissions = await settledSubmissions('at50k', sale);
    expect(submissions).toEqual([expect.objectContaining({ regime: 'in-einvoice', state: 'WRITTEN_BACK' })]);
    expect(submissions[0].ewbNo ?? null).toBeNull();
    expect(billsOfDocument(sandbox, sale.documentNumber)).toEqual([]);
  }, 120_000);

  it("Rs 40,002 over a threshold of Rs 30,000: EwbDtls sent, the IRP's bill adopted and tracked", async () => {
    const sale = saleOf40002(sandbox.clock.now(), 'over-30k');
    const submissions = await settledSubmissions('at30k', sale);
    const einvoice = submissions.find((s) => s.regime === 'in-einvoice')!;
    const ewaybill = submissions.find((s) => s.regime === 'in-ewaybill')!;
    expect(einvoice).toMatchObject({ state: 'WRITTEN_BACK' });
    expect(ewaybill).toMatchObject({ state: 'WRITTEN_BACK' });
    const bills = billsOfDocument(sandbox, sale.documentNumber);
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ genMode: 'IRN', irn: einvoice.irn, ewbNo: ewaybill.ewbNo });
    expect(generateAnswersOfDocument(sandbox, sale.documentNumber)).toEqual([]);
  }, 120_000);
});
