/**
 * What operators do: look at documents and submissions, retry failures (by ids or by filter), fix a
 * document by overriding canonical fields. Every action is audited with the operator's name and reason.
 * A registration the authority refused afterwards (a simplified invoice ZATCA refused to report) is retried
 * the regime's way (RegimeDescriptor.refusedAfterRegistration: ZATCA re-issues it).
 */
import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { RegimeRegistry } from '../compliance';
import {
  AuditRepository,
  DocumentRepository,
  type DocumentFilter,
  SubmissionRepository,
  type SubmissionFilter,
} from '../database/repositories';
import { isRegistered, RETRYABLE_STATES, SubmissionState } from '../domain';
import { JobName, QueueService } from '../queue';
import { canonicalDraft, effectiveInvoice } from './effective-invoice';
import { overrideProblems } from './override-check';
import { StateTransitionsService } from './state-transitions.service';
import { SubmissionPipelineAdapter } from './submission-pipeline.adapter';

export interface OperatorAction {
  operator: string;
  reason: string;
}

export interface RetryResult {
  retried: { submissionId: string; from: string; to: string }[];
  skipped: { submissionId: string; state: string; why: string }[];
  /** How many submissions the ids or the filter selected; at most RETRY_LIMIT of them are acted on. */
  matched: number;
  limit: number;
}

const RETRY_LIMIT = 1000;

@Injectable()
export class OperatorService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly documents: DocumentRepository,
    private readonly submissions: SubmissionRepository,
    private readonly audit: AuditRepository,
    private readonly transitions: StateTransitionsService,
    private readonly queue: QueueService,
    private readonly regimes: RegimeRegistry,
    private readonly pipeline: SubmissionPipelineAdapter,
  ) {}

  async listDocuments(filter: DocumentFilter) {
    const { items, total } = await this.documents.list(filter);
    const ids = items.map((d) => d.id);
    const [submissions, listings] = await Promise.all([
      this.submissions.forDocuments(ids),
      this.documents.listings(ids),
    ]);
    return {
      total,
      items: items.map((d) => {
        const listing = listings.find((l) => l.id === d.id);
        return {
          id: d.id,
          connectorInstanceId: d.connectorInstanceId,
          erpId: d.erpId,
          direction: d.direction,
          docType: d.docType,
          docNumber: d.docNumber,
          docDate: d.docDate,
          sellerTaxId: d.sellerTaxId,
          buyerTaxId: d.buyerTaxId,
          buyerName: listing?.buyerName ?? null,
          invoiceTotal: listing?.invoiceTotal ?? null,
          currency: listing?.currency ?? null,
          alteredAfterRegistration: d.alteredAfterRegistration,
          erpDeleted: d.erpDeleted,
          createdAt: d.createdAt,
          submissions: submissions
            .filter((s) => s.documentId === d.id)
            .map((s) => ({
              id: s.id,
              regime: s.regime,
              state: s.state,
              errorClass: s.errorClass,
              errorCode: s.errorCode,
              attempts: s.attempts,
              irn: s.irn,
              expectedIrn: s.expectedIrn,
              ackNo: s.ackNo,
              ackDate: s.ackDate,
              ewbNo: s.ewbNo,
              validUpto: s.validUpto,
              zatcaStatus: s.zatcaStatus,
              updatedAt: s.updatedAt,
            })),
        };
      }),
    };
  }

  /** The documents of these ids (an unknown id is left out). */
  findDocuments(ids: readonly string[]) {
    return this.documents.findByIds(ids);
  }

  async getDocument(id: string) {
    const document = await this.documents.findById(id);
    if (!document) throw new NotFoundException(`no document ${id}`);
    const [submissions, audit] = await Promise.all([
      this.submissions.forDocument(id),
      this.audit.forDocument(id),
    ]);
    return { ...document, effectiveCanonical: effectiveInvoice(document) ?? null, submissions, audit };
  }

  /** A page of submissions, each with its document's number, buyer and amount (for lists people read). */
  async listSubmissions(filter: SubmissionFilter) {
    const { items, total } = await this.submissions.list(filter);
    const listings = new Map(
      (await this.documents.listings([...new Set(items.map((s) => s.documentId))])).map((d) => [d.id, d]),
    );
    return {
      total,
      items: items.map((s) => ({ ...s, document: listings.get(s.documentId) ?? null })),
    };
  }

  async retry(
    selection: { ids?: string[]; filter?: Omit<SubmissionFilter, 'limit' | 'offset'> },
    action: OperatorAction,
  ): Promise<RetryResult> {
    const { items, total } = await this.submissions.list({
      ...(selection.filter ?? {}),
      ids: selection.ids,
      limit: RETRY_LIMIT,
      offset: 0,
    });
    const result: RetryResult = { retried: [], skipped: [], matched: total, limit: RETRY_LIMIT };
    for (const id of selection.ids ?? []) {
      if (!items.some((s) => s.id === id))
        result.skipped.push({ submissionId: id, state: 'unknown', why: 'no such submission' });
    }
    for (const submission of items) {
      const target = RETRYABLE_STATES[submission.state];
      const refused = this.regimes.descriptor(submission.regime)?.refusedAfterRegistration;
      if (!target && refused?.isRefused(submission)) {
        const reissue = await refused.retry(
          { pipeline: this.pipeline, regime: this.regimes.get(submission.regime) },
          submission,
          { actor: `operator:${action.operator}`, action: 'operator-retry', reason: action.reason },
        );
        if ('why' in reissue)
          result.skipped.push({ submissionId: submission.id, state: submission.state, why: reissue.why });
        else result.retried.push({ submissionId: submission.id, from: submission.state, to: reissue.to });
        continue;
      }
      if (!target) {
        result.skipped.push({
          submissionId: submission.id,
          state: submission.state,
          why: 'not in a retryable state',
        });
        continue;
      }
      const moved = await this.transitions.move(
        submission,
        [submission.state],
        target,
        { nextAttemptAt: null, errorClass: null, errorCode: null, errorMessage: null, fieldErrors: null },
        { actor: `operator:${action.operator}`, action: 'operator-retry', reason: action.reason },
      );
      if (!moved) {
        result.skipped.push({
          submissionId: submission.id,
          state: submission.state,
          why: 'state changed meanwhile',
        });
        continue;
      }
      result.retried.push({ submissionId: submission.id, from: submission.state, to: target });
      const job =
        target === SubmissionState.WritebackPending ? JobName.SubmissionWriteBack : JobName.SubmissionProcess;
      await this.queue.send(job, { submissionId: submission.id }, { key: submission.id });
    }
    return result;
  }

  /** Records operator overrides on canonical fields (applied when the document is next mapped). */
  async override(
    documentId: string,
    overrides: Record<string, unknown>,
    action: OperatorAction,
  ): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const document = await this.documents.findById(documentId, m);
      if (!document) throw new NotFoundException(`no document ${documentId}`);
      // A registration the authority refused afterwards (ZATCA refused to report it) is re-issued from the
      // corrected invoice, so an override there is what the operator must do; any other is on record.
      const registered = (await this.submissions.forDocuments([documentId])).filter(
        (s) =>
          isRegistered(s.state) && !this.regimes.descriptor(s.regime)?.refusedAfterRegistration?.isRefused(s),
      );
      if (registered.length > 0) {
        throw new ConflictException({
          statusCode: 409,
          message:
            "this invoice is already registered with the authority, so an override would change nothing that was filed: cancel it (within the authority's window) and issue a corrected invoice, or issue a credit or debit note against it from the ERP",
          registered: registered.map((s) => ({ submissionId: s.id, regime: s.regime, state: s.state })),
        });
      }
      const base = document.canonical ?? canonicalDraft(document.raw);
      if (!base) {
        throw new UnprocessableEntityException({
          statusCode: 422,
          message:
            'this document could not be read into an invoice, so there is nothing to override: correct it in the ERP and pull it again (its field errors say where)',
          errors: document.normalisationErrors ?? [],
        });
      }
      const problems = overrideProblems(base, document.overrides ?? {}, overrides, (path) =>
        this.regimes
          .descriptors()
          .map((descriptor) => descriptor.overridePathHint?.(path))
          .find((hint) => hint !== undefined),
      );
      if (problems.length > 0) {
        throw new BadRequestException({ statusCode: 400, message: 'overrides refused', errors: problems });
      }
      await this.documents.update(
        documentId,
        { overrides: { ...(document.overrides ?? {}), ...overrides } },
        m,
      );
      await this.audit.append(
        {
          actor: `operator:${action.operator}`,
          action: 'operator-override',
          documentId,
          reason: action.reason,
          details: { overrides },
        },
        m,
      );
    });
  }
}
