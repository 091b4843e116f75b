/**
 * An instance with both India regimes: a goods sale over the threshold with transport details gets its
 * IRN first (in-ewaybill depends on in-einvoice: the pipeline holds the e-way bill until the IRN is
 * registered and hands the registration over). The IRN request carried the transport (EwbDtls), so the
 * IRP generated the bill with it: the e-way bill regime adopts that bill and sends nothing (it used to
 * stall SUBMITTING: both submissions held one ewb_no under a unique index). A B2C goods sale, which gets no
 * IRN, gets its bill directly. One bill per document in the sandbox's e-way bill system either way.
 */
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { json, postSignedWebhook } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { billsOfDocument, generateAnswersOfDocument } from './sandbox-bills';
import { goodsSale, indiaRegimeDefaults, SELLER } from './support';

const SECRET = 'whsec-goods-0123456789abcdef0123456789ab';
const ROAD = { mode: 'ROAD', distanceKm: 320, vehicleNumber: 'KA01AB1234', vehicleType: 'R' } as const;
const SETTLED = ['WRITTEN_BACK', 'REJECTED', 'MAPPING_FAILED', 'WRITEBACK_FAILED'];

interface SubmissionView {
  regime: string;
  state: string;
  irn?: string | null;
  ewbNo?: string | null;
}

describe('e-way bill after the e-invoice, in one pipeline', () => {
  let sandbox: RunningSandbox;
  let app: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox({ only: ['einvoice'], rateLimit: { limit: 0, windowMs: 60_000 } });
    app = await startTestApp({
      regimeDefaults: indiaRegimeDefaults(sandbox),
      connectors: [
        {
          name: 'goods',
          kind: 'webhook',
          regimes: ['in-einvoice', 'in-ewaybill'],
          config: { secret: SECRET },
          regimeSettings: { 'in-einvoice': { gstin: SELLER }, 'in-ewaybill': { gstin: SELLER } },
        },
        // Bills only over Rs 10 lakh (an instance's own threshold).
        {
          name: 'high-threshold',
          kind: 'webhook',
          regimes: ['in-einvoice', 'in-ewaybill'],
          config: { secret: SECRET },
          regimeSettings: {
            'in-einvoice': { gstin: SELLER },
            'in-ewaybill': { gstin: SELLER, threshold: '1000000' },
          },
        },
      ],
    });
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
  });

  async function submissionsOf(id: string): Promise<SubmissionView[]> {
    const res = await fetch(`${app.url}/documents/${id}`, { headers: { 'X-API-Key': TEST_API_KEY } });
    return (await json(res)).submissions as SubmissionView[];
  }

  it('adopts the bill generated with the IRN; a B2C sale gets its bill directly', async () => {
    const now = sandbox.clock.now();
    const b2b = { ...goodsSale(now, { ...ROAD }), externalId: 'goods-b2b' };
    const b2c = { ...goodsSale(now, { ...ROAD }), externalId: 'goods-b2c', supplyType: 'B2C' as const };
    const res = await postSignedWebhook(app.url, 'goods', SECRET, JSON.stringify({ documents: [b2b, b2c] }));
    expect(res.status).toBe(202);
    const accepted = (await json(res)).accepted as { erpId: string; documentId: string }[];
    expect(accepted).toHaveLength(2);
    const idOf = (erpId: string) => accepted.find((a) => a.erpId === erpId)!.documentId;

    const b2bSubmissions = await eventually(async () => {
      const list = await submissionsOf(idOf('goods-b2b'));
      return list.length === 2 && list.every((s) => SETTLED.includes(s.state)) ? list : undefined;
    }, 60_000);
    const einvoice = b2bSubmissions.find((s) => s.regime === 'in-einvoice')!;
    const ewaybill = b2bSubmissions.find((s) => s.regime === 'in-ewaybill')!;
    expect(einvoice).toMatchObject({ state: 'WRITTEN_BACK' });
    expect(ewaybill).toMatchObject({ state: 'WRITTEN_BACK' });
    const b2bBills = billsOfDocument(sandbox, b2b.documentNumber);
    expect(b2bBills).toHaveLength(1);
    expect(b2bBills[0]).toMatchObject({ genMode: 'IRN', irn: einvoice.irn, ewbNo: ewaybill.ewbNo });
    expect(generateAnswersOfDocument(sandbox, b2b.documentNumber)).toEqual([]);

    const b2cSubmissions = await eventually(async () => {
      const list = await submissionsOf(idOf('goods-b2c'));
      return list.length === 1 && SETTLED.includes(list[0].state) ? list : undefined;
    }, 60_000);
    expect(b2cSubmissions[0]).toMatchObject({ regime: 'in-ewaybill', state: 'WRITTEN_BACK' });
    const b2cBills = billsOfDocument(sandbox, b2c.documentNumber);
    expect(b2cBills.map((bill) => bill.genMode)).toEqual(['API']);
    expect(b2cBills[0].ewbNo).toBe(b2cSubmissions[0].ewbNo);
    expect(generateAnswersOfDocument(sandbox, b2c.documentNumber)).toEqual(['generated']);
  }, 120_000);

  it.each(['high-threshold'])(
    "instance %s: a sale under the instance's own threshold: the IRN goes without EwbDtls, the IRP makes no bill",
    async (instance) => {
      const sale = { ...goodsSale(sandbox.clock.now(), { ...ROAD }), externalId: `goods-${instance}` };
      const res = await postSignedWebhook(app.url, instance, SECRET, JSON.stringify({ documents: [sale] }));
      expect(res.status).toBe(202);
      const id = ((await json(res)).accepted as { documentId: string }[])[0].documentId;
      const submissions = await eventually(async () => {
        const list = await submissionsOf(id);
        return list.length > 0 && list.every((s) => SETTLED.includes(s.state)) ? list : undefined;
      }, 60_000);
      expect(submissions.map((s) => [s.regime, s.state])).toEqual([['in-einvoice', 'WRITTEN_BACK']]);
      const registered = sandbox.einvoice.registrations().find((r) => r.docNo === sale.documentNumber)!;
      expect(registered.invoice.EwbDtls).toBeUndefined();
      expect(registered.ewayBill).toBeUndefined();
      expect(billsOfDocument(sandbox, sale.documentNumber)).toHaveLength(0);
    },
    60_000,
  );
});
