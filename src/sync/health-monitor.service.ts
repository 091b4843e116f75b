/**
 * Checks in the background, on a schedule and each within a time bound, what /health reports: the
 * database (one `SELECT 1`) and every enabled connector's check() (which may call the ERP). Callers of
 * /health read the last results from memory, with their age: a hung or streaming ERP, or a flood of
 * anonymous health probes, never makes a request wait or reach the ERP.
 */
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config';
import { ConnectorRuntimeService } from './connector-runtime.service';

export interface CheckResult {
  status: 'up' | 'down';
  message?: string;
  /** When the check finished (ISO 8601). */
  checkedAt: string;
  durationMs: number;
}

@Injectable()
export class HealthMonitor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Health');
  private timer?: NodeJS.Timeout;
  private running = false;
  private databaseResult?: CheckResult;
  private readonly connectorResults = new Map<string, CheckResult>();

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly connectors: ConnectorRuntimeService,
  ) {}

  /** The database is checked before the service listens (readiness is known from the first request). */
  async onApplicationBootstrap(): Promise<void> {
    this.databaseResult = await this.checkDatabase();
    void this.checkAll();
    this.timer = setInterval(() => void this.checkAll(), this.config.schedule.healthCheckEverySeconds * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The last database check; undefined before the first finished. */
  database(): CheckResult | undefined {
    return this.databaseResult;
  }

  /** Whether the last database check is up and recent enough to trust (three periods). */
  databaseReady(now = Date.now()): boolean {
    const last = this.databaseResult;
    if (!last || last.status !== 'up') return false;
    return now - Date.parse(last.checkedAt) <= 3 * this.config.schedule.healthCheckEverySeconds * 1000;
  }

  /** Each connector's last check, by instance name (not yet checked: absent). */
  connectorChecks(): Map<string, CheckResult> {
    return new Map(this.connectorResults);
  }

  /** One round of checks; a round still running when the next is due is not doubled. */
  async checkAll(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await Promise.all([
        this.checkDatabase().then((result) => {
          this.databaseResult = result;
        }),
        ...this.connectors.list().map(async (live) => {
          if (!live.enabled) {
            this.connectorResults.set(live.name, {
              ...this.stamp(Date.now()),
              status: 'up',
              message: 'disabled',
            });
            return;
          }
          const result = await this.timed(async () => {
            const checked = await live.connector.check();
            if (!checked.ok) throw new Error(checked.message ?? 'check failed');
            return checked.message;
          });
          this.connectorResults.set(live.name, result);
        }),
      ]);
    } catch (error) {
      this.log.warn(`health round failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.running = false;
    }
  }

  private checkDatabase(): Promise<CheckResult> {
    return this.timed(() => this.dataSource.query('SELECT 1'));
  }

  private async timed(check: () => Promise<unknown>): Promise<CheckResult> {
    const started = Date.now();
    const limitMs = this.config.schedule.healthCheckTimeoutSeconds * 1000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${limitMs / 1000} s`)), limitMs);
    });
    try {
      const value = await Promise.race([check(), timeout]);
      return {
        ...this.stamp(started),
        status: 'up',
        ...(typeof value === 'string' ? { message: value } : {}),
      };
    } catch (error) {
      return {
        ...this.stamp(started),
        status: 'down',
        message: error instanceof Error ? error.message : String(error),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  private stamp(started: number): Pick<CheckResult, 'checkedAt' | 'durationMs'> {
    const now = Date.now();
    return { checkedAt: new Date(now).toISOString(), durationMs: now - started };
  }
}
