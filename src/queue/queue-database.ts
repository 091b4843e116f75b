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
    // A query after close (pg-boss completing a fetch its stopped worker still held) is dropped: it never
    // settles. Refused, it would be a rejection pg-boss's worker loop leaves unhandled (the process would
    // end); answered with made-up rows, pg-boss would read them as jobs or counts. The job it would have
    // completed stays active until this process's worker lease lapses; another worker then runs it again,
    // which every handler allows.
    if (this.closing) return new Promise<never>(() => undefined);
    const query = this.pool.query(text, values);
    const settled: Promise<unknown> = query.then(
      () => this.pending.delete(settled),
      () => this.pending.delete(settled),
    );
    this.pending.add(settled);
    return query;
  }

  /** Accepts no new queries (they never settle), lets the accepted ones finish, then ends the pool. */
  close(): Promise<void> {
    this.closing ??= this.drainAndEnd();
    return this.closing;
  }

  private async drainAndEnd(): Promise<void> {
    await Promise.all([...this.pending]);
    await this.pool.end();
  }
}
