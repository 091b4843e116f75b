/**
 * Where provider access tokens live, shared by every process of the connector. A refresh is done by one
 * holder of the key's lock at a time; others wait and then read what it stored. The in-memory store
 * serves one process and tests; a Postgres `gsp_session` store implements the same interface (the port,
 * TokenStore, is in ports/ so that database/ knows it without knowing compliance/).
 */
import type { StoredToken, TokenStore } from '../../ports';

export type { StoredToken, TokenStore };

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
