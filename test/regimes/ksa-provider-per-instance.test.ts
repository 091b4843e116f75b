/**
 * `provider:` in `regimeSettings.sa-zatca` chooses per instance how ZATCA is reached: one instance
 * through ZATCA's Fatoora API (the default), another through the GSP's `/ksa-einvoice` operations (the
 * simulator serves both). A fault on the GSP's clearance path reaches only the GSP instance's invoice.
 */
import { json, postSignedWebhook } from '../support/http';
import { sampleSaudiInvoice } from '../../src/domain/__fixtures__';
import { demoEgsUnit } from '../../src/regimes/sa-zatca/fixtures/demo-egs-unit';
import {
  SANDBOX_GSP_KSA_CLIENT_ID,
  startZatcaSimulator,
  type ZatcaSimulator,
} from '@erp-connector/sandbox/zatca';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-ksa-provider-0123456789abcdef';

describe('KSA provider chosen per connector instance', () => {
  let zatca: ZatcaSimulator;
  let t: TestApp;

  beforeAll(async () => {
    zatca = await startZatcaSimulator({ environment: 'simulation' });
    const instance = (name: string, egsUnitId: string, settings: Record<string, unknown> = {}) => ({
      name,
      kind: 'webhook',
      regimes: ['sa-zatca'],
      regimeSettings: { 'sa-zatca': { egsUnitId, ...settings } },
      config: { secret: SECRET },
    });
    t = await startTestApp({
      regimeDefaults: { 'sa-zatca': { baseUrl: zatca.url } },
      connectors: [
        instance('fatoora-pos', 'egs-fatoora-01'),
        instance('gsp-pos', 'egs-gsp-01', {
          provider: 'gsp-ksa',
          baseUrl: zatca.url,
          clientId: SANDBOX_GSP_KSA_CLIENT_ID,
          clientSecret: zatca.gspApiKey,
        }),
      ],
    });
    for (const unit of ['egs-fatoora-01', 'egs-gsp-01']) {
      const { csr, seller } = demoEgsUnit(unit);
      const res = await api(`/zatca/egs-units/${unit}/onboard`, {
        method: 'POST',
        body: JSON.stringify({ otp: zatca.otp, csr, seller }),
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await t?.close();
    await zatca?.stop();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${t.url}${path}`, {
      ...init,
      headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json' },
    });

  async function pushStandard(instance: string, egsUnitId: string, documentNumber: string): Promise<string> {
    const sample = sampleSaudiInvoice({
      documentNumber,
      documentDate: new Date().toISOString().slice(0, 10),
    });
    const invoice = { ...sample, ksa: { ...sample.ksa, egsUnitId } };
    const res = await postSignedWebhook(t.url, instance, SECRET, JSON.stringify({ documents: [invoice] }));
    expect(res.status).toBe(202);
    return ((await json(res)).accepted as { documentId: string }[])[0].documentId;
  }

  const auditOf = async (documentId: string) =>
    (await json(await api(`/documents/${documentId}`))) as {
      submissions: { state: string; zatcaStatus: string }[];
      audit?: { action: string; reason?: string }[];
    };

  it('clears the GSP instance invoice through the GSP and the other one through Fatoora', async () => {
    const fault = await fetch(`${zatca.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/ksa-einvoice/api/v1/clearance', fault: '503', count: 1 }),
    });
    expect(fault.status).toBe(201);

    const viaFatoora = await pushStandard('fatoora-pos', 'egs-fatoora-01', 'KSA-PROV-1');
    const cleared = await eventually(async () => {
      const doc = await auditOf(viaFatoora);
      return doc.submissions[0]?.state === 'WRITTEN_BACK' ? doc : undefined;
    }, 30_000);
    expect(cleared.submissions[0].zatcaStatus).toBe('CLEARED');
    // The GSP's clearance fault is still waiting: the Fatoora instance never called the GSP.
    const viaGsp = await pushStandard('gsp-pos', 'egs-gsp-01', 'KSA-PROV-2');
    const retried = await eventually(async () => {
      const res = await api(`/submissions?state=RETRY&limit=10`);
      const items = (await json(res)).items as { documentId: string; errorCode: string | null }[];
      return items.find((s) => s.documentId === viaGsp);
    }, 30_000);
    expect(retried.errorCode).toBe('503');
    const clearedByGsp = await eventually(async () => {
      const doc = await auditOf(viaGsp);
      return doc.submissions[0]?.state === 'WRITTEN_BACK' ? doc : undefined;
    }, 45_000);
    expect(clearedByGsp.submissions[0].zatcaStatus).toBe('CLEARED');
  });
});
