/**
 * Runs the jobs regimes declare with a `run` (RegimeDescriptor.jobs), handing each a RegimeJobContext:
 * the regime's registered submissions with their instance's settings, page by page, and its own
 * operations run as the system (audited like an operator's, through RegimeOperationsService).
 */
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  type RegimeJob,
  type RegimePort,
  REGIME_JOB_CONTEXT,
  type RegimeJobContext,
  type RegimeJobContexts,
  type RegisteredSubmission,
} from '../compliance';
import { DocumentRepository, SubmissionRepository } from '../database/repositories';
import { ConnectorRuntimeService } from './connector-runtime.service';
import { ACTIVE_REGISTRATION_STATES, RegimeOperationsService } from './regime-operations.service';
import { SYSTEM_ACTOR } from './state-transitions.service';

const PAGE = 500;

@Injectable()
export class RegimeJobContextService implements RegimeJobContexts {
  constructor(
    private readonly submissions: SubmissionRepository,
    private readonly documents: DocumentRepository,
    private readonly connectors: ConnectorRuntimeService,
    private readonly operations: RegimeOperationsService,
    private readonly moduleRef: ModuleRef,
  ) {}

  /**
   * One pass of a declared job now, as an operator asks for it (`now` for a clock other than the
   * process's): its RegimeJobContext at `now`, its other ports as the scheduled run gets them.
   */
  run(regime: string, job: RegimeJob, now = Date.now()): Promise<unknown> {
    if (!job.run) throw new Error(`job ${job.name} of ${regime} declares no run`);
    const contexts: RegimeJobContexts = { context: (name, at = now) => this.context(name, at) };
    const log = new Logger(job.name);
    return job.run({
      get: <T>(port: RegimePort<T>): T =>
        port.token === REGIME_JOB_CONTEXT.token
          ? (contexts as T)
          : this.moduleRef.get<T>(port.token, { strict: false }),
      log: { log: (message) => log.log(message), warn: (message) => log.warn(message) },
    });
  }

  context(regime: string, now = Date.now()): RegimeJobContext {
    const logger = new Logger(`RegimeJob:${regime}`);
    return {
      now,
      registered: (filter = {}) => this.registered(regime, filter.connectorInstanceId),
      operate: (submissionId, operation, request, reason) =>
        this.operations.run({ operation, submissionId, body: request, actor: SYSTEM_ACTOR, reason, now }),
      log: (message, fields) => (fields ? logger.log({ msg: message, ...fields }) : logger.log(message)),
    };
  }

  private async *registered(
    regime: string,
    connectorInstanceId?: string,
  ): AsyncIterable<RegisteredSubmission> {
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.submissions.list({
        regime,
        states: [...ACTIVE_REGISTRATION_STATES],
        connectorInstanceId,
        limit: PAGE,
        offset,
      });
      const documents = await this.documents.findByIds([...new Set(page.items.map((s) => s.documentId))]);
      const instanceOf = new Map(documents.map((document) => [document.id, document.connectorInstanceId]));
      for (const submission of page.items) {
        const instanceId = instanceOf.get(submission.documentId) ?? '';
        yield {
          submissionId: submission.id,
          documentId: submission.documentId,
          connectorInstanceId: instanceId,
          state: submission.state,
          identifiers: submission.identifiers,
          settings: this.connectors.byId(instanceId)?.regimeSettings[regime] ?? {},
        };
      }
      if (page.items.length < PAGE) break;
    }
  }
}
