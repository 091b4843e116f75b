/**
 * Provider access tokens in `gsp_session`, shared by every process: sealed with the master key at rest,
 * refreshed by one process at a time (a transaction-scoped advisory lock per key). Implements the
 * TokenStore port (ports/).
 */
import { InjectDataSource } from '@nestjs/typeorm';
import { Injectable } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { SecretBox } from '../../security';
import type { StoredToken, TokenStore } from '../../ports';

@Injectable()
export class GspSessionRepository implements TokenStore {
  private readonly localLocks = new Map<string, Promise<void>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async get(key: string): Promise<StoredToken | undefined> {
    const rows: { token: string | null }[] = await this.dataSource.query(
      `SELECT token FROM gsp_session WHERE key = $1 AND expires_at > now()`,
      [key],
    );
    const sealed = rows[0]?.token;
    if (!sealed) return undefined;
    return JSON.parse(this.box.open(sealed, key)) as StoredToken;
  }

  async put(key: string, token: StoredToken): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO gsp_session (key, token, expires_at, refreshed_at, updated_at) VALUES ($1, $2, $3, now(), now())
       ON CONFLICT (key) DO UPDATE SET token = EXCLUDED.token, expires_at = EXCLUDED.expires_at,
         refreshed_at = now(), updated_at = now()`,
      [key, this.box.seal(JSON.stringify(token), key), new Date(token.expiresAtMs)],
    );
  }

  async invalidate(key: string, token: string): Promise<void> {
    const current = await this.get(key);
    if (current?.token !== token) return;
    await this.dataSource.query(`UPDATE gsp_session SET token = NULL, expires_at = NULL WHERE key = $1`, [
      key,
    ]);
  }

  /**
   * Callers in this process queue on an in-memory chain first, so at most one pooled connection per key
   * waits on the database lock; otherwise waiters could hold every connection while the refresher needs
   * one more to store the token (pool exhaustion). The advisory lock then orders processes.
   */
  withRefreshLock<T>(key: string, refresh: () => Promise<T>): Promise<T> {
    const previous = this.localLocks.get(key) ?? Promise.resolve();
    const run = previous.then(
      () => this.withDatabaseLock(key, refresh),
      () => this.withDatabaseLock(key, refresh),
    );
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.localLocks.set(key, tail);
    void tail.then(() => {
      if (this.localLocks.get(key) === tail) this.localLocks.delete(key);
    });
    return run;
  }

  private withDatabaseLock<T>(key: string, refresh: () => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`gsp_session:${key}`]);
      return refresh();
    });
  }
}
