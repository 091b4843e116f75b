/**
 * Ticks only enqueue: one pull job per enabled connector instance and one sweep job. Every instance of
 * the service may tick; the job keys (stately queues) make simultaneous ticks create one job.
 */
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../config/app-config';
import { isFileDropSource } from '../connectors/contract';
import { JobName } from '../queue/job-name';
import { QueueService } from '../queue/queue.service';
import { ConnectorRuntimeService } from './connector-runtime.service';
import { REJECTED_IRNS_EVERY_SECONDS } from './einvoice/rejected-irns.job';

@Injectable()
export class SchedulerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Scheduler');
  private readonly unwatch: (() => void)[] = [];

  constructor(
    private readonly config: AppConfig,
    private readonly connectors: ConnectorRuntimeService,
    private readonly queue: QueueService,
    private readonly registry: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.server.roles.includes('scheduler')) return;
    const every = (name: string, seconds: number, tick: () => Promise<unknown>): void => {
      const handle = setInterval(() => {
        tick().catch((error: unknown) => this.logger.warn(`${name} tick failed: ${String(error)}`));
      }, seconds * 1000);
      this.registry.addInterval(name, handle);
    };
    every('pull', this.config.schedule.pullEverySeconds, () => this.tickPull());
    every('sweep', this.config.schedule.sweepEverySeconds, () => this.tickSweep());
    every('zatca-report', this.config.schedule.zatcaReportEverySeconds, () => this.tickZatcaReport());
    every('einvoice-rejected-irns', REJECTED_IRNS_EVERY_SECONDS, () => this.tickRejectedIrns());
    void this.tickPull().catch(() => undefined);
    this.watchInboxes();
  }

  /** File-drop sources (the CSV inbox) get a pull enqueued as soon as a file lands. */
  private watchInboxes(): void {
    for (const live of this.connectors.list()) {
      const { connector } = live;
      if (!live.enabled || !isFileDropSource(connector)) continue;
      this.unwatch.push(
        connector.watch(() => {
          this.queue
            .send(JobName.ConnectorPull, { instance: live.name }, { key: live.name })
            .catch((error: unknown) => this.logger.warn(`pull after new file failed: ${String(error)}`));
        }),
      );
    }
  }

  /** Enqueues one pull per enabled instance; returns how many new jobs were created. */
  async tickPull(): Promise<number> {
    let created = 0;
    for (const live of this.connectors.list()) {
      if (!live.enabled) continue;
      if (await this.queue.send(JobName.ConnectorPull, { instance: live.name }, { key: live.name }))
        created += 1;
    }
    return created;
  }

  async tickSweep(): Promise<number> {
    return (await this.queue.send(JobName.PipelineSweep, {}, { key: 'sweep' })) ? 1 : 0;
  }

  async tickZatcaReport(): Promise<number> {
    return (await this.queue.send(JobName.ZatcaReport, {}, { key: 'zatca-report' })) ? 1 : 0;
  }

  async tickRejectedIrns(): Promise<number> {
    const key = JobName.EinvoiceRejectedIrns;
    return (await this.queue.send(JobName.EinvoiceRejectedIrns, {}, { key })) ? 1 : 0;
  }

  onModuleDestroy(): void {
    for (const stop of this.unwatch.splice(0)) stop();
    for (const name of this.registry.getIntervals()) this.registry.deleteInterval(name);
  }
}
