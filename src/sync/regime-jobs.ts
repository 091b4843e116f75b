/**
 * The jobs regimes declare (RegimeDescriptor.jobs), run by sync/: one mechanism for all. A job's `run` is
 * the regime's own logic, handed a RegimeJobPorts that resolves each port it declared to the
 * implementation bound to the port's token (database/ repositories, sync/ adapters, the regime's own
 * services). A declared job whose port nothing implements, or that is no queue, is a boot error, not a
 * job that silently never runs.
 */
import { Injectable, Logger, type Provider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  type RegimeDescriptor,
  type RegimeJob,
  type RegimeJobPorts,
  type RegimePort,
  RegimeRegistry,
  SUBMISSION_PIPELINE,
  REGIME_JOB_CONTEXT,
} from '../compliance';
import { JobName, regimeQueue, type RegimeQueue } from '../queue';
import { RegimeJobContextService } from './regime-job-context.service';
import { SubmissionPipelineAdapter } from './submission-pipeline.adapter';

/**
 * The ports sync/ implements for every regime: the submission pipeline, and a regime's registered
 * submissions with its operations run as the system (RegimeJobContext).
 */
export const PIPELINE_PORT_PROVIDERS: Provider[] = [
  SubmissionPipelineAdapter,
  { provide: SUBMISSION_PIPELINE.token, useExisting: SubmissionPipelineAdapter },
  { provide: REGIME_JOB_CONTEXT.token, useExisting: RegimeJobContextService },
];

/** Every job the registered regimes declare, once each. */
export function declaredJobs(descriptors: readonly RegimeDescriptor[]): RegimeJob[] {
  const byName = new Map<string, RegimeJob>();
  for (const job of descriptors.flatMap((descriptor) => descriptor.jobs ?? [])) byName.set(job.name, job);
  return [...byName.values()];
}

/** A declared job whose name is a pipeline queue's would share its queue: refused at boot. */
export function regimeJobProblems(descriptors: readonly RegimeDescriptor[]): string[] {
  const pipeline = new Set<string>(Object.values(JobName));
  return descriptors.flatMap((descriptor) =>
    (descriptor.jobs ?? [])
      .filter((job) => pipeline.has(job.name))
      .map(
        (job) => `regime ${descriptor.name} declares job ${job.name}, which is the name of a pipeline queue`,
      ),
  );
}

/** The queues of the declared jobs, one per job name (QueueService creates them at start). */
export function regimeQueues(descriptors: readonly RegimeDescriptor[]): RegimeQueue[] {
  return declaredJobs(descriptors).map((job) => regimeQueue(job.name));
}

/** The ports declared jobs ask for that no provider of the build binds (`provided`: the providers' tokens). */
export function unboundPortProblems(
  descriptors: readonly RegimeDescriptor[],
  providers: readonly Provider[],
): string[] {
  const provided = new Set(
    providers.map((provider) => ('provide' in provider ? provider.provide : provider)),
  );
  return declaredJobs(descriptors).flatMap((job) =>
    (job.ports ?? [])
      .filter((port) => !provided.has(port.token))
      .map(
        (port) => `regime job ${job.name} declares port ${port.name}, which nothing in this build implements`,
      ),
  );
}

/** How often the job is enqueued: the operator's `schedule.<scheduleSetting>`, else the regime's default. */
export function jobInterval(job: RegimeJob, schedule: object): number {
  const set = job.scheduleSetting ? (schedule as Record<string, unknown>)[job.scheduleSetting] : undefined;
  return typeof set === 'number' ? set : job.everySeconds;
}

/** Runs the registered regimes' declared jobs: one pass each time a worker takes one off its queue. */
@Injectable()
export class RegimeJobs {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly regimes: RegimeRegistry,
  ) {}

  declared(): RegimeJob[] {
    return declaredJobs(this.regimes.descriptors());
  }

  /**
   * One pass of the job; its result (the regime's own report of the pass). `bound`: implementations to
   * use instead of the process's for some ports (an operator's run at another instant).
   */
  run<R>(job: RegimeJob<R>, bound?: ReadonlyMap<symbol, unknown>): Promise<R>;
  run(job: RegimeJob, bound: ReadonlyMap<symbol, unknown> = new Map()): Promise<unknown> {
    return job.run(this.portsFor(job, bound));
  }

  /** The ports a job runs with; its log is named after the job. */
  private portsFor(job: RegimeJob, bound: ReadonlyMap<symbol, unknown>): RegimeJobPorts {
    const log = new Logger(job.name);
    return {
      get: <T>(port: RegimePort<T>): T =>
        bound.has(port.token) ? (bound.get(port.token) as T) : this.implementationOf(port),
      log: { log: (message) => log.log(message), warn: (message) => log.warn(message) },
    };
  }

  private implementationOf<T>(port: RegimePort<T>): T {
    return this.moduleRef.get<T>(port.token, { strict: false });
  }
}
