/**
 * Ticks only enqueue: one pull job per enabled connector instance and one sweep job. Every instance of
 * the service may tick; the job keys (stately queues) make simultaneous ticks create one job.
 */
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../config';
import { isFileDropSource } from '../connectors';
import { JobName, QueueService, regimeQueue } from '../queue';
import { ConnectorRuntimeService } from './connector-runtime.service';
import { RegimeRegistry } from '../compliance';
import { declaredJobs, jobInterval } from './regime-jobs';

@Injectable()
export class SchedulerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Scheduler');
  private readonly unwatch: (() => void)[] = [];

  constructor(
    private readonly config: AppConfig,
    private readonly connectors: ConnectorRuntimeService,
    private readonly queue: QueueService,
    private readonly registry: SchedulerRegistry,
    private readonly regimes: RegimeRegistry,
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
    // The jobs the registered regimes declare (ZATCA reporting...), one key each.
    for (const job of declaredJobs(this.regimes.descriptors())) {
      every(job.name, jobInterval(job, this.config.schedule), () => this.tickRegimeJob(job.name));
    }
    void this.tickPull().catch(() => undefined);
    // A process started again after a crash picks up what the dead one left as soon as its leases lapse,
    // not one sweep interval later.
    void this.tickSweep().catch(() => undefined);
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

  /** Enqueues one run of a job a regime declares (its own queue, created at start). */
  async tickRegimeJob(name: string): Promise<number> {
    return (await this.queue.send(regimeQueue(name), {}, { key: name })) ? 1 : 0;
  }

  onModuleDestroy(): void {
    for (const stop of this.unwatch.splice(0)) stop();
    for (const name of this.registry.getIntervals()) this.registry.deleteInterval(name);
  }
}
