/**
 * The jobs regimes declare (RegimeDescriptor.jobs), run by sync/: a job with its own `run` through
 * RegimeJobContextService; any other declared job name has a runner here, a Nest service whose `run()`
 * does one pass. A regime declaring a job this build cannot run is a
 * boot error, not a job that silently never runs.
 */
import type { Type } from '@nestjs/common';
import type { RegimeDescriptor, RegimeJob } from '../compliance/regime-descriptor';
import { EINVOICE_REJECTED_IRNS_JOB } from '../compliance/einvoice/einvoice.descriptor';
import { ZATCA_REPORT_JOB } from '../compliance/ksa/zatca.descriptor';
import { JobName } from '../queue/job-name';
import { RejectedIrnsService } from './einvoice/rejected-irns.service';
import { ZatcaReportingService } from './zatca-reporting.service';

export interface RegimeJobRunner {
  run(): Promise<unknown>;
}

/** Job name -> the service that runs it. */
export const REGIME_JOB_RUNNERS: Readonly<Record<string, Type<RegimeJobRunner>>> = {
  [ZATCA_REPORT_JOB]: ZatcaReportingService,
  [EINVOICE_REJECTED_IRNS_JOB]: RejectedIrnsService,
};

/** Every job the registered regimes declare, once each. */
export function declaredJobs(descriptors: readonly RegimeDescriptor[]): RegimeJob[] {
  const byName = new Map<string, RegimeJob>();
  for (const job of descriptors.flatMap((descriptor) => descriptor.jobs ?? [])) byName.set(job.name, job);
  return [...byName.values()];
}

export function regimeJobProblems(descriptors: readonly RegimeDescriptor[]): string[] {
  const queues = new Set<string>(Object.values(JobName));
  return descriptors.flatMap((descriptor) =>
    (descriptor.jobs ?? []).flatMap((job) => {
      if (!job.run && !REGIME_JOB_RUNNERS[job.name])
        return [
          `regime ${descriptor.name} declares job ${job.name}, which has no runner in sync/regime-jobs.ts`,
        ];
      if (!queues.has(job.name))
        return [
          `regime ${descriptor.name} declares job ${job.name}, which is not a queue (queue/job-name.ts)`,
        ];
      return [];
    }),
  );
}

/** How often the job is enqueued: the operator's `schedule.<scheduleSetting>`, else the regime's default. */
export function jobInterval(job: RegimeJob, schedule: object): number {
  const set = job.scheduleSetting ? (schedule as Record<string, unknown>)[job.scheduleSetting] : undefined;
  return typeof set === 'number' ? set : job.everySeconds;
}
