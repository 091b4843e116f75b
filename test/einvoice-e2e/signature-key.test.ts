/**
 * The IRP signs with a key other than the one configured (NIC rotated its certificate, or the wrong one
 * was pasted): the IRNs exist at the IRP all the same. Through the real pipeline every document must be
 * REGISTERED and written back with its IRN and the IRP's answer stored, flagged SIGNATURE_UNVERIFIED for
 * the operator, and sent to the IRP once: no rejection, no retries, no 2150 storm.
 */
import { generateKeyPairSync } from 'node:crypto';
import {
  assertGenerateAnswers,
  auditActions,
  documentDetail,
  dropSampleAndPull,
  expectedDocuments,
  readResultFile,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
} from './support';

const expected = expectedDocuments();

const otherPublicKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();

describe('India e-invoice end to end: the IRP signs with another key than the one configured', () => {
  it.each([
    ['A', 'one by one'],
    ['B', 'in a bulk call'],
  ] as const)(
    'catalog %s (%s): every IRN kept, REGISTERED and written back with a SIGNATURE_UNVERIFIED warning',
    async (catalog, _how) => {
      const sandbox = await startEinvoiceSandbox({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
      const app = await startE2eApp({
        sandbox,
        catalog,
        providerSettings: { publicKeyPem: otherPublicKeyPem },
      });
      try {
        await dropSampleAndPull(app.url, app.inbox);
        const docs = await settledDocuments(app.url, expected.length, 50_000);
        expect(docs.map((d) => [d.docNumber, d.submissions[0].state])).toEqual(
          docs.map((d) => [d.docNumber, 'WRITTEN_BACK']),
        );
        for (const doc of docs) {
          const submission = (await documentDetail(app.url, doc.id)).submissions[0];
          const registration = sandbox.einvoice.registrations().find((r) => r.docNo === doc.docNumber)!;
          expect(submission).toMatchObject({
            irn: expected.find((want) => want.docNumber === doc.docNumber)!.irn,
            ackNo: String(registration.ackNo),
            identifiers: {
              signedQrCode: registration.signedQrCode,
              signedInvoice: registration.signedInvoice,
            },
            errorClass: null,
          });
          expect(submission.warnings).toEqual([
            expect.objectContaining({
              code: 'SIGNATURE_UNVERIFIED',
              message: expect.stringContaining('SIGNATURE_INVALID'),
            }),
          ]);
          // The IRP's signed copies are kept once, in the identifiers; the stored answer says where.
          expect(JSON.stringify(submission.response)).toContain('stored in identifiers.signedInvoice');
        }
        await assertGenerateAnswers(
          sandbox,
          expected.map((doc) => doc.docNumber),
        );
        const actions = [...(await auditActions(app.url, docs)).values()];
        for (const list of actions) {
          expect(list).toEqual(expect.arrayContaining(['registered', 'written-back']));
          expect(list).not.toContain('retry-scheduled');
          expect(list).not.toContain('failed');
        }
        for (const row of readResultFile(app.outbox)) expect(row.AckNo).toMatch(/^\d{15}$/);
      } finally {
        await app.close();
        await sandbox.stop();
      }
    },
    70_000,
  );
});
