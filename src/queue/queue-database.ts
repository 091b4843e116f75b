/**
 * The queue's connection pool, owned here rather than by pg-boss. pg-boss ends its own pool on stop
 * while worker fetches may still be waiting for a connection, and pg's pool never answers a request
 * queued when it ends: those fetches hang, their workers never finish stopping, and pg-boss's loop
 * waiting for them keeps the process alive. This pool ends only once every query it accepted has settled.
 */
import { Pool } from 'pg';
import type PgBossTypes from 'pg-boss';

export class QueueDatabase implements PgBossTypes.Db {
  private readonly pool: Pool;
  private readonly pending = new Set<Promise<unknown>>();
  private closing?: Promise<void>;

  constructor(connectionString: string, max: number, onError: (error: Error) => void) {
    this.pool = new Pool({ connectionString, max, application_name: 'pgboss' });
    this.pool.on('error', onError);
  }

  // pg-boss's own interface: rows as `any[]`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }> {
    if (this.closing) return Promise.reject(new Error('the queue database is closed'));
    const query = this.pool.query(text, values);
    const settled: Promise<unknown> = query.then(
      () => this.pending.delete(settled),
      () => this.pending.delete(settled),
    );
    this.pending.add(settled);
    return query;
  }

  /** Refuses new queries, lets the accepted ones finish, then ends the pool. */
  close(): Promise<void> {
    this.closing ??= this.drainAndEnd();
    return this.closing;
  }

  private async drainAndEnd(): Promise<void> {
    await Promise.all([...this.pending]);
    await this.pool.end();
  }
}
