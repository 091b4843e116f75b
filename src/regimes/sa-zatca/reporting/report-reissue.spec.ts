/** Re-issue of a refused simplified invoice, over an in-memory submission pipeline and a scripted regime. */
import { sampleSaudiInvoice } from '../../../domain/__fixtures__';
import { type CanonicalInvoice, SubmissionState } from '../../../domain';
import { ComplianceError, type ComplianceRegime, type SubmitContext } from '../../../compliance';
import type {
  PipelineAudit,
  PipelineSubmission,
  Reregistration,
  SubmissionPipeline,
} from '../../../compliance';
import { isRefusedReport, reissueRefusedReport } from './report-reissue';

function simplified(): CanonicalInvoice {
  const invoice = sampleSaudiInvoice();
  invoice.ksa = { ...invoice.ksa!, invoiceKind: 'simplified' };
  return invoice;
}

class InMemoryPipeline implements Pick<SubmissionPipeline, 'documentOf' | 'replaceRegistration'> {
  readonly replaced: { id: string; registration: Reregistration; audit: PipelineAudit }[] = [];
  stateChangedMeanwhile = false;

  constructor(private readonly invoice: CanonicalInvoice | undefined) {}

  documentOf() {
    return Promise.resolve({
      invoice: this.invoice,
      settings: { egsUnitId: 'egs-riyadh-01' },
      connectorInstance: 'riyadh-pos',
    });
  }

  replaceRegistration(submission: { id: string }, registration: Reregistration, audit: PipelineAudit) {
    if (this.stateChangedMeanwhile) return Promise.resolve(false);
    this.replaced.push({ id: submission.id, registration, audit });
    return Promise.resolve(true);
  }
}

/** Signs in the next slot: ICV 8, a new UUID, pending reporting. */
function signingRegime(
  submit?: (context: SubmitContext) => Promise<never>,
): ComplianceRegime & { contexts: SubmitContext[] } {
  const contexts: SubmitContext[] = [];
  return {
    name: 'sa-zatca',
    contexts,
    appliesTo: () => true,
    map: (invoice) => ({ ok: true, value: { payload: { invoiceNumber: invoice.documentNumber } } }),
    submit: (_payload, context) => {
      contexts.push(context);
      if (submit) return submit(context);
      return Promise.resolve({
        status: 'registered',
        identifiers: {
          zatcaUuid: 'uuid-reissued',
          zatcaIcv: 8,
          zatcaStatus: 'SIGNED_PENDING_REPORTING',
          zatcaQr: 'QR2',
        },
        response: {},
      });
    },
  };
}

const refused: PipelineSubmission = {
  id: 'sub-1',
  documentId: 'doc-1',
  regime: 'sa-zatca',
  state: SubmissionState.WrittenBack,
  attempts: 1,
  identifiers: { zatcaUuid: 'uuid-refused', zatcaIcv: 5, zatcaStatus: 'NOT_REPORTED', zatcaQr: 'QR1' },
};
const audit = { actor: 'operator:amal', action: 'operator-retry', reason: 'buyer name corrected' };

describe('reissueRefusedReport', () => {
  it('knows a refused report by regime and ZATCA status', () => {
    expect(isRefusedReport(refused)).toBe(true);
    expect(isRefusedReport({ ...refused, identifiers: { zatcaStatus: 'REPORTED' } })).toBe(false);
    expect(isRefusedReport({ ...refused, regime: 'in-einvoice' })).toBe(false);
  });

  it('signs the corrected document in a new slot and replaces the registration, naming both invoices', async () => {
    const pipeline = new InMemoryPipeline(simplified());
    const regime = signingRegime();
    expect(await reissueRefusedReport({ pipeline, regime }, refused, audit)).toEqual({
      to: SubmissionState.WritebackPending,
    });
    expect(regime.contexts[0]).toMatchObject({
      submissionId: 'sub-1',
      connectorInstance: 'riyadh-pos',
      settings: { egsUnitId: 'egs-riyadh-01' },
      previous: refused.identifiers,
    });
    expect(pipeline.replaced).toEqual([
      {
        id: 'sub-1',
        registration: {
          payload: { invoiceNumber: simplified().documentNumber },
          identifiers: {
            zatcaUuid: 'uuid-reissued',
            zatcaIcv: 8,
            zatcaStatus: 'SIGNED_PENDING_REPORTING',
            zatcaQr: 'QR2',
          },
          response: { reporting: 'pending' },
        },
        audit: {
          ...audit,
          details: { reissued: { uuid: 'uuid-reissued', icv: 8 }, refused: { uuid: 'uuid-refused', icv: 5 } },
        },
      },
    ]);
  });

  it('waits while the ERP is still being told of the refusal', async () => {
    const pipeline = new InMemoryPipeline(simplified());
    const outcome = await reissueRefusedReport(
      { pipeline, regime: signingRegime() },
      { ...refused, state: SubmissionState.WritebackPending },
      audit,
    );
    expect(outcome).toEqual({ why: expect.stringContaining('WRITEBACK_PENDING') });
    expect(pipeline.replaced).toEqual([]);
  });

  it('re-issues a simplified invoice only as a simplified invoice', async () => {
    const standard = sampleSaudiInvoice();
    standard.ksa = { ...standard.ksa!, invoiceKind: 'standard' };
    const outcome = await reissueRefusedReport(
      { pipeline: new InMemoryPipeline(standard), regime: signingRegime() },
      refused,
      audit,
    );
    expect(outcome).toEqual({ why: 'a refused simplified invoice is re-issued as a simplified invoice' });
  });

  it('answers why when signing fails or the state moved meanwhile, replacing nothing', async () => {
    const failing = signingRegime(() =>
      Promise.reject(new ComplianceError('auth', 'EGS unit egs-riyadh-01 must be onboarded again')),
    );
    const pipeline = new InMemoryPipeline(simplified());
    expect(await reissueRefusedReport({ pipeline, regime: failing }, refused, audit)).toEqual({
      why: 'EGS unit egs-riyadh-01 must be onboarded again',
    });
    pipeline.stateChangedMeanwhile = true;
    expect(await reissueRefusedReport({ pipeline, regime: signingRegime() }, refused, audit)).toEqual({
      why: 'state changed meanwhile',
    });
    expect(pipeline.replaced).toEqual([]);
  });
});
