/**
 * pg-boss on the application's PostgreSQL (its own `pgboss` schema). Jobs are nudges: the durable state
 * is in our tables, and the sweep re-enqueues anything whose job was lost, so enqueueing after commit
 * is safe. Keys + the `stately` policy make a tick that fires on every instance create one job.
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, Optional } from '@nestjs/common';
import type PgBossTypes from 'pg-boss';
import { PgBoss } from './pg-boss';
import { QueueDatabase } from './queue-database';
import { withQueueSetupLock } from './queue-setup-lock';
import { startAfterOnDatabaseClock } from './start-after';
import { AppConfig } from '../config';
import { DATABASE_URL } from '../database';
import { JobName, type PayloadOf, type QueueName, REGIME_QUEUES, type RegimeQueue } from './job-name';
import { WorkerLease } from './worker-lease';

/** Seconds before a failed job's first retry (doubling after that): every queue is created with it. */
export const RETRY_DELAY_SECONDS = 1;

interface LocalWorkers {
  ids: string[];
  /** Round robin, so that a burst of jobs wakes different workers. */
  next: number;
}

/** A pg-boss worker (its id once registered) and the wrapper that wakes it after each handled fetch. */
interface RefetchingWorker {
  id?: string;
  ran(handled: Promise<void>): Promise<void>;
}

export interface JobContext {
  retryCount: number;
  retryLimit: number;
}

@Injectable()
export class QueueService implements OnModuleDestroy {
  private readonly logger = new Logger(QueueService.name);
  private boss?: PgBossTypes;
  private database?: QueueDatabase;
  /** Handlers running now: shutdown lets them finish before the queue's connections close. */
  private readonly inFlight = new Set<Promise<void>>();
  private starting?: Promise<PgBossTypes>;
  /** This process's pg-boss workers by queue, to wake when this process enqueues work for them. */
  private readonly localWorkers = new Map<QueueName, LocalWorkers>();
  /** This process's lease, once it works a queue. */
  private lease?: WorkerLease;
  /** The one shutdown, however many times it is asked for. */
  private stopping?: Promise<void>;

  /** The pipeline's queues and those of the jobs the registered regimes declare. */
  private readonly queueNames: readonly QueueName[];

  constructor(
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly config: AppConfig,
    @Optional() @Inject(REGIME_QUEUES) regimeQueues: readonly RegimeQueue[] | null = null,
  ) {
    this.queueNames = [...Object.values(JobName), ...(regimeQueues ?? [])];
  }

  async start(): Promise<PgBossTypes> {
    this.starting ??= this.doStart();
    return this.starting;
  }

  private async doStart(): Promise<PgBossTypes> {
    this.database = new QueueDatabase(this.databaseUrl, 4, (error) =>
      this.logger.error(`queue connection error: ${error.message}`),
    );
    const boss = new PgBoss({ db: this.database, schema: 'pgboss', schedule: false, supervise: true });
    boss.on('error', (error: Error) => this.logger.error(`queue error: ${error.message}`));
    await withQueueSetupLock(this.databaseUrl, async () => {
      await boss.start();
      for (const name of this.queueNames) {
        const existing = await boss.getQueue(name);
        if (!existing) {
          await boss.createQueue(name, {
            name,
            policy: 'stately',
            retryLimit: name === JobName.SubmissionWriteBack ? this.config.queue.writeBackRetries : 3,
            retryDelay: RETRY_DELAY_SECONDS,
            retryBackoff: true,
            expireInSeconds: 15 * 60,
          });
        }
      }
    });
    this.boss = boss;
    return boss;
  }

  /** `startAfterSeconds`: a delay, reckoned from the database's clock (see startAfterOnDatabaseClock). */
  async send<N extends QueueName>(
    name: N,
    data: PayloadOf<N>,
    options: { key: string; startAfterSeconds?: number },
  ): Promise<string | null> {
    const boss = await this.start();
    const startAfter = startAfterOnDatabaseClock(options.startAfterSeconds);
    const id = await boss.send(name, data, { singletonKey: options.key, startAfter });
    if (id && !startAfter) this.wake(boss, name, 1);
    return id;
  }

  /**
   * Many jobs of one queue in a single INSERT. pg-boss gives every row the queue's policy and skips
   * conflicts (ON CONFLICT DO NOTHING), so the `stately` key dedup is the same as send's.
   */
  async sendMany<N extends QueueName>(
    name: N,
    jobs: { data: PayloadOf<N>; key: string }[],
    options: { startAfterSeconds?: number; retryLimit?: number } = {},
  ): Promise<void> {
    if (jobs.length === 0) return;
    const boss = await this.start();
    const startAfter = startAfterOnDatabaseClock(options.startAfterSeconds);
    const { retryLimit } = options;
    await boss.insert(
      jobs.map((job) => ({ name, data: job.data, singletonKey: job.key, startAfter, retryLimit })),
    );
    if (!startAfter) this.wake(boss, name, jobs.length);
  }

  /**
   * Wakes up to `jobs` of this process's idle workers of `name` to fetch now rather than at their next
   * poll (pg-boss polls no faster than every 0.5 s, and has no notification of new jobs). Each hand-off
   * between stages (pull -> process -> write-back) otherwise waits for a poll; a worker that is busy is
   * unaffected, and the workers of other processes still find the jobs when they poll.
   */
  private wake(boss: PgBossTypes, name: QueueName, jobs: number): void {
    const workers = this.localWorkers.get(name);
    if (!workers) return;
    for (let i = 0; i < Math.min(jobs, workers.ids.length); i++) {
      boss.notifyWorker(workers.ids[workers.next]);
      workers.next = (workers.next + 1) % workers.ids.length;
    }
  }

  /**
   * A pg-boss worker sleeps out the rest of its polling interval after every fetch, also one that found
   * jobs: each fetcher then takes at most one fetch per interval while a backlog waits (4 fetchers of 25
   * submissions every 0.5 s cap a pipeline at 200 a second). Once the handler of a fetch that found
   * jobs has finished, its worker is woken to fetch again at once; only an empty fetch waits.
   */
  private fetchAgainAfter(boss: PgBossTypes): RefetchingWorker {
    const worker: RefetchingWorker = {
      ran: (handled) =>
        handled.finally(() => {
          if (worker.id) boss.notifyWorker(worker.id);
        }),
    };
    return worker;
  }

  /** The lease of this process, renewed from the first queue it works (see worker-lease.ts). */
  private workerLease(boss: PgBossTypes): WorkerLease {
    if (!this.lease) {
      this.lease = new WorkerLease({
        db: this.database!,
        leaseSeconds: this.config.queue.workerLeaseSeconds,
        failJobs: (name, ids) => boss.fail(name, ids),
        logger: this.logger,
      });
      this.lease.start();
    }
    return this.lease;
  }

  private registerWorker(name: QueueName, id: string): void {
    const workers = this.localWorkers.get(name);
    if (workers) workers.ids.push(id);
    else this.localWorkers.set(name, { ids: [id], next: 0 });
  }

  /**
   * Several fetchers per queue, each taking a small batch, and every job completed or failed on its own
   * as soon as it settles: one slow job never holds back the others fetched with it.
   */
  async work<N extends QueueName>(
    name: N,
    handler: (data: PayloadOf<N>, context: JobContext) => Promise<void>,
    options: { fetchers?: number } = {},
  ): Promise<void> {
    const boss = await this.start();
    const lease = this.workerLease(boss);
    const { batchSize, pollingIntervalSeconds } = this.config.queue;
    // Every fetcher polls on its own; a queue that sees a job a minute needs one, not `concurrency`.
    const concurrency = options.fetchers ?? this.config.queue.concurrency;
    const perFetch = Math.max(1, Math.ceil(batchSize / concurrency));
    const runOne = (job: PgBossTypes.JobWithMetadata<PayloadOf<N>>): Promise<void> => {
      lease.hold([job.id]);
      const running = this.runJob(boss, name, handler, job).finally(() => lease.release([job.id]));
      this.inFlight.add(running);
      return running.finally(() => this.inFlight.delete(running));
    };
    for (let i = 0; i < concurrency; i++) {
      const worker = this.fetchAgainAfter(boss);
      const id = await boss.work<PayloadOf<N>>(
        name,
        { batchSize: perFetch, pollingIntervalSeconds, includeMetadata: true },
        (jobs) => worker.ran(Promise.all(jobs.map(runOne)).then(() => undefined)),
      );
      worker.id = id;
      this.registerWorker(name, id);
    }
  }

  /**
   * Batch handlers: each fetcher hands its whole fetch to `handler`, which returns the error of each job
   * that failed (by position) and nothing for the rest. Succeeded jobs are completed in one statement;
   * a failed job is failed on its own (pg-boss retries it); a thrown error fails the whole fetch.
   */
  async workBatch<N extends QueueName>(
    name: N,
    handler: (jobs: { data: PayloadOf<N>; context: JobContext }[]) => Promise<readonly unknown[] | void>,
    options: { fetchers: number; batchSize: number },
  ): Promise<void> {
    const boss = await this.start();
    const lease = this.workerLease(boss);
    const runBatch = async (jobs: PgBossTypes.JobWithMetadata<PayloadOf<N>>[]): Promise<void> => {
      const ids = jobs.map((job) => job.id);
      lease.hold(ids);
      try {
        await this.runBatch(boss, name, handler, jobs);
      } finally {
        lease.release(ids);
      }
    };
    for (let i = 0; i < options.fetchers; i++) {
      const worker = this.fetchAgainAfter(boss);
      const id = await boss.work<PayloadOf<N>>(
        name,
        {
          batchSize: options.batchSize,
          pollingIntervalSeconds: this.config.queue.pollingIntervalSeconds,
          includeMetadata: true,
        },
        (jobs) => {
          const running = runBatch(jobs);
          this.inFlight.add(running);
          return worker.ran(running.finally(() => this.inFlight.delete(running)));
        },
      );
      worker.id = id;
      this.registerWorker(name, id);
    }
  }

  /** One fetch of a batch queue: the handler, then every job completed or failed. */
  private async runBatch<N extends QueueName>(
    boss: PgBossTypes,
    name: N,
    handler: (jobs: { data: PayloadOf<N>; context: JobContext }[]) => Promise<readonly unknown[] | void>,
    jobs: PgBossTypes.JobWithMetadata<PayloadOf<N>>[],
  ): Promise<void> {
    let errors: readonly unknown[] = [];
    try {
      errors =
        (await handler(
          jobs.map((job) => ({
            data: job.data,
            context: { retryCount: job.retryCount, retryLimit: job.retryLimit },
          })),
        )) ?? [];
    } catch (error) {
      errors = jobs.map(() => error);
    }
    const done = jobs.filter((_, i) => errors[i] === undefined).map((job) => job.id);
    if (done.length > 0) await boss.complete(name, done).catch(() => undefined);
    for (const [i, job] of jobs.entries()) {
      const error = errors[i];
      if (error === undefined) continue;
      const message = error instanceof Error ? error.message : JSON.stringify(error);
      this.logger.warn(`${name} job ${job.id} failed: ${message}`);
      await boss.fail(name, job.id, { message }).catch(() => undefined);
    }
  }

  private async runJob<N extends QueueName>(
    boss: PgBossTypes,
    name: N,
    handler: (data: PayloadOf<N>, context: JobContext) => Promise<void>,
    job: PgBossTypes.JobWithMetadata<PayloadOf<N>>,
  ): Promise<void> {
    try {
      await handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
      await boss.complete(name, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(`${name} job ${job.id} failed: ${message}`);
      await boss.fail(name, job.id, { message }).catch(() => undefined);
    }
  }

  /**
   * Fails jobs that have been `active` longer than `olderThanSeconds` (their worker died: pg-boss has no
   * heartbeat), so that the `stately` policy lets the same key run again. With `keys`, only those.
   */
  async failStale(name: JobName, olderThanSeconds: number, keys?: string[]): Promise<number> {
    const boss = await this.start();
    const { rows } = await boss.getDb().executeSql(
      `SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'
         AND started_on < now() - make_interval(secs => $2)
         AND ($3::text[] IS NULL OR singleton_key = ANY($3::text[]))`,
      [name, olderThanSeconds, keys ?? null],
    );
    const ids = (rows as { id: string }[]).map((row) => row.id);
    if (ids.length > 0) await boss.fail(name, ids);
    return ids.length;
  }

  /**
   * The submissions named by batch jobs that are waiting, or running on a live worker: the sweep leaves
   * them to those jobs (a job of their own would be a second worker moving the same rows). A job running
   * longer than the worker lease that no live lease holds is not counted: its worker died (see
   * worker-lease.ts), and the sweep need not wait for the lease to fail it.
   */
  async submissionsInQueuedBatches(): Promise<Set<string>> {
    const boss = await this.start();
    const { rows } = await boss.getDb().executeSql(
      `SELECT DISTINCT jsonb_array_elements_text(j.data->'submissionIds') AS id FROM pgboss.job j
        WHERE j.name = $1
          AND (j.state IN ('created', 'retry')
               OR (j.state = 'active'
                   AND (j.started_on >= now() - make_interval(secs => $2)
                        OR EXISTS (SELECT 1 FROM worker_lease w WHERE w.expires_at > now() AND j.id = ANY (w.job_ids)))))`,
      [JobName.SubmissionProcessBatch, this.config.queue.workerLeaseSeconds],
    );
    return new Set((rows as { id: string }[]).map((row) => row.id));
  }

  /** Jobs waiting or running, per queue (health and tests). */
  async queueSizes(): Promise<Record<string, number>> {
    const boss = await this.start();
    const sizes: Record<string, number> = {};
    for (const name of this.queueNames) sizes[name] = await boss.getQueueSize(name);
    return sizes;
  }

  get started(): boolean {
    return this.boss !== undefined;
  }

  /** Waits until no handler is running, including ones that start meanwhile, or until `deadline`. */
  private async drainInFlight(deadline: number): Promise<void> {
    await nextTurn();
    while (this.inFlight.size > 0 && Date.now() < deadline) {
      await settledWithin(Promise.allSettled([...this.inFlight]), deadline - Date.now());
      await nextTurn();
    }
  }

  /**
   * Graceful: stop fetching, let running handlers finish (bounded; also any a fetch under way still starts,
   * before and after pg-boss stops, so that no completion is issued after close), stop pg-boss, close its pool
   * once the fetches still queued for a connection are answered. Its workers wind down on a one-second
   * loop after that; waiting it out keeps nothing of the queue alive past shutdown.
   */
  onModuleDestroy(): Promise<void> {
    if (this.stopping) this.logger.warn('queue shutdown asked for again while it runs: joining the first');
    this.stopping ??= this.stop();
    return this.stopping;
  }

  private async stop(): Promise<void> {
    if (!this.starting) return;
    this.logger.log(`stopping the queue (${this.inFlight.size} job handler(s) running)`);
    const boss = await this.starting.catch(() => undefined);
    if (boss) {
      this.localWorkers.clear();
      for (const name of this.queueNames) await boss.offWork(name).catch(() => undefined);
      const deadline = Date.now() + SHUTDOWN_GRACE_MS;
      await this.drainInFlight(deadline);
      await boss.stop({ graceful: true, timeout: 5000, wait: true });
      // A fetch under way when the workers were stopped still hands its jobs to a handler.
      await this.drainInFlight(deadline);
    }
    await this.lease?.stop();
    await this.database?.close();
    if (boss) await sleep(1200);
  }
}

const SHUTDOWN_GRACE_MS = 30_000;

/** Settles of a handler's promise, pg-boss completes its fetch a few microtasks later: let it. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits for `work`, at most `ms`; the deadline's timer is cleared either way so it cannot hold the process. */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let deadline: NodeJS.Timeout | undefined;
  try {
    await Promise.race([work, new Promise<void>((resolve) => (deadline = setTimeout(resolve, ms)))]);
  } finally {
    clearTimeout(deadline);
  }
}
