/**
 * Per-instance state a connector keeps between runs and across processes: a session (SAP Business One's
 * Service Layer `B1SESSION` cookie) or a refresh token (Zoho Books rotates its OAuth tokens). The host
 * gives each instance its own store; values are sealed at rest by the host's repository (the connector
 * never sees a key) and each write replaces the value whole.
 */

export interface StoredState<T> {
  value: T;
  /** Incremented by every write; a write that expected another version is refused. */
  version: number;
  expiresAt?: Date;
}

export interface StateWrite<T> {
  value: T;
  /** After it the value reads as absent (a session's lifetime). */
  expiresAt?: Date;
}

export interface ConnectorStateStore {
  /** The value under `key`, or undefined when there is none or it has expired. */
  get<T>(key: string): Promise<StoredState<T> | undefined>;
  /** Writes `value` whatever is there. */
  put<T>(key: string, write: StateWrite<T>): Promise<StoredState<T>>;
  /**
   * Read-modify-write, one process at a time per key: `change` sees the current value and returns the
   * next one. For a rotating refresh token: two processes refreshing at once would each spend the same
   * token and one would be left holding an invalid one; here the second sees the first's new token.
   */
  update<T>(
    key: string,
    change: (current: StoredState<T> | undefined) => Promise<StateWrite<T>>,
  ): Promise<StoredState<T>>;
  delete(key: string): Promise<void>;
}

/** For a connector's unit tests and for running without a database: the same rules, in memory. */
export class InMemoryConnectorStateStore implements ConnectorStateStore {
  private readonly entries = new Map<string, { json: string; version: number; expiresAt?: Date }>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(private readonly now: () => number = Date.now) {}

  get<T>(key: string): Promise<StoredState<T> | undefined> {
    const entry = this.entries.get(key);
    if (!entry || (entry.expiresAt && entry.expiresAt.getTime() <= this.now()))
      return Promise.resolve(undefined);
    return Promise.resolve({
      value: JSON.parse(entry.json) as T,
      version: entry.version,
      expiresAt: entry.expiresAt,
    });
  }

  put<T>(key: string, write: StateWrite<T>): Promise<StoredState<T>> {
    const version = (this.entries.get(key)?.version ?? 0) + 1;
    // Kept as JSON, as the database keeps it: what comes back is a copy, never the caller's object.
    this.entries.set(key, { json: JSON.stringify(write.value), version, expiresAt: write.expiresAt });
    return this.get<T>(key).then((stored) => stored ?? { ...write, version });
  }

  update<T>(
    key: string,
    change: (current: StoredState<T> | undefined) => Promise<StateWrite<T>>,
  ): Promise<StoredState<T>> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const turn = previous
      .catch(() => undefined)
      .then(async () => this.put(key, await change(await this.get<T>(key))));
    this.locks.set(key, turn);
    return turn;
  }

  delete(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }
}
