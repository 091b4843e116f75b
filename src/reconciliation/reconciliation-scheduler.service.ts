/**
 * The monthly reconciliation on a schedule. Ticks (role `scheduler`) only enqueue: for each configured
 * GSTIN, once GSTR-2B of the previous month is due (the generation day) and no run of that period has
 * completed, one `reconciliation-run` job keyed GSTIN:period (stately queue: one job however many
 * instances tick). Workers (role `worker`) run it; a failed run is recorded (reco_run failed, with its
 * error) and the job retried by the queue with backoff, then again at the next tick. Ticks also refresh
 * the gateway sessions ahead of expiry, so they stay alive without the user.
 */
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config';
import { ReconciliationRepository } from '../database/repositories';
import { JobName, QueueService } from '../queue';
import { ReconciliationService } from './reconciliation.service';
import { isGstr2bDue, previousPeriod } from './return-period';
import { ReturnGatewaysService } from './return-gateways.service';

/** A run still `running` after this long lost its process. */
const STALE_RUN_SECONDS = 30 * 60;

@Injectable()
export class ReconciliationSchedulerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ReconciliationScheduler');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly config: AppConfig,
    private readonly queue: QueueService,
    private readonly repository: ReconciliationRepository,
    private readonly reconciliation: ReconciliationService,
    private readonly gateways: ReturnGatewaysService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const settings = this.config.reconciliation;
    if (!settings.enabled || settings.gstins.length === 0) return;
    const roles = this.config.server.roles;
    if (roles.includes('worker')) {
      await this.queue.work(JobName.ReconciliationRun, (job) => this.runJob(job), { fetchers: 1 });
    }
    if (roles.includes('scheduler')) {
      this.timer = setInterval(() => {
        this.tick().catch((error: unknown) =>
          this.logger.warn(`reconciliation tick failed: ${String(error)}`),
        );
      }, settings.checkEverySeconds * 1000);
      void this.tick().catch(() => undefined);
    }
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Enqueues the periods due; returns the GSTIN:period keys of the jobs created. */
  async tick(now: Date = new Date()): Promise<string[]> {
    const settings = this.config.reconciliation;
    await this.repository.failStaleRuns(STALE_RUN_SECONDS);
    const created: string[] = [];
    for (const { gstin } of settings.gstins) {
      await this.refreshSession(gstin);
      const period = previousPeriod(now);
      if (!isGstr2bDue(period, now, settings.generationDay)) continue;
      if (await this.repository.completedRun(gstin, period)) continue;
      const key = `${gstin}:${period}`;
      if (await this.queue.send(JobName.ReconciliationRun, { gstin, period, trigger: 'schedule' }, { key })) {
        created.push(key);
      }
    }
    return created;
  }

  private async refreshSession(gstin: string): Promise<void> {
    try {
      await this.gateways
        .client(gstin)
        .session.refreshIfDue(this.config.reconciliation.refreshAheadMinutes * 60_000);
    } catch (error) {
      this.logger.warn(`return gateway session of ${gstin} not refreshed: ${String(error)}`);
    }
  }

  private async runJob(job: { gstin: string; period: string; trigger: string }): Promise<void> {
    // A job queued by another tick while the period's run was in progress has nothing left to do.
    if (await this.repository.completedRun(job.gstin, job.period)) return;
    const outcome = await this.reconciliation.run(job.gstin, job.period, job.trigger);
    if (outcome.skipped) this.logger.log(outcome.skipped);
  }
}
