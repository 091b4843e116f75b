/**
 * A lease per worker process, kept in PostgreSQL, so that the jobs of a process that died are recovered
 * within the lease rather than when pg-boss expires them (it has no heartbeat: a job stays `active` under
 * a killed worker for its whole expiry, 15 minutes here, and under the `stately` policy it blocks every
 * new job for the same key meanwhile).
 *
 * Every third of the lease, each worker process renews its row in `worker_lease` with the ids of the jobs
 * it holds, and fails the orphans: jobs `active` for longer than the lease that no live lease holds. A
 * job fetched since the last renewal is younger than the lease, so it is never taken for an orphan; a
 * process that dies stops renewing, and its jobs are failed (pg-boss retries them) one lease later, by
 * the live worker process with the lowest id. It is done in the renewal, not in a job, so no job (the
 * sweep's included: a dead process often holds it) has to survive for recovery to happen.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type PgBossTypes from 'pg-boss';

export interface WorkerLeaseOptions {
  db: PgBossTypes.Db;
  leaseSeconds: number;
  /** Fails jobs by queue, the way pg-boss fails them (retry while retries are left). */
  failJobs(name: string, ids: string[]): Promise<void>;
  logger: { warn(message: string): void };
}

/** Rows of processes gone this long are deleted (kept a while for whoever investigates a crash). */
const FORGET_AFTER = '1 day';

export class WorkerLease {
  readonly id = randomUUID();
  /** Jobs handed to this process's handlers and not yet completed or failed. */
  private readonly held = new Set<string>();
  private timer?: NodeJS.Timeout;
  private beating?: Promise<void>;

  constructor(private readonly options: WorkerLeaseOptions) {}

  hold(ids: readonly string[]): void {
    for (const id of ids) this.held.add(id);
  }

  release(ids: readonly string[]): void {
    for (const id of ids) this.held.delete(id);
  }

  /**
   * Renews now and every third of the lease, until `stop`. Not awaited: a fetched job is younger than the
   * lease, so registering workers need not wait for the database (which may be busy, or locked).
   */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.beatOnce(), (this.options.leaseSeconds * 1000) / 3);
    // The lease never keeps a closing process alive.
    this.timer.unref();
    void this.beatOnce();
  }

  /** One renewal and orphan check; one at a time (a slow database must not pile them up). */
  beatOnce(): Promise<void> {
    this.beating ??= this.beat()
      .catch((error: unknown) =>
        this.options.logger.warn(`worker lease renewal failed: ${(error as Error).message}`),
      )
      .finally(() => (this.beating = undefined));
    return this.beating;
  }

  private async beat(): Promise<void> {
    const { db, leaseSeconds } = this.options;
    await db.executeSql(
      `INSERT INTO worker_lease (worker_id, host, pid, job_ids, expires_at)
       VALUES ($1, $2, $3, $4::uuid[], now() + make_interval(secs => $5))
       ON CONFLICT (worker_id) DO UPDATE SET job_ids = EXCLUDED.job_ids, expires_at = EXCLUDED.expires_at`,
      [this.id, hostname(), process.pid, [...this.held], leaseSeconds],
    );
    await this.failOrphans();
    await db.executeSql(`DELETE FROM worker_lease WHERE expires_at < now() - interval '${FORGET_AFTER}'`, []);
  }

  /**
   * Fails the jobs active longer than the lease that no live lease holds; returns how many. Only the live
   * process with the lowest id does it, so that two processes do not fail the same orphan twice (the
   * second time after a live worker may have fetched its retry).
   */
  async failOrphans(): Promise<number> {
    const { db, leaseSeconds } = this.options;
    const { rows } = await db.executeSql(
      `SELECT j.name, array_agg(j.id::text) AS ids
         FROM pgboss.job j
        WHERE j.state = 'active' AND j.started_on < now() - make_interval(secs => $1)
          AND NOT EXISTS (
            SELECT 1 FROM worker_lease w WHERE w.expires_at > now() AND j.id = ANY (w.job_ids))
          AND $2 = (SELECT min(worker_id::text) FROM worker_lease WHERE expires_at > now())
        GROUP BY j.name`,
      [leaseSeconds, this.id],
    );
    let failed = 0;
    for (const { name, ids } of rows as { name: string; ids: string[] }[]) {
      await this.options.failJobs(name, ids);
      failed += ids.length;
      this.options.logger.warn(
        `${name}: failed ${ids.length} job(s) held by a worker process whose lease expired (retried)`,
      );
    }
    return failed;
  }

  /** Stops renewing and gives the lease up (the process has finished its jobs). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
    await this.options.db
      .executeSql(`DELETE FROM worker_lease WHERE worker_id = $1`, [this.id])
      .catch(() => undefined);
  }
}
