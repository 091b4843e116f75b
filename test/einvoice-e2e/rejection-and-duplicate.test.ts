/**
 * What the IRP refuses and what it already has. One run of the example CSV where the IRP reports one
 * buyer's GSTIN as cancelled (3029) and where one document was registered beforehand through the other
 * API catalog (as a second GSP in front of the same IRP would have): the first ends REJECTED with NIC's
 * code and message verbatim, the second is adopted (2150 -> existing IRN), never registered twice.
 */
import type { IrnResult } from '../../src/regimes/in-einvoice/provider';
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  assertGenerateAnswers,
  directCatalogB,
  auditActions,
  documentDetail,
  dropSampleAndPull,
  expectedDocuments,
  readResultFile,
  registrationsByDocument,
  samplePayload,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type DocumentSummary,
  type E2eApp,
} from './support';

const INACTIVE_BUYER = '36AAFFH4410B1Z1';
const PREREGISTERED_DOC = 'DFT/2627/0453';

describe('India e-invoice end to end: IRP refusals and duplicates', () => {
  const expected = expectedDocuments();
  const refusedDocs = expected.filter((d) => d.buyerGstin === INACTIVE_BUYER);
  let sandbox: RunningSandbox;
  let t: E2eApp;
  let docs: DocumentSummary[];
  let direct: IrnResult;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox({ inactiveGstins: [INACTIVE_BUYER] });
    direct = await directCatalogB(sandbox).generateIrn(await samplePayload(PREREGISTERED_DOC));
    t = await startE2eApp({ sandbox });
    await dropSampleAndPull(t.url, t.inbox);
    docs = await settledDocuments(t.url, 12);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
  });

  it('ends REJECTED with the IRP code and message verbatim, and writes them to the result file', async () => {
    expect(refusedDocs.map((d) => d.docNumber)).toEqual(['DFT/2627/0455', 'DFT/2627/0460']);
    for (const want of refusedDocs) await assertRefused(want.docNumber);
  });

  async function assertRefused(refusedDoc: string): Promise<void> {
    const refused = docs.find((d) => d.docNumber === refusedDoc)!;
    expect(refused.submissions[0].state).toBe('REJECTED');
    const submission = (await documentDetail(t.url, refused.id)).submissions[0];
    const nic = JSON.parse(submission.response.status_desc) as {
      ErrorCode: string;
      ErrorMessage: string;
    }[];
    expect(nic.map((e) => e.ErrorCode)).toEqual(['3029']);
    expect(nic[0].ErrorMessage).toContain(INACTIVE_BUYER);
    // The IRP's words first, verbatim; then what the one sync of the buyer from the common portal said.
    expect(submission).toMatchObject({
      errorClass: 'rejected',
      errorCode: '3029',
      errorMessage: `3029: ${nic[0].ErrorMessage}; SYNC_GSTIN_FROMCP: GSTIN ${INACTIVE_BUYER} has status CNL at the GST common portal`,
      // Never registered: no irn; the IRN computed locally is shown under its own name.
      irn: null,
      expectedIrn: expected.find((d) => d.docNumber === refusedDoc)?.irn,
    });
    expect(submission.identifiers).not.toHaveProperty('irn');
    expect(sandbox.einvoice.registrations().some((r) => r.docNo === refusedDoc)).toBe(false);

    const rows = readResultFile(t.outbox).filter((row) => row.InvoiceNo === refusedDoc);
    expect(rows).toHaveLength(expected.find((d) => d.docNumber === refusedDoc)!.rows);
    for (const row of rows) {
      expect(row).toMatchObject({
        Status: 'in-einvoice: REJECTED',
        ErrorClass: 'rejected',
        ErrorCode: '3029',
      });
      expect(row.AckNo).toBe('');
      expect(row.Irn).toBe('');
      expect(row.ErrorMessage).toContain(nic[0].ErrorMessage);
    }
  }

  it('adopts the IRN registered beforehand through the other catalog instead of registering twice', async () => {
    const want = expected.find((d) => d.docNumber === PREREGISTERED_DOC)!;
    expect(direct.irn).toBe(want.irn);
    const adopted = docs.find((d) => d.docNumber === PREREGISTERED_DOC)!;
    expect(adopted.submissions[0].state).toBe('WRITTEN_BACK');
    const detail = await documentDetail(t.url, adopted.id);
    expect(detail.submissions[0].identifiers).toMatchObject({
      irn: direct.irn,
      ackNo: direct.ackNo,
      signedQrCode: direct.signedQrCode,
    });

    const byDocument = registrationsByDocument(sandbox.einvoice.registrations());
    expect(byDocument.get(PREREGISTERED_DOC)?.map((r) => [r.irn, r.channel])).toEqual([[want.irn, 'B']]);
    expect(sandbox.einvoice.registrations()).toHaveLength(expected.length - refusedDocs.length);
    // Registered once through catalog B, sent once by the pipeline (2150), adopted; the rest sent once.
    await assertGenerateAnswers(
      sandbox,
      expected.map((doc) => doc.docNumber),
      {
        [PREREGISTERED_DOC]: ['registered', '2150'],
        ...Object.fromEntries(refusedDocs.map((doc) => [doc.docNumber, ['3029']])),
      },
    );

    const actions = await auditActions(t.url, docs);
    expect(actions.get(PREREGISTERED_DOC)).toContain('registered-adopted');
    const refusedNumbers = refusedDocs.map((d) => d.docNumber);
    const others = [...actions].filter(
      ([number]) => number !== PREREGISTERED_DOC && !refusedNumbers.includes(number),
    );
    expect(others).toHaveLength(expected.length - refusedDocs.length - 1);
    for (const [, list] of others)
      expect(list).toEqual(expect.arrayContaining(['registered', 'written-back']));
  });
});
