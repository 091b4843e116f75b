/**
 * Prometheus metrics, read from the database at scrape time so every instance reports the same shared
 * state (documents, submissions, authority errors, job queue) whichever instance is scraped, plus this
 * process's own Node.js metrics. Its own registry, so two apps in one process never clash.
 */
import { Injectable, Logger } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { MetricsRepository } from '../database/repositories';
import { providerCallRegistry } from './provider-calls';
import { SHARED_PROVIDER_THROTTLE } from '../compliance/http';

const PREFIX = 'connector_';

@Injectable()
export class MetricsService {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();

  constructor(counts: MetricsRepository) {
    collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    const read = <T>(rows: () => Promise<T[]>) => this.read(rows);
    new Gauge({
      name: `${PREFIX}documents`,
      help: 'Documents held, by direction',
      labelNames: ['direction'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await read(() => counts.documentsByDirection()))
          this.set({ direction: row.direction }, row.n);
      },
    });
    new Gauge({
      name: `${PREFIX}submissions`,
      help: 'Submissions by regime and state',
      labelNames: ['regime', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await read(() => counts.submissionsByRegimeAndState()))
          this.set({ regime: row.regime, state: row.state }, row.n);
      },
    });
    new Gauge({
      name: `${PREFIX}submission_errors`,
      help: 'Submissions in a failure state, by regime, error class and authority error code',
      labelNames: ['regime', 'error_class', 'error_code'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await read(() => counts.submissionErrors()))
          this.set({ regime: row.regime, error_class: row.errorClass, error_code: row.errorCode }, row.n);
      },
    });
    new Gauge({
      name: `${PREFIX}writeback_failures`,
      help: 'Submissions whose outcome could not be written back to the ERP (WRITEBACK_FAILED), by connector and error class',
      labelNames: ['connector', 'error_class'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await read(() => counts.writebackFailures()))
          this.set({ connector: row.connector, error_class: row.errorClass }, row.n);
      },
    });
    new Gauge({
      name: `${PREFIX}reconciliation_matches`,
      help: 'GSTR-2B reconciliation verdicts by GSTIN, return period, category and operator decision (none = still open)',
      labelNames: ['gstin', 'period', 'category', 'decision'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await read(() => counts.reconciliationMatches()))
          this.set(
            { gstin: row.gstin, period: row.period, category: row.category, decision: row.decision },
            row.n,
          );
      },
    });
    new Gauge({
      name: `${PREFIX}oldest_pending_submission_age_seconds`,
      help: 'Age of the oldest submission still in flight (RECEIVED, READY, SUBMITTING, RETRY, WRITEBACK_PENDING)',
      registers: [this.registry],
      async collect() {
        const [age] = await read(async () => [await counts.oldestPendingSubmissionAgeSeconds()]);
        this.set(age ?? 0);
      },
    });
    new Gauge({
      name: `${PREFIX}provider_throttled_seconds`,
      help: 'Seconds until a provider this process holds back after a 429 (Retry-After) may be sent to again; 0 or absent: not held',
      labelNames: ['provider'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [provider, seconds] of SHARED_PROVIDER_THROTTLE.secondsByProvider())
          this.set({ provider }, seconds);
      },
    });
    new Gauge({
      name: `${PREFIX}queue_jobs`,
      help: 'Jobs in the pg-boss queue, by job name and state',
      labelNames: ['name', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await read(() => counts.queueJobs()))
          this.set({ name: row.name, state: row.state }, row.n);
      },
    });
    new Gauge({
      name: `${PREFIX}queue_oldest_waiting_job_age_seconds`,
      help: 'Age of the oldest job waiting to start (created or retry, due now), by job name',
      labelNames: ['name'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await read(() => counts.queueOldestWaitingJobAge()))
          this.set({ name: row.name }, row.ageSeconds);
      },
    });
  }

  async text(): Promise<string> {
    return Registry.merge([this.registry, providerCallRegistry]).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** One metric's rows; a failed read (the queue schema may not exist yet on an API-only instance) is none. */
  private async read<T>(rows: () => Promise<T[]>): Promise<T[]> {
    try {
      return await rows();
    } catch (error) {
      this.logger.warn(`metrics query failed: ${(error as Error).message}`);
      return [];
    }
  }
}
