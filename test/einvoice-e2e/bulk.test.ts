/**
 * Catalog B's bulk generate through the real pipeline: the documents of a batch go to the IRP in one
 * call, each row settles on its own, and a bulk call whose answer is lost (after the IRP registered
 * every row) is resolved by looking each document up: never a second IRN.
 */
import type { RunningSandbox } from '@erp-connector/sandbox';
import type { FaultKind } from '@erp-connector/sandbox/framework';
import {
  assertGenerateAnswers,
  auditActions,
  dropSampleAndPull,
  expectedDocuments,
  readResultFile,
  registrationsByDocument,
  samplePayload,
  directCatalogB,
  documentDetail,
  injectFault as injectE2eFault,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
} from './support';

const BULK_PATH = '/einvoice/bulk-generate-irn';
const expected = expectedDocuments();

const SINGLE_PATH = '/api/v1/generate-irn';

function injectFault(sandbox: RunningSandbox, path: string, fault: FaultKind, count: number): Promise<void> {
  return injectE2eFault(sandbox, fault, count, path, 'einvoiceApi');
}

interface FaultState {
  pending: { path: string; fault: string; count: number }[];
  applied: { fault: string; url: string }[];
}

async function faultState(sandbox: RunningSandbox): Promise<FaultState> {
  return (await (await fetch(`${sandbox.urls.einvoiceApi}/__sandbox/faults`)).json()) as FaultState;
}

describe('India e-invoice end to end with catalog B bulk generate', () => {
  it.each([
    ['a clean run', undefined],
    ['the bulk answer dropped after the IRP registered every row', 'drop-after-commit'],
  ] as const)(
    '%s: one IRN per document, all written back',
    async (_name, fault) => {
      const sandbox = await startEinvoiceSandbox({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
      // One batch holds the whole sample, so the documents share one bulk call.
      const app = await startE2eApp({ sandbox, catalog: 'B', queue: { batchSize: 50 } });
      try {
        if (fault) await injectFault(sandbox, BULK_PATH, fault, 1);
        // A trap on the one-document path: it stays armed unless something is sent one by one.
        await injectFault(sandbox, SINGLE_PATH, '503', 1);
        await dropSampleAndPull(app.url, app.inbox);
        const docs = await settledDocuments(app.url, expected.length, 50_000);
        expect(docs.map((d) => [d.docNumber, d.submissions[0].state])).toEqual(
          docs.map((d) => [d.docNumber, 'WRITTEN_BACK']),
        );
        const byDocument = registrationsByDocument(sandbox.einvoice.registrations());
        for (const want of expected) {
          expect(byDocument.get(want.docNumber)?.map((r) => r.irn)).toEqual([want.irn]);
        }
        expect(sandbox.einvoice.registrations()).toHaveLength(expected.length);
        // Each document reached the IRP once, in the bulk call: the lost answer was resolved by lookups.
        await assertGenerateAnswers(
          sandbox,
          expected.map((doc) => doc.docNumber),
        );
        const rows = readResultFile(app.outbox);
        expect(rows).toHaveLength(expected.reduce((sum, doc) => sum + doc.rows, 0));
        for (const row of rows) expect(row.AckNo).toMatch(/^\d{15}$/);
        const actions = [...(await auditActions(app.url, docs)).values()];
        const faults = await faultState(sandbox);
        expect(faults.pending.filter((p) => p.path === SINGLE_PATH && p.count === 1)).toHaveLength(1);
        if (fault) {
          // Every document of the lost call was adopted after a lookup; none was generated again.
          expect(faults.applied.filter((a) => a.url.includes(BULK_PATH) && a.fault === fault)).toHaveLength(
            1,
          );
          expect(actions.filter((list) => list.includes('registered-adopted'))).toHaveLength(
            actions.filter((list) => list.includes('retry-scheduled')).length,
          );
          expect(actions.filter((list) => list.includes('registered-adopted')).length).toBeGreaterThan(0);
        } else {
          expect(actions.filter((list) => list.includes('registered'))).toHaveLength(expected.length);
        }
      } finally {
        await app.close();
        await sandbox.stop();
      }
    },
    70_000,
  );

  it('settles each row on its own: a refused buyer is REJECTED with 3029, a document already registered is adopted', async () => {
    const inactiveBuyer = '36AAFFH4410B1Z1';
    const preregistered = 'DFT/2627/0453';
    const sandbox = await startEinvoiceSandbox({
      inactiveGstins: [inactiveBuyer],
      rateLimit: { limit: 10_000, windowMs: 60_000 },
    });
    const direct = await directCatalogB(sandbox).generateIrn(await samplePayload(preregistered));
    const app = await startE2eApp({ sandbox, catalog: 'B', queue: { batchSize: 50 } });
    try {
      await injectFault(sandbox, SINGLE_PATH, '503', 1);
      await dropSampleAndPull(app.url, app.inbox);
      const docs = await settledDocuments(app.url, expected.length, 50_000);
      const refused = expected.filter((d) => d.buyerGstin === inactiveBuyer).map((d) => d.docNumber);
      expect(refused).toHaveLength(2);
      for (const doc of docs) {
        const want = refused.includes(doc.docNumber) ? 'REJECTED' : 'WRITTEN_BACK';
        expect([doc.docNumber, doc.submissions[0].state]).toEqual([doc.docNumber, want]);
      }
      for (const number of refused) {
        const detail = await documentDetail(app.url, docs.find((d) => d.docNumber === number)!.id);
        expect(detail.submissions[0]).toMatchObject({ errorClass: 'rejected', errorCode: '3029' });
      }
      const adopted = docs.find((d) => d.docNumber === preregistered)!;
      const detail = await documentDetail(app.url, adopted.id);
      expect(detail.submissions[0].identifiers).toMatchObject({ irn: direct.irn, ackNo: direct.ackNo });
      const actions = await auditActions(app.url, [adopted]);
      expect([...actions.values()][0]).toContain('registered-adopted');
      const byDocument = registrationsByDocument(sandbox.einvoice.registrations());
      for (const want of expected.filter((d) => !refused.includes(d.docNumber))) {
        expect(byDocument.get(want.docNumber)?.map((r) => r.irn)).toEqual([want.irn]);
      }
      expect(sandbox.einvoice.registrations()).toHaveLength(expected.length - refused.length);
      await assertGenerateAnswers(
        sandbox,
        expected.map((doc) => doc.docNumber),
        {
          [preregistered]: ['registered', '2150'],
          ...Object.fromEntries(refused.map((number) => [number, ['3029']])),
        },
      );
      const faults = await faultState(sandbox);
      expect(faults.pending.filter((p) => p.path === SINGLE_PATH && p.count === 1)).toHaveLength(1);
    } finally {
      await app.close();
      await sandbox.stop();
    }
  }, 70_000);
});
