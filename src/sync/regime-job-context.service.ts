/**
 * Runs the jobs regimes declare with a `run` (RegimeDescriptor.jobs), handing each a RegimeJobContext:
 * the regime's registered submissions with their instance's settings, page by page, and its own
 * operations run as the system (audited like an operator's, through RegimeOperationsService).
 */
import { Injectable, Logger } from '@nestjs/common';
import {
  REGIME_JOB_CONTEXT,
  type RegimeJobContext,
  type RegimeJobContexts,
  type RegimeSettings,
  type RegisteredSubmission,
} from '../compliance';
import { SubmissionRepository } from '../database/repositories';
import { ConnectorRuntimeService } from './connector-runtime.service';
import { ACTIVE_REGISTRATION_STATES, RegimeOperationsService } from './regime-operations.service';
import { SYSTEM_ACTOR } from './state-transitions.service';

const PAGE = 500;

@Injectable()
export class RegimeJobContextService implements RegimeJobContexts {
  constructor(
    private readonly submissions: SubmissionRepository,
    private readonly connectors: ConnectorRuntimeService,
    private readonly operations: RegimeOperationsService,
  ) {}

  /**
   * This port bound at `now`, for `RegimeJobs.run(job, bound)`: a job run now as an operator asks for
   * it, or at another instant (a test's clock).
   */
  boundAt(now: number): ReadonlyMap<symbol, unknown> {
    const contexts: RegimeJobContexts = { context: (name, at = now) => this.context(name, at) };
    return new Map([[REGIME_JOB_CONTEXT.token, contexts]]);
  }

  context<S extends object = RegimeSettings>(regime: string, now = Date.now()): RegimeJobContext<S> {
    const logger = new Logger(`RegimeJob:${regime}`);
    return {
      now,
      registered: (filter = {}) => this.registered<S>(regime, filter.connectorInstanceId),
      operate: (submissionId, operation, request, reason) =>
        this.operations.run({ operation, submissionId, body: request, actor: SYSTEM_ACTOR, reason, now }),
      log: (message, fields) => (fields ? logger.log({ msg: message, ...fields }) : logger.log(message)),
    };
  }

  /** By id, page after page: each registration once, even while other work changes them (pageById). */
  private async *registered<S extends object>(
    regime: string,
    connectorInstanceId?: string,
  ): AsyncIterable<RegisteredSubmission<S>> {
    const filter = { regime, states: [...ACTIVE_REGISTRATION_STATES], connectorInstanceId };
    for (let after: string | undefined; ;) {
      const page = await this.submissions.pageById(filter, after, PAGE);
      for (const { submission, connectorInstanceId: instanceId } of page) {
        yield {
          submissionId: submission.id,
          documentId: submission.documentId,
          connectorInstanceId: instanceId,
          state: submission.state,
          identifiers: submission.identifiers,
          // Validated at boot against the regime's settings class; opaque here.
          settings: (this.connectors.byId(instanceId)?.regimeSettings[regime] ?? {}) as S,
        };
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1].submission.id;
    }
  }
}
