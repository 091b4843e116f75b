/**
 * The bill the IRP generated with the IRN (EwbDtls, Part-A only), adopted as the document's e-way bill by an
 * instance running both India regimes, through its life over HTTP against the sandbox: one bill, recorded on
 * both submissions; Part-B entered through the connector starts its validity (ISO 8601 in IST), which the
 * printed e-invoice shows from the bill's record, not the IRN's answer; the IRN cancel refused while the
 * bill is active (2230, saying to cancel it first); the bill cancelled (gone from the print), then the IRN.
 */
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { json, postSignedWebhook } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { billsOfDocument } from './sandbox-bills';
import { goodsSale, indiaRegimeDefaults, SELLER } from './support';

const SECRET = 'whsec-irn-bill-lifecycle-0123456789abcdef0';
/** No vehicle yet: the IRP generates Part-A only, without validity. */
const PART_A = { distanceKm: 320 } as const;
const operator = { operator: 'asha', reason: 'order called off' };

type Json = Record<string, unknown>;

describe('the IRN bill adopted as the e-way bill, through its life', () => {
  let sandbox: RunningSandbox;
  let app: TestApp;

  beforeAll(async () => {
    sandbox = await startSandbox({ only: ['einvoice'], rateLimit: { limit: 0, windowMs: 60_000 } });
    app = await startTestApp({
      regimeDefaults: indiaRegimeDefaults(sandbox),
      connectors: [
        {
          name: 'both',
          kind: 'webhook',
          regimes: ['in-einvoice', 'in-ewaybill'],
          config: { secret: SECRET },
          regimeSettings: { 'in-einvoice': { gstin: SELLER }, 'in-ewaybill': { gstin: SELLER } },
        },
      ],
    });
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
  });

  const api = (path: string, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'X-API-Key': TEST_API_KEY, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('records, updates and cancels the one bill, and then the IRN', async () => {
    const sale = { ...goodsSale(sandbox.clock.now(), { ...PART_A }), externalId: 'irn-bill-life' };
    const res = await postSignedWebhook(app.url, 'both', SECRET, JSON.stringify({ documents: [sale] }));
    expect(res.status).toBe(202);
    const [{ documentId }] = (await json(res)).accepted as { documentId: string }[];
    const submissions = await eventually(async () => {
      const list = (await json(await api(`/documents/${documentId}`))).submissions as Json[];
      return list.length === 2 && list.every((s) => s.state === 'WRITTEN_BACK') ? list : undefined;
    }, 60_000);
    const einvoice = submissions.find((s) => s.regime === 'in-einvoice')!;
    const ewaybill = submissions.find((s) => s.regime === 'in-ewaybill')!;
    const bills = billsOfDocument(sandbox, sale.documentNumber);
    expect(bills).toHaveLength(1);
    expect(ewaybill.ewbNo).toBe(String(bills[0].ewbNo));
    expect(einvoice.ewbNo).toBe(ewaybill.ewbNo);
    expect(ewaybill.validUpto ?? null).toBeNull();
    const printed = async () => (await api(`/submissions/${einvoice.id as string}/print`)).text();
    expect(await printed()).toContain(`<dt>E-way bill no</dt><dd>${ewaybill.ewbNo as string}</dd>`);

    const partB = await api(`/ewaybills/${ewaybill.id as string}/part-b`, {
      vehicleNo: 'KA05MN4321',
      fromPlace: 'Bengaluru',
      fromState: 29,
      reasonCode: '4',
      reasonRemark: 'Truck changed',
      transMode: '1',
      ...operator,
    });
    expect(partB.status).toBe(200);
    const validUpto = (await json(partB)).validUpto as string;
    expect(validUpto).toMatch(/^\d{4}-\d{2}-\d{2}T23:59:00\+05:30$/);
    expect(await printed()).toContain(`<dt>E-way bill valid upto</dt><dd>${validUpto}</dd>`);

    const cancelBody = { reasonCode: '3', remark: 'order cancelled', ...operator };
    const blocked = await api(`/submissions/${einvoice.id as string}/cancel`, cancelBody);
    expect(blocked.status).toBe(409);
    expect(await json(blocked)).toMatchObject({
      code: '2230',
      message: expect.stringContaining(`e-way bill ${ewaybill.ewbNo as string} is active`) as unknown,
    });

    const billCancel = await api(`/submissions/${ewaybill.id as string}/cancel`, {
      ...cancelBody,
      reasonCode: '2',
    });
    expect(billCancel.status).toBe(200);
    expect((await json(billCancel)).state).toBe('CANCELLED');
    expect(await printed()).not.toContain(ewaybill.ewbNo as string);

    const irnCancel = await api(`/submissions/${einvoice.id as string}/cancel`, cancelBody);
    expect(irnCancel.status).toBe(200);
    expect((await json(irnCancel)).state).toBe('CANCELLED');
    expect(sandbox.einvoice.irp.registry.find(einvoice.irn as string)?.status).toBe('CNL');
  }, 120_000);
});
