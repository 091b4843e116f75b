/**
 * Connector instances' state in `connector_state`, shared by every process: sealed with the master key at
 * rest (context: instance and key, so a value copied to another row does not open), resealed with a fresh
 * nonce and a new version on every write. `update` holds a transaction-scoped advisory lock per instance
 * and key, so one process at a time reads, refreshes and stores a rotating token.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ConnectorStateStore, StateWrite, StoredState } from '../../connectors/kit';
import { SecretBox } from '../../security';

interface StateRow {
  value_sealed: string;
  version: number;
  expires_at: Date | null;
}

@Injectable()
export class ConnectorStateRepository {
  private readonly localLocks = new Map<string, Promise<unknown>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  /** The store a connector instance is given (ConnectorContext.state). */
  forInstance(instance: string): ConnectorStateStore {
    return {
      get: (key) => this.read(this.dataSource.manager, instance, key),
      put: (key, write) => this.write(this.dataSource.manager, instance, key, write),
      update: (key, change) => this.update(instance, key, change),
      delete: async (key) => {
        await this.dataSource.query(`DELETE FROM connector_state WHERE instance = $1 AND key = $2`, [
          instance,
          key,
        ]);
      },
    };
  }

  private async read<T>(
    m: EntityManager,
    instance: string,
    key: string,
  ): Promise<StoredState<T> | undefined> {
    const rows: StateRow[] = await m.query(
      `SELECT value_sealed, version, expires_at FROM connector_state
        WHERE instance = $1 AND key = $2 AND (expires_at IS NULL OR expires_at > now())`,
      [instance, key],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      value: JSON.parse(this.box.open(row.value_sealed, sealContext(instance, key))) as T,
      version: row.version,
      expiresAt: row.expires_at ?? undefined,
    };
  }

  private async write<T>(
    m: EntityManager,
    instance: string,
    key: string,
    write: StateWrite<T>,
  ): Promise<StoredState<T>> {
    const sealed = this.box.seal(JSON.stringify(write.value), sealContext(instance, key));
    const rows: { version: number }[] = await m.query(
      `INSERT INTO connector_state (instance, key, value_sealed, version, expires_at, updated_at)
       VALUES ($1, $2, $3, 1, $4, now())
       ON CONFLICT (instance, key) DO UPDATE SET value_sealed = EXCLUDED.value_sealed,
         version = connector_state.version + 1, expires_at = EXCLUDED.expires_at, updated_at = now()
       RETURNING version`,
      [instance, key, sealed, write.expiresAt ?? null],
    );
    return { value: write.value, version: rows[0].version, expiresAt: write.expiresAt };
  }

  /**
   * Callers in this process queue per key first, so at most one pooled connection per key waits on the
   * database lock (waiters holding every connection would starve the one that writes).
   */
  private update<T>(
    instance: string,
    key: string,
    change: (current: StoredState<T> | undefined) => Promise<StateWrite<T>>,
  ): Promise<StoredState<T>> {
    const lockKey = sealContext(instance, key);
    const previous = this.localLocks.get(lockKey) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(() =>
        this.dataSource.transaction(async (m) => {
          await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [lockKey]);
          const next = await change(await this.read<T>(m, instance, key));
          return this.write(m, instance, key, next);
        }),
      );
    this.localLocks.set(lockKey, run);
    void run
      .catch(() => undefined)
      .then(() => {
        if (this.localLocks.get(lockKey) === run) this.localLocks.delete(lockKey);
      });
    return run;
  }
}

function sealContext(instance: string, key: string): string {
  return `connector_state:${instance}:${key}`;
}
