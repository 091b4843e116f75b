/**
 * Persists what a connector produced: new documents and their submissions (one per applicable regime),
 * edits to documents not yet registered, and flags for edits after registration (never re-sent
 * silently). One transaction per batch, together with the connector's cursor, so a crash re-pulls the
 * batch and the (instance, ERP id) key makes that harmless.
 */
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ConnectorCursor, SourceDocument } from '../connectors';
import type { RegisteredConnector } from './connector-registry';
import { RegimeRegistry } from '../compliance';
import type { DocumentEntity, SubmissionEntity } from '../database/entities';
import {
  AuditRepository,
  type AuditInput,
  ConnectorInstanceRepository,
  DocumentRepository,
  SubmissionRepository,
} from '../database/repositories';
import { StatementFailedError, statementFailure } from '../database';
import { type CanonicalInvoice, type FieldError, fieldError, SubmissionState, isRegistered } from '../domain';
import { SYSTEM_ACTOR } from './state-transitions.service';

export type IngestResult = 'created' | 'unchanged' | 'updated' | 'flagged-altered' | 'flagged-deleted';

export interface IngestedDocument {
  documentId: string;
  erpId: string;
  result: IngestResult;
  /** Submissions that now have work to do (enqueue after commit). */
  submissionIds: string[];
}

/** A submission to create, with its audit event, for the document at `index` of the batch. */
interface PlannedSubmission {
  index: number;
  row: Partial<SubmissionEntity>;
  audit: AuditInput;
}

const RESETTABLE = [
  SubmissionState.Received,
  SubmissionState.MappingFailed,
  SubmissionState.Ready,
  SubmissionState.Rejected,
];

@Injectable()
export class IngestService {
  private readonly logger = new Logger(IngestService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly documents: DocumentRepository,
    private readonly submissions: SubmissionRepository,
    private readonly instances: ConnectorInstanceRepository,
    private readonly audit: AuditRepository,
    private readonly regimes: RegimeRegistry,
  ) {}

  async ingestBatch(
    instanceId: string,
    connector: RegisteredConnector,
    documents: SourceDocument[],
    cursor?: ConnectorCursor,
    manager?: EntityManager,
  ): Promise<IngestedDocument[]> {
    const run = async (m: EntityManager): Promise<IngestedDocument[]> => {
      const results = await this.ingestAll(instanceId, connector, documents, m);
      if (cursor !== undefined) await this.instances.saveCursor(instanceId, cursor, m);
      return results;
    };
    try {
      return await (manager ? run(manager) : this.dataSource.transaction(run));
    } catch (error) {
      // Named by statement and ERP ids: the failing statement's parameters are the documents' contents.
      const failure = statementFailure(
        error,
        documents.map((source) => source.erpId),
      );
      if (failure instanceof StatementFailedError) this.logger.error(failure.message);
      throw failure;
    }
  }

  /**
   * New documents are written with a few multi-row INSERTs for the whole batch; known ones go one by one
   * (edits are rare). The INSERT is an upsert's first half: a document another request stored meanwhile
   * (the same document posted twice at once) is not inserted again but read back, locked, and treated as
   * known, so concurrent posts of one document give one document and an answer each. Results keep the
   * batch's order.
   */
  private async ingestAll(
    instanceId: string,
    connector: RegisteredConnector,
    documents: SourceDocument[],
    m: EntityManager,
  ): Promise<IngestedDocument[]> {
    const erpIds = documents.map((source) => source.erpId);
    if (new Set(erpIds).size !== erpIds.length) {
      // The same ERP id twice in one batch: the later one must see the earlier, so one at a time.
      const results: IngestedDocument[] = [];
      for (const source of documents)
        results.push(...(await this.ingestAll(instanceId, connector, [source], m)));
      return results;
    }
    const known = await this.documents.findManyByErpIds(instanceId, erpIds, m);
    const existing = new Map(known.map((document) => [document.erpId, document]));
    const { created, raced } = await this.createAll(
      instanceId,
      connector,
      documents.filter((source) => !existing.has(source.erpId)),
      m,
    );
    if (raced.length > 0) {
      for (const document of await this.documents.findManyByErpIds(instanceId, raced, m))
        existing.set(document.erpId, document);
    }
    const results: IngestedDocument[] = [];
    for (const source of documents) {
      const fresh = created.get(source.erpId);
      if (fresh) {
        results.push(fresh);
        continue;
      }
      const document = existing.get(source.erpId);
      if (!document) throw new Error(`document ${source.erpId} neither inserted nor found`);
      results.push(await this.ingestExisting(document, connector, source, m));
    }
    return results;
  }

  private async ingestExisting(
    existing: DocumentEntity,
    connector: RegisteredConnector,
    source: SourceDocument,
    m: EntityManager,
  ): Promise<IngestedDocument> {
    const base = { documentId: existing.id, erpId: source.erpId, submissionIds: [] as string[] };

    if (source.deleted && !existing.erpDeleted) {
      await this.documents.update(existing.id, { erpDeleted: true }, m);
      await this.auditDocument(
        m,
        existing.id,
        'erp-deleted',
        'the ERP reports the document cancelled or deleted',
      );
      return { ...base, result: 'flagged-deleted' };
    }
    if (existing.contentHash === source.contentHash) return { ...base, result: 'unchanged' };

    const submissions = await this.submissions.forDocument(existing.id, m);
    if (
      submissions.some(
        (s) => isRegistered(s.state) || s.state === SubmissionState.Submitting || s.outcomeUnknown,
      )
    ) {
      if (!existing.alteredAfterRegistration) {
        await this.documents.update(existing.id, { alteredAfterRegistration: true }, m);
      }
      await this.auditDocument(
        m,
        existing.id,
        'altered-after-registration',
        'edited in the ERP after registration; not re-sent',
        {
          previousHash: existing.contentHash,
          newHash: source.contentHash,
        },
      );
      return { ...base, result: 'flagged-altered' };
    }

    await this.documents.update(existing.id, this.documentFields(source), m);
    await this.auditDocument(m, existing.id, 'updated-from-erp', 'edited in the ERP before registration', {
      previousHash: existing.contentHash,
      newHash: source.contentHash,
    });
    const ids: string[] = [];
    for (const submission of submissions) {
      if (!RESETTABLE.includes(submission.state)) continue;
      const moved = await this.submissions.transition(
        submission.id,
        RESETTABLE,
        SubmissionState.Received,
        { errorClass: null, errorCode: null, errorMessage: null, fieldErrors: null, requestPayload: null },
        m,
      );
      if (moved) ids.push(moved.id);
    }
    if (source.normalised.ok && submissions.length === 0) {
      ids.push(...(await this.createSubmissions(existing, connector, source.normalised.value, m)));
    }
    return { ...base, result: 'updated', submissionIds: ids };
  }

  /**
   * Inserts the documents, their submissions (one per applicable regime, or MAPPING_FAILED per regime
   * when the document could not be read) and the audit events: three multi-row INSERTs in all. Rows go in
   * ERP id order, so two batches racing over the same documents wait for each other instead of
   * deadlocking. `raced` names the documents another transaction stored first.
   */
  private async createAll(
    instanceId: string,
    connector: RegisteredConnector,
    candidates: SourceDocument[],
    m: EntityManager,
  ): Promise<{ created: Map<string, IngestedDocument>; raced: string[] }> {
    const created = new Map<string, IngestedDocument>();
    if (candidates.length === 0) return { created, raced: [] };
    const ordered = [...candidates].sort((a, b) => (a.erpId < b.erpId ? -1 : a.erpId > b.erpId ? 1 : 0));
    const { ids, inserted } = await this.documents.insertNew(
      ordered.map((source) => ({
        connectorInstanceId: instanceId,
        erpId: source.erpId,
        direction: source.direction,
        ...this.documentFields(source),
      })),
      m,
    );
    const sources = ordered.filter((_, index) => inserted.has(ids[index]));
    const documentIds = ids.filter((id) => inserted.has(id));
    const raced = ordered.filter((_, index) => !inserted.has(ids[index])).map((source) => source.erpId);
    const planned: PlannedSubmission[] = sources.flatMap((source, index) =>
      this.planSubmissions(connector, source, documentIds[index]).map((plan) => ({ ...plan, index })),
    );
    const submissionIds = await this.submissions.insertMany(
      planned.map((plan) => plan.row),
      m,
    );
    await this.audit.appendMany(
      [
        ...sources.map((source, index) => ({
          actor: SYSTEM_ACTOR,
          action: 'received',
          documentId: documentIds[index],
          reason: source.sourceRef ?? null,
          details: null,
        })),
        ...planned.map((plan, i) => ({ ...plan.audit, submissionId: submissionIds[i] })),
      ],
      m,
    );
    const results: IngestedDocument[] = sources.map((source, index) => ({
      documentId: documentIds[index],
      erpId: source.erpId,
      result: 'created',
      submissionIds: [],
    }));
    planned.forEach((plan, i) => results[plan.index].submissionIds.push(submissionIds[i]));
    for (const result of results) created.set(result.erpId, result);
    return { created, raced };
  }

  private planSubmissions(
    connector: RegisteredConnector,
    source: SourceDocument,
    documentId: string,
  ): Omit<PlannedSubmission, 'index'>[] {
    if (source.normalised.ok) {
      const unserved = this.unservedCountry(connector, source.normalised.value.country);
      if (unserved) {
        return this.failedAll(connector, documentId, [unserved], {
          message: unserved.message,
          action: 'country-not-served',
        });
      }
      return this.applicableRegimes(connector, source.normalised.value).map((regime) => ({
        row: { documentId, regime, state: SubmissionState.Received },
        audit: {
          actor: SYSTEM_ACTOR,
          action: 'submission-created',
          documentId,
          toState: SubmissionState.Received,
        },
      }));
    }
    const errors = source.normalised.errors;
    return this.failedAll(connector, documentId, errors, {
      message: `the ERP document could not be read: ${errors.length} field error(s)`,
      action: 'normalisation-failed',
    });
  }

  /** MAPPING_FAILED for every regime of the instance, with the field errors that stop them all. */
  private failedAll(
    connector: RegisteredConnector,
    documentId: string,
    errors: FieldError[],
    why: { message: string; action: string },
  ): Omit<PlannedSubmission, 'index'>[] {
    return connector.regimes.map((regime) => ({
      row: {
        documentId,
        regime,
        state: SubmissionState.MappingFailed,
        errorClass: 'validation',
        errorMessage: why.message,
        fieldErrors: errors,
      },
      audit: {
        actor: SYSTEM_ACTOR,
        action: why.action,
        documentId,
        toState: SubmissionState.MappingFailed,
        details: { errors: errors.length },
      },
    }));
  }

  /**
   * A document of a country none of the instance's regimes registers (RegimeDescriptor.countries): a
   * field error on `country` for the operator, rather than a document that silently goes nowhere.
   */
  private unservedCountry(connector: RegisteredConnector, country: string): FieldError | undefined {
    if (connector.regimes.length === 0) return undefined;
    if (connector.regimes.some((name) => this.servesCountry(name, country))) return undefined;
    const served = connector.regimes.map(
      (name) => `${name}: ${(this.regimes.descriptor(name)?.countries ?? []).join(', ')}`,
    );
    return fieldError(
      'country',
      'country.served',
      `no regime of instance ${connector.name} registers documents of ${country} (${served.join('; ')})`,
      country,
    );
  }

  private servesCountry(name: string, country: string): boolean {
    const countries = this.regimes.descriptor(name)?.countries;
    return !countries || countries.includes(country);
  }

  private applicableRegimes(connector: RegisteredConnector, invoice: CanonicalInvoice): string[] {
    return connector.regimes.filter((name) => {
      if (!this.servesCountry(name, invoice.country)) return false;
      const regime = this.regimes.get(name);
      return !regime || regime.appliesTo(invoice, connector.regimeSettings[name]);
    });
  }

  /** One submission per regime the instance names and whose implementation (if registered) accepts it. */
  private async createSubmissions(
    document: DocumentEntity,
    connector: RegisteredConnector,
    invoice: CanonicalInvoice,
    m: EntityManager,
  ): Promise<string[]> {
    const ids: string[] = [];
    for (const regimeName of this.applicableRegimes(connector, invoice)) {
      const submission = await this.submissions.insert(
        { documentId: document.id, regime: regimeName, state: SubmissionState.Received },
        m,
      );
      await this.audit.append(
        {
          actor: SYSTEM_ACTOR,
          action: 'submission-created',
          documentId: document.id,
          submissionId: submission.id,
          toState: SubmissionState.Received,
        },
        m,
      );
      ids.push(submission.id);
    }
    return ids;
  }

  private documentFields(source: SourceDocument): Partial<DocumentEntity> {
    const invoice = source.normalised.ok ? source.normalised.value : undefined;
    return {
      docType: invoice?.documentType ?? null,
      docNumber: invoice?.documentNumber ?? source.documentNumber ?? null,
      docDate: invoice?.documentDate ?? source.documentDate ?? null,
      sellerTaxId: invoice?.seller.gstin ?? invoice?.seller.vatNumber ?? null,
      buyerTaxId: invoice?.buyer.gstin ?? invoice?.buyer.vatNumber ?? null,
      canonical: invoice ?? null,
      normalisationErrors: source.normalised.ok ? null : source.normalised.errors,
      raw: source.raw ?? null,
      sourceRef: source.sourceRef ?? null,
      contentHash: source.contentHash,
      erpDeleted: source.deleted ?? false,
    };
  }

  private async auditDocument(
    m: EntityManager,
    documentId: string,
    action: string,
    reason: string | null,
    details?: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.append({ actor: SYSTEM_ACTOR, action, documentId, reason, details: details ?? null }, m);
    if (action !== 'received') this.logger.log(`document ${documentId}: ${action}`);
  }
}
