/**
 * A buyer newly registered at GSTN and not yet in the IRP's master: one run of the example CSV where the
 * IRP answers 3028 for one document's buyer. The pipeline syncs the GSTIN from the common portal once,
 * sends that document again and it is registered with a GSTIN_SYNCED warning; the others go as usual.
 */
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  assertGenerateAnswers,
  auditActions,
  documentDetail,
  dropSampleAndPull,
  expectedDocuments,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type DocumentSummary,
  type E2eApp,
} from './support';

const UNSYNCED_BUYER = '33AAGCS5521M1Z8';
const UNSYNCED_DOC = 'DFT/2627/0453';

describe('India e-invoice end to end: a buyer GSTIN not yet synced to the IRP', () => {
  const expected = expectedDocuments();
  let sandbox: RunningSandbox;
  let t: E2eApp;
  let docs: DocumentSummary[];

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox({ unsyncedGstins: [UNSYNCED_BUYER] });
    t = await startE2eApp({ sandbox });
    await dropSampleAndPull(t.url, t.inbox);
    docs = await settledDocuments(t.url, expected.length);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
  });

  it('syncs the buyer once, sends again once, and writes the document back with a GSTIN_SYNCED warning', async () => {
    expect(expected.filter((d) => d.buyerGstin === UNSYNCED_BUYER).map((d) => d.docNumber)).toEqual([
      UNSYNCED_DOC,
    ]);
    const synced = docs.find((d) => d.docNumber === UNSYNCED_DOC)!;
    expect(synced.submissions.map((s) => s.state)).toEqual(['WRITTEN_BACK']);
    const submission = (await documentDetail(t.url, synced.id)).submissions[0];
    expect(submission.irn).toBe(expected.find((d) => d.docNumber === UNSYNCED_DOC)!.irn);
    expect(submission.warnings).toEqual([
      { code: 'GSTIN_SYNCED', message: expect.stringContaining(UNSYNCED_BUYER) as unknown },
    ]);
    expect(sandbox.einvoice.gstinSyncs()).toEqual([UNSYNCED_BUYER]);
  });

  it('leaves every other document sent once and registered', async () => {
    for (const doc of docs)
      expect([doc.docNumber, doc.submissions[0].state]).toEqual([doc.docNumber, 'WRITTEN_BACK']);
    await assertGenerateAnswers(
      sandbox,
      expected.map((doc) => doc.docNumber),
      { [UNSYNCED_DOC]: ['3028', 'registered'] },
    );
    expect(sandbox.einvoice.registrations()).toHaveLength(expected.length);
    const actions = await auditActions(t.url, docs);
    for (const [, list] of actions)
      expect(list).toEqual(expect.arrayContaining(['registered', 'written-back']));
  });
});
