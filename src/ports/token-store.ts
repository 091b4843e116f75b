/**
 * Where provider access tokens live, shared by every process of the connector. A refresh is done by one
 * holder of the key's lock at a time; others wait and then read what it stored. compliance/ keeps an
 * in-memory store (one process, tests); database/ the Postgres `gsp_session` one.
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
