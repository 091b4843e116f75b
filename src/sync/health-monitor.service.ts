/**
 * Checks in the background, on a schedule and each within a time bound, what /health reports: the
 * database (one `SELECT 1`, on its own short period) and every enabled connector's check() (which may call
 * the ERP). Callers of /health read the last results from memory, with their age: a hung or streaming ERP,
 * or a flood of anonymous health probes, never makes a request wait or reach the ERP, and a hung ERP check
 * never delays the database's.
 */
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { statfs } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config';
import { monotonicNow } from '../domain';
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
  private databaseTimer?: NodeJS.Timeout;
  private running = false;
  private databaseResult?: CheckResult;
  /**
   * When the database check now running started, and when the last one finished (monotonicNow: a jump of the
   * wall clock neither ages the last answer by an hour nor hides a check hanging for one).
   */
  private databaseCheckSince?: number;
  private databaseCheckedAt?: number;
  private readonly connectorResults = new Map<string, CheckResult>();
  private diskResult?: CheckResult;

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly connectors: ConnectorRuntimeService,
  ) {}

  /** The database is checked before the service listens (readiness is known from the first request). */
  async onApplicationBootstrap(): Promise<void> {
    await this.recordDatabaseCheck();
    void this.checkAll();
    this.timer = setInterval(() => void this.checkAll(), this.config.schedule.healthCheckEverySeconds * 1000);
    this.timer.unref();
    this.databaseTimer = setInterval(
      () => void this.refreshDatabase(),
      this.config.schedule.databaseCheckEverySeconds * 1000,
    );
    this.databaseTimer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.databaseTimer) clearInterval(this.databaseTimer);
  }

  /** One database check, unless one is still running. */
  private async refreshDatabase(): Promise<void> {
    if (this.databaseCheckSince !== undefined) return;
    this.databaseCheckSince = monotonicNow();
    try {
      await this.recordDatabaseCheck();
    } finally {
      this.databaseCheckSince = undefined;
    }
  }

  private async recordDatabaseCheck(): Promise<void> {
    this.databaseResult = await this.checkDatabase();
    this.databaseCheckedAt = monotonicNow();
  }

  /** The last database check; undefined before the first finished. */
  database(): CheckResult | undefined {
    return this.databaseResult;
  }

  /**
   * Whether the last database check is up and recent enough to trust (three periods), and no check has
   * been waiting for an answer longer than the time bound (a paused database answers nothing, not "down").
   */
  databaseReady(now = monotonicNow()): boolean {
    const last = this.databaseResult;
    const checkedAt = this.databaseCheckedAt;
    if (!last || last.status !== 'up' || checkedAt === undefined) return false;
    const { databaseCheckEverySeconds, healthCheckTimeoutSeconds } = this.config.schedule;
    const since = this.databaseCheckSince;
    if (since !== undefined && now - since > healthCheckTimeoutSeconds * 1000) return false;
    return now - checkedAt <= (3 * databaseCheckEverySeconds + healthCheckTimeoutSeconds) * 1000;
  }

  /** The data folder's disk: free space against schedule.minFreeDiskMb (not yet checked: undefined). */
  disk(): CheckResult | undefined {
    return this.diskResult;
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
        this.checkDisk(),
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

  private async checkDisk(): Promise<void> {
    const dir = this.config.server.dataDir;
    const minimumMb = this.config.schedule.minFreeDiskMb;
    const result = await this.timed(async () => {
      const stats = await statfs(dir);
      const freeMb = Math.floor((stats.bavail * stats.bsize) / 1_048_576);
      const text = `${freeMb} MB free on the data folder's disk (${dir}); at least ${minimumMb} MB kept`;
      if (freeMb < minimumMb) throw new Error(`${text}: writes will fail (disk full)`);
      return text;
    });
    if (result.status === 'down' && this.diskResult?.status !== 'down') this.log.warn(result.message);
    if (result.status === 'up' && this.diskResult?.status === 'down') this.log.log(`disk: ${result.message}`);
    this.diskResult = result;
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
