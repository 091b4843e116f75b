/**
 * Prometheus metrics, read from the database at scrape time so every instance reports the same shared
 * state (documents, submissions, authority errors, job queue) whichever instance is scraped, plus this
 * process's own Node.js metrics. Its own registry, so two apps in one process never clash.
 */
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { providerCallRegistry } from './provider-calls';

const PREFIX = 'connector_';
/** Submission states an operator or the pipeline still has to act on. */
const PENDING_STATES = ['RECEIVED', 'READY', 'SUBMITTING', 'RETRY', 'WRITEBACK_PENDING'];

@Injectable()
export class MetricsService {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    const query = (sql: string, parameters?: unknown[]) => this.rows(sql, parameters);
    new Gauge({
      name: `${PREFIX}documents`,
      help: 'Documents held, by direction',
      labelNames: ['direction'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await query(`SELECT direction, count(*)::int AS n FROM document GROUP BY 1`))
          this.set({ direction: String(row.direction) }, Number(row.n));
      },
    });
    new Gauge({
      name: `${PREFIX}submissions`,
      help: 'Submissions by regime and state',
      labelNames: ['regime', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await query(
          `SELECT regime, state, count(*)::int AS n FROM submission GROUP BY 1, 2`,
        ))
          this.set({ regime: String(row.regime), state: String(row.state) }, Number(row.n));
      },
    });
    new Gauge({
      name: `${PREFIX}submission_errors`,
      help: 'Submissions in a failure state, by regime, error class and authority error code',
      labelNames: ['regime', 'error_class', 'error_code'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await query(
          `SELECT regime, coalesce(error_class, '') AS error_class, coalesce(error_code, '') AS error_code,
                  count(*)::int AS n
             FROM submission WHERE state IN ('REJECTED', 'MAPPING_FAILED', 'WRITEBACK_FAILED') GROUP BY 1, 2, 3`,
        ))
          this.set(
            {
              regime: String(row.regime),
              error_class: String(row.error_class),
              error_code: String(row.error_code),
            },
            Number(row.n),
          );
      },
    });
    new Gauge({
      name: `${PREFIX}writeback_failures`,
      help: 'Submissions whose outcome could not be written back to the ERP (WRITEBACK_FAILED), by connector and error class',
      labelNames: ['connector', 'error_class'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await query(
          `SELECT c.name AS connector, coalesce(s.error_class, '') AS error_class, count(*)::int AS n
             FROM submission s JOIN document d ON d.id = s.document_id
             JOIN connector_instance c ON c.id = d.connector_instance_id
            WHERE s.state = 'WRITEBACK_FAILED' GROUP BY 1, 2`,
        ))
          this.set({ connector: String(row.connector), error_class: String(row.error_class) }, Number(row.n));
      },
    });
    new Gauge({
      name: `${PREFIX}reconciliation_matches`,
      help: 'GSTR-2B reconciliation verdicts by GSTIN, return period, category and operator decision (none = still open)',
      labelNames: ['gstin', 'period', 'category', 'decision'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await query(
          `SELECT gstin, period, category, coalesce(decision, 'none') AS decision, count(*)::int AS n
             FROM reco_match GROUP BY 1, 2, 3, 4`,
        ))
          this.set(
            {
              gstin: String(row.gstin),
              period: String(row.period),
              category: String(row.category),
              decision: String(row.decision),
            },
            Number(row.n),
          );
      },
    });
    new Gauge({
      name: `${PREFIX}oldest_pending_submission_age_seconds`,
      help: 'Age of the oldest submission still in flight (RECEIVED, READY, SUBMITTING, RETRY, WRITEBACK_PENDING)',
      registers: [this.registry],
      async collect() {
        const [row] = await query(
          `SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS age
             FROM submission WHERE state = ANY($1)`,
          [PENDING_STATES],
        );
        this.set(Number(row?.age ?? 0));
      },
    });
    new Gauge({
      name: `${PREFIX}queue_jobs`,
      help: 'Jobs in the pg-boss queue, by job name and state',
      labelNames: ['name', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await query(
          `SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job GROUP BY 1, 2`,
        ))
          this.set({ name: String(row.name), state: String(row.state) }, Number(row.n));
      },
    });
    new Gauge({
      name: `${PREFIX}queue_oldest_waiting_job_age_seconds`,
      help: 'Age of the oldest job waiting to start (created or retry, due now), by job name',
      labelNames: ['name'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await query(
          `SELECT name, extract(epoch FROM now() - min(created_on))::float AS age FROM pgboss.job
            WHERE state IN ('created', 'retry') AND start_after <= now() GROUP BY 1`,
        ))
          this.set({ name: String(row.name) }, Number(row.age));
      },
    });
  }

  async text(): Promise<string> {
    return Registry.merge([this.registry, providerCallRegistry]).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** A query for one metric; the queue schema may not exist yet on an API-only instance. */
  private async rows(sql: string, parameters: unknown[] = []): Promise<Record<string, unknown>[]> {
    try {
      return await this.dataSource.query(sql, parameters);
    } catch (error) {
      this.logger.warn(`metrics query failed: ${(error as Error).message}`);
      return [];
    }
  }
}
