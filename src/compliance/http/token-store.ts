/**
 * Where provider access tokens live, shared by every process of the connector. A refresh is done by one
 * holder of the key's lock at a time; others wait and then read what it stored. The in-memory store
 * serves one process and tests; a Postgres `gsp_session` store implements the same interface.
 */
export interface StoredToken {
  token: string;
  /** Epoch milliseconds at which the provider stops accepting the token. */
  expiresAtMs: number;
  /** Provider extras that go with the token (e.g. NIC's Sek); never logged. */
  extra?: Record<string, string>;
  /**
   * The provider answered a renewal ahead of expiry with this same token (NIC hands out the valid token
   * until it expires): kept to its expiry, since asking again sooner would only authenticate again.
   */
  reissued?: boolean;
}

export interface TokenStore {
  get(key: string): Promise<StoredToken | undefined>;
  put(key: string, token: StoredToken): Promise<void>;
  /** Forget the key's token, but only if it is still `token` (another process may have replaced it). */
  invalidate(key: string, token: string): Promise<void>;
  /** Runs `refresh` while holding the key's refresh lock (one refresher per key across processes). */
  withRefreshLock<T>(key: string, refresh: () => Promise<T>): Promise<T>;
}

/** The store key of a provider credential: provider + whatever identifies the credential (client id, GSTIN). */
export function tokenKey(provider: string, ...credential: string[]): string {
  return [provider, ...credential].join(':');
}

export class InMemoryTokenStore implements TokenStore {
  private readonly tokens = new Map<string, StoredToken>();
  private readonly locks = new Map<string, Promise<unknown>>();

  get(key: string): Promise<StoredToken | undefined> {
    return Promise.resolve(this.tokens.get(key));
  }

  put(key: string, token: StoredToken): Promise<void> {
    this.tokens.set(key, token);
    return Promise.resolve();
  }

  invalidate(key: string, token: string): Promise<void> {
    if (this.tokens.get(key)?.token === token) this.tokens.delete(key);
    return Promise.resolve();
  }

  withRefreshLock<T>(key: string, refresh: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous.then(refresh, refresh);
    const tail = run.catch(() => undefined);
    this.locks.set(key, tail);
    void tail.then(() => {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    });
    return run;
  }
}
