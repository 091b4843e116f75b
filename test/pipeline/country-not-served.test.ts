/**
 * A document's country against the countries the instance's regimes register (RegimeDescriptor.countries):
 * a document of a country none of them serves is kept and fails at intake with a field error on `country`
 * (not silently left without submissions); a document of a country one of them serves goes to that one
 * only.
 */
import { sampleIndiaInvoice, sampleSaudiInvoice } from '../../src/domain/__fixtures__';
import { type Json, json, postSignedWebhook } from '../support/http';
import { ScriptedRegime } from '../support/scripted-regime';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-country-0123456789abcdef0123';

describe("a document's country and the regimes that register it", () => {
  let t: TestApp;
  // in-einvoice scripted; sa-zatca named by an instance and left without an implementation (its
  // submissions wait at READY), which is all the routing needs.
  const einvoice = new ScriptedRegime();

  beforeAll(async () => {
    t = await startTestApp({
      regimes: [einvoice],
      connectors: [
        { name: 'india', kind: 'webhook', regimes: ['in-einvoice'], config: { secret: SECRET } },
        { name: 'both', kind: 'webhook', regimes: ['in-einvoice', 'sa-zatca'], config: { secret: SECRET } },
      ],
    });
  });
  afterAll(() => t.close());

  async function push(instance: string, invoice: object): Promise<string> {
    const res = await postSignedWebhook(t.url, instance, SECRET, JSON.stringify(invoice));
    expect(res.status).toBe(202);
    return (await json(res)).accepted[0].documentId as string;
  }

  const documentOf = async (id: string): Promise<Json> =>
    json(await fetch(`${t.url}/documents/${id}`, { headers: { 'x-api-key': TEST_API_KEY } }));

  it('fails a document of a country no regime of the instance registers, naming country', async () => {
    const invoice = { ...sampleSaudiInvoice({ documentNumber: 'AE-0001' }), country: 'AE', currency: 'AED' };
    const id = await push('india', invoice);
    const document = await documentOf(id);
    expect(document.submissions).toHaveLength(1);
    expect(document.submissions[0]).toMatchObject({
      regime: 'in-einvoice',
      state: 'MAPPING_FAILED',
      errorClass: 'validation',
      fieldErrors: [
        {
          path: 'country',
          rule: 'country.served',
          value: 'AE',
          message: 'no regime of instance india registers documents of AE (in-einvoice: IN)',
        },
      ],
    });
    expect(einvoice.sent).not.toContain('AE-0001');
  });

  it('fails a KSA document sent to an India-only instance, where it once got no submission at all', async () => {
    const id = await push('india', sampleSaudiInvoice({ documentNumber: 'SA-0001' }));
    expect((await documentOf(id)).submissions[0]).toMatchObject({ state: 'MAPPING_FAILED' });
  });

  it('gives a document to the regime of its country only', async () => {
    const india = await push('both', sampleIndiaInvoice({ documentNumber: 'IN/0001' }));
    const saudi = await push('both', sampleSaudiInvoice({ documentNumber: 'SA-0002' }));
    const regimesOf = async (id: string) =>
      eventually(async () => {
        const document = await documentOf(id);
        return document.submissions.length > 0
          ? (document.submissions as Json[]).map((s) => s.regime as string)
          : undefined;
      });
    expect(await regimesOf(india)).toEqual(['in-einvoice']);
    expect(await regimesOf(saudi)).toEqual(['sa-zatca']);
  });
});
