/**
 * The example CSV through the whole pipeline against the simulated IRP: every document registered once,
 * with the IRN NIC's algorithm gives, signed tokens that verify with the IRP's published key, and the
 * result file carrying IRN, AckNo, AckDt and the signed QR for every source row.
 */
import type { RunningSandbox } from '@erp-connector/sandbox';
import { verifyNicJws } from '../../src/regimes/in-einvoice';
import {
  auditActions,
  documentDetail,
  dropSampleAndPull,
  expectedDocuments,
  readResultFile,
  registrationsByDocument,
  sandboxRecords,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type E2eApp,
} from './support';

describe('India e-invoice end to end: the example CSV on the real pipeline', () => {
  let sandbox: RunningSandbox;
  let t: E2eApp;
  const expected = expectedDocuments();

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    t = await startE2eApp({ sandbox });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
  });

  it('registers all 12 documents once each, with NIC IRNs, verifiable signatures and a complete result file', async () => {
    expect(expected).toHaveLength(12);
    await dropSampleAndPull(t.url, t.inbox);
    const docs = await settledDocuments(t.url, 12, 20_000);
    expect(docs.map((d) => d.submissions[0].state)).toEqual(Array(12).fill('WRITTEN_BACK'));

    const publicKey = sandbox.einvoice.publicKeyPem;
    for (const want of expected) {
      const doc = docs.find((d) => d.docNumber === want.docNumber);
      expect(doc).toBeDefined();
      const detail = await documentDetail(t.url, doc!.id);
      const submission = detail.submissions[0];
      expect(submission.irn).toBe(want.irn);
      const ids = submission.identifiers;
      expect(ids.irn).toBe(want.irn);
      expect(ids.ackNo).toMatch(/^\d{15}$/);
      const invoice = verifyNicJws<{ Irn: string; DocDtls: { No: string } }>(ids.signedInvoice, publicKey);
      expect(invoice.data.Irn).toBe(want.irn);
      expect(invoice.data.DocDtls.No).toBe(want.docNumber);
      const qr = verifyNicJws<{ Irn: string; DocNo: string; SellerGstin: string }>(
        ids.signedQrCode,
        publicKey,
      );
      expect(qr.data).toMatchObject({ Irn: want.irn, DocNo: want.docNumber });
    }

    const rows = readResultFile(t.outbox);
    expect(rows).toHaveLength(expected.reduce((sum, doc) => sum + doc.rows, 0));
    for (const row of rows) {
      const want = expected.find((doc) => doc.docNumber === row.InvoiceNo);
      expect(row.Irn).toBe(want?.irn);
      expect(row.AckNo).toMatch(/^\d{15}$/);
      expect(row.AckDt).not.toBe('');
      expect(row.SignedQRCode.split('.')).toHaveLength(3);
      expect(row.Status).toBe('in-einvoice: REGISTERED');
    }

    const registrations = sandbox.einvoice.registrations();
    expect(registrations).toHaveLength(12);
    const byDocument = registrationsByDocument(registrations);
    expect([...byDocument.keys()].sort()).toEqual(expected.map((d) => d.docNumber).sort());
    for (const want of expected)
      expect(byDocument.get(want.docNumber)?.map((r) => r.irn)).toEqual([want.irn]);
    expect((await sandboxRecords(sandbox)).map((r) => r.irn).sort()).toEqual(
      registrations.map((r) => r.irn).sort(),
    );

    const actions = await auditActions(t.url, docs);
    for (const list of actions.values()) {
      expect(list).toEqual(expect.arrayContaining(['mapped', 'registered', 'written-back']));
      expect(list).not.toContain('registered-adopted');
    }
    // Steps taken in one statement (mapped and claimed; registered and queued for write-back) are
    // each on the audit trail with their own states.
    const detail = await documentDetail(t.url, docs[0].id);
    const trail = (
      detail.audit as { action: string; fromState: string | null; toState: string | null }[]
    ).map((event) => `${event.action}: ${event.fromState ?? '-'} > ${event.toState ?? '-'}`);
    expect(trail).toEqual([
      'received: - > -',
      'submission-created: - > RECEIVED',
      'mapped: RECEIVED > READY',
      'registered: SUBMITTING > REGISTERED',
      'writeback-queued: REGISTERED > WRITEBACK_PENDING',
      'written-back: WRITEBACK_PENDING > WRITTEN_BACK',
    ]);
  });
});
