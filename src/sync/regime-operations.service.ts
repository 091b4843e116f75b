/**
 * Runs the operations regimes declare (RegimeDescriptor.operations) on registered submissions, the same
 * way for every regime: load the submissions (404), check they hold an active registration of one regime
 * and one connector instance (409), validate the request with the operation's class (400 with the fields),
 * check the operation's local rules (409 with the authority's code, before anything is sent), call it
 * with the instance's provider, then store the new identifiers through the descriptor's projection and
 * audit with the actor, in one transaction per submission. A changed registration already written back
 * goes back to the ERP (WRITEBACK_PENDING and a write-back job). A refusal or failure by the authority is
 * audited (`<action>-refused`) before it reaches the caller.
 */
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  parseOperationRequest,
  ComplianceError,
  type AnyRegimeOperation,
  type OperationDone,
  type OperationRun,
  type OperationTarget,
  type OperationUpdate,
  RegimeRegistry,
} from '../compliance';
import type { SubmissionEntity } from '../database/entities';
import {
  AuditRepository,
  DocumentRepository,
  identifierColumnsPatch,
  SubmissionRepository,
  type SubmissionPatch,
} from '../database/repositories';
import { type FieldError, SubmissionState } from '../domain';
import { JobName, QueueService } from '../queue';
import { ConnectorRuntimeService } from './connector-runtime.service';

const S = SubmissionState;
/** States in which the authority holds an active registration for the submission. */
export const ACTIVE_REGISTRATION_STATES: readonly SubmissionState[] = [
  S.Registered,
  S.WritebackPending,
  S.WrittenBack,
  S.WritebackFailed,
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OperationCall {
  operation: string;
  /** `one`: the submission named in the path; `many`: the request's `submissionIds`. */
  submissionId?: string;
  /** The request without `operator` and `reason`. */
  body: unknown;
  /** `operator:<name>` or `system`. */
  actor: string;
  reason: string;
  now?: number;
}

interface Prepared {
  regime: string;
  operation: AnyRegimeOperation;
  submissions: SubmissionEntity[];
  targets: OperationTarget[];
  instanceId: string;
}

@Injectable()
export class RegimeOperationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly audit: AuditRepository,
    private readonly connectors: ConnectorRuntimeService,
    private readonly queue: QueueService,
    private readonly regimes: RegimeRegistry,
  ) {}

  async run(call: OperationCall): Promise<OperationRun<SubmissionEntity>> {
    const now = call.now ?? Date.now();
    const ids = call.submissionId !== undefined ? [call.submissionId] : submissionIdsOf(call.body);
    await this.validateBeforeLookUp(call);
    const loaded = await this.load(ids);
    const { regime, operation } = this.operationOf(loaded, call);
    const requestClass: new () => object = operation.requestClass;
    const parsed = await parseOperationRequest(requestClass, call.body);
    if (!parsed.ok) throw invalid(parsed.errors);
    const prepared = await this.prepare(regime, operation, loaded);
    const request = parsed.value;
    const refused = operation.refusal?.(prepared.targets, request, now);
    if (refused) {
      throw new ConflictException({
        statusCode: 409,
        ...(refused.code ? { code: refused.code } : {}),
        message: refused.message,
      });
    }
    const settings = this.connectors.byId(prepared.instanceId)?.regimeSettings[regime] ?? {};
    const details = operation.details(prepared.targets, request);
    let done: OperationDone;
    try {
      const implementation = this.regimes.get(regime);
      if (!implementation?.operationProvider) {
        throw new ComplianceError('config', `${regime} declares operations but gives no provider for them`);
      }
      const provider = implementation.operationProvider(settings);
      done = await operation.run({ provider, targets: prepared.targets, request, settings, now });
    } catch (error) {
      await this.auditRefusal(prepared, call, details, error);
      throw error;
    }
    const stored: SubmissionEntity[] = [];
    for (const submission of prepared.submissions) {
      const update = done.updates.find((candidate) => candidate.submissionId === submission.id);
      stored.push(await this.record(regime, submission, update, operation, call, details));
    }
    return { operation: operation.name, submissions: stored, result: done.result ?? {} };
  }

  /**
   * A body no declared operation of that name takes is refused before any submission is looked up (a
   * consolidation of 1,001 bills is told "at most 1000", not "no submission ..." about one of them).
   * Where several regimes declare the name, the body is judged again by its regime's class once known.
   */
  private async validateBeforeLookUp(call: OperationCall): Promise<void> {
    const scope = call.submissionId !== undefined ? 'one' : 'many';
    const declared = this.regimes
      .descriptors()
      .flatMap((descriptor) => descriptor.operations ?? [])
      .filter((operation) => operation.name === call.operation && operation.targets === scope);
    if (declared.length === 0) return; // answered 404 with what is offered, once the regime is known
    let firstErrors: Awaited<ReturnType<typeof parseOperationRequest>> | undefined;
    for (const operation of declared) {
      const parsed = await parseOperationRequest(operation.requestClass, call.body);
      if (parsed.ok) return;
      firstErrors ??= parsed;
    }
    if (firstErrors && !firstErrors.ok) throw invalid(firstErrors.errors);
  }

  private async load(ids: string[]): Promise<SubmissionEntity[]> {
    const loaded: SubmissionEntity[] = [];
    for (const id of ids) {
      const submission = UUID.test(id) ? await this.submissions.findById(id) : null;
      if (!submission) throw new NotFoundException(`no submission ${id}`);
      loaded.push(submission);
    }
    return loaded;
  }

  private operationOf(
    loaded: SubmissionEntity[],
    call: OperationCall,
  ): { regime: string; operation: AnyRegimeOperation } {
    const regimes = new Set(loaded.map((submission) => submission.regime));
    if (regimes.size > 1) {
      throw new ConflictException({
        statusCode: 409,
        message: `an operation takes submissions of one regime; these are ${[...regimes].join(', ')}`,
      });
    }
    const regime = loaded[0].regime;
    const offered = this.regimes.descriptor(regime)?.operations ?? [];
    const operation = offered.find((candidate) => candidate.name === call.operation);
    const scope = call.submissionId !== undefined ? 'one' : 'many';
    if (!operation || operation.targets !== scope) {
      const names = offered
        .filter((candidate) => candidate.targets === scope)
        .map((candidate) => candidate.name);
      const where =
        scope === 'one' ? 'POST /submissions/:id/operations/:name' : 'POST /submissions/operations/:name';
      throw new NotFoundException({
        statusCode: 404,
        message: `${regime} offers no operation "${call.operation}" at ${where} (offered: ${names.join(', ') || 'none'})`,
      });
    }
    return { regime, operation };
  }

  private async prepare(
    regime: string,
    operation: AnyRegimeOperation,
    submissions: SubmissionEntity[],
  ): Promise<Prepared> {
    for (const submission of submissions) {
      if (!ACTIVE_REGISTRATION_STATES.includes(submission.state)) {
        throw new ConflictException({
          statusCode: 409,
          message: `${operation.name} needs an active registration; submission ${submission.id} is ${submission.state}`,
        });
      }
    }
    const documents = await this.documents.findByIds([...new Set(submissions.map((s) => s.documentId))]);
    const instanceOf = new Map(documents.map((document) => [document.id, document.connectorInstanceId]));
    const instances = new Set(submissions.map((submission) => instanceOf.get(submission.documentId) ?? ''));
    if (instances.size > 1) {
      throw new ConflictException({
        statusCode: 409,
        message: `${operation.name} takes submissions of one connector instance only`,
      });
    }
    const targets = submissions.map((submission) => ({
      submissionId: submission.id,
      documentId: submission.documentId,
      connectorInstanceId: instanceOf.get(submission.documentId) ?? '',
      state: submission.state,
      identifiers: submission.identifiers,
    }));
    return { regime, operation, submissions, targets, instanceId: [...instances][0] };
  }

  private async auditRefusal(
    prepared: Prepared,
    call: OperationCall,
    details: Record<string, unknown>,
    error: unknown,
  ): Promise<void> {
    const failure =
      error instanceof ComplianceError
        ? { errorClass: error.errorClass, code: error.options.code ?? null, message: error.message }
        : { errorClass: null, code: null, message: error instanceof Error ? error.message : String(error) };
    for (const submission of prepared.submissions) {
      await this.audit.append({
        actor: call.actor,
        action: `${prepared.operation.auditAction}-refused`,
        documentId: submission.documentId,
        submissionId: submission.id,
        fromState: submission.state,
        toState: submission.state,
        reason: call.reason,
        details: { ...details, ...failure },
      });
    }
  }

  /** Stores what changed on one submission and audits it, in one transaction; queues its write-back. */
  private async record(
    regime: string,
    submission: SubmissionEntity,
    update: OperationUpdate | undefined,
    operation: AnyRegimeOperation,
    call: OperationCall,
    details: Record<string, unknown>,
  ): Promise<SubmissionEntity> {
    let patch: SubmissionPatch = {};
    if (update?.identifiers) {
      const identifiers = { ...submission.identifiers, ...update.identifiers };
      patch = {
        identifiers,
        ...identifierColumnsPatch(this.regimes.projectIdentifiers(regime, identifiers)),
      };
    }
    const changesErp = update?.identifiers !== undefined;
    const target = changesErp && submission.state !== S.Registered ? S.WritebackPending : submission.state;
    const moved = await this.dataSource.transaction(async (manager) => {
      const row = await this.submissions.transition(
        submission.id,
        [submission.state],
        target,
        patch,
        manager,
      );
      if (!row) return null;
      await this.audit.append(
        {
          actor: call.actor,
          action: operation.auditAction,
          reason: call.reason,
          details: { ...details, ...(update?.details ?? {}) },
          documentId: submission.documentId,
          submissionId: submission.id,
          fromState: submission.state,
          toState: target,
        },
        manager,
      );
      return row;
    });
    if (!moved) {
      throw new ConflictException({
        statusCode: 409,
        message: `submission ${submission.id} changed state meanwhile (the authority accepted the ${operation.name}); read it again`,
      });
    }
    if (changesErp && target !== S.Registered) {
      await this.queue.send(
        JobName.SubmissionWriteBack,
        { submissionId: submission.id },
        { key: submission.id },
      );
    }
    return moved;
  }
}

/** The `submissionIds` of an operation over several submissions, read before its regime is known. */
function submissionIdsOf(body: unknown): string[] {
  const ids = (body as { submissionIds?: unknown } | null)?.submissionIds;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
    throw invalid([
      {
        path: 'submissionIds',
        rule: 'arrayMinSize',
        message: 'submissionIds must list the submissions the operation takes',
        value: ids === undefined ? undefined : JSON.stringify(ids).slice(0, 200),
      },
    ]);
  }
  const notUuid = ids.findIndex((id) => !UUID.test(id));
  if (notUuid >= 0) {
    throw invalid([
      {
        path: `submissionIds[${notUuid}]`,
        rule: 'isUuid',
        message: 'each value in submissionIds must be a UUID',
        value: JSON.stringify(ids[notUuid]).slice(0, 200),
      },
    ]);
  }
  return [...new Set(ids)];
}

function invalid(errors: FieldError[]): BadRequestException {
  return new BadRequestException({ statusCode: 400, message: 'request validation failed', errors });
}
