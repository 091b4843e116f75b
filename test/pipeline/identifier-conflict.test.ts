/**
 * An authority answer that gives two documents one identifier (here one e-way bill number): the unique
 * index refuses the second. Only that submission is refused, naming the constraint, and the rest of the
 * batch is recorded; it used to roll the whole batch back and leave every submission SUBMITTING with no
 * error, sent again at every retry.
 */
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { json, postSignedWebhook } from '../support/http';
import { ScriptedRegime } from '../support/scripted-regime';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-conflict-0123456789abcdef01234567';
const SETTLED = ['WRITTEN_BACK', 'REJECTED'];

describe('an identifier the authority gave two documents', () => {
  let t: TestApp;
  const regime = new ScriptedRegime();

  beforeAll(async () => {
    t = await startTestApp({
      regimes: [regime],
      config: { queue: { batchSize: 20, pollingIntervalSeconds: 0.5, submittingLeaseSeconds: 5 } },
      connectors: [{ name: 'erp', kind: 'webhook', regimes: ['in-einvoice'], config: { secret: SECRET } }],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the second holder only, and records the rest of the batch', async () => {
    for (const number of ['IC/1', 'IC/2']) regime.scripts.set(number, 'same-ewb');
    const documents = ['IC/1', 'IC/2', 'IC/3'].map((documentNumber) =>
      sampleIndiaInvoice({ documentNumber }),
    );
    const res = await postSignedWebhook(t.url, 'erp', SECRET, JSON.stringify({ documents }));
    expect(res.status).toBe(202);
    const ids = ((await json(res)).accepted as { documentId: string }[]).map((a) => a.documentId);

    const submissions = await eventually(async () => {
      const all = await Promise.all(
        ids.map(async (id) => {
          const doc = await json(
            await fetch(`${t.url}/documents/${id}`, { headers: { 'x-api-key': TEST_API_KEY } }),
          );
          return doc.submissions[0] as {
            state: string;
            errorCode?: string;
            errorMessage?: string;
            ewbNo?: string;
          };
        }),
      );
      return all.every((s) => SETTLED.includes(s.state)) ? all : undefined;
    }, 30_000);

    const [first, second, third] = submissions;
    const holders = [first, second].filter((s) => s.state === 'WRITTEN_BACK');
    const refused = [first, second].filter((s) => s.state === 'REJECTED');
    expect(holders).toHaveLength(1);
    expect(holders[0].ewbNo).toBe('391000000001');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ errorCode: 'identifier-conflict', ewbNo: null });
    expect(refused[0].errorMessage).toContain('submission_ewb_no');
    expect(third.state).toBe('WRITTEN_BACK');
    // Each sent once: the refused one is not sent again and again.
    expect(regime.sent.filter((n) => n.startsWith('IC/')).sort()).toEqual(['IC/1', 'IC/2', 'IC/3']);
  }, 60_000);
});
