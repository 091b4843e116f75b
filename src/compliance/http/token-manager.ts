/**
 * Hands out a provider token: the stored one while it has more than `refreshAheadMs` left, otherwise a
 * fresh one fetched under the store's refresh lock (re-checking the store first, since another process
 * may have refreshed while we waited).
 */
import { ComplianceError } from '../regime';
import type { StoredToken, TokenStore } from './token-store';

export interface TokenManagerOptions {
  /** Refresh this long before expiry; default 5 minutes. */
  refreshAheadMs?: number;
  /**
   * Reuse the token last read from the store for this long before reading it again; default 10 s.
   * Reading the shared store on every call cost a query per IRN; a token another process replaced in
   * the meantime is still valid, and one the provider refused is renewed through the store at once.
   */
  recheckMs?: number;
  now?: () => number;
}

export class TokenManager {
  private readonly refreshAheadMs: number;
  private readonly now: () => number;
  private readonly recheckMs: number;
  private remembered?: { token: StoredToken; readAtMs: number };
  fetches = 0;

  constructor(
    private readonly store: TokenStore,
    readonly key: string,
    private readonly fetchToken: () => Promise<StoredToken>,
    options: TokenManagerOptions = {},
  ) {
    this.refreshAheadMs = options.refreshAheadMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
    this.recheckMs = options.recheckMs ?? 10_000;
  }

  async current(): Promise<StoredToken> {
    const remembered = this.remembered;
    if (remembered && this.now() - remembered.readAtMs < this.recheckMs && this.fresh(remembered.token)) {
      return remembered.token;
    }
    const stored = await this.store.get(this.key);
    if (stored && this.fresh(stored)) return this.remember(stored);
    return this.remember(
      await this.store.withRefreshLock(this.key, async () => {
        const again = await this.store.get(this.key);
        if (again && this.fresh(again)) return again;
        return this.fetchAndStore(again);
      }),
    );
  }

  /** The provider refused `rejected`: get another one (unless someone already did). */
  async renew(rejected: string): Promise<StoredToken> {
    this.remembered = undefined;
    await this.store.invalidate(this.key, rejected);
    return this.remember(
      await this.store.withRefreshLock(this.key, async () => {
        const again = await this.store.get(this.key);
        if (again && again.token !== rejected && this.fresh(again)) return again;
        return this.fetchAndStore();
      }),
    );
  }

  private remember(token: StoredToken): StoredToken {
    this.remembered = { token, readAtMs: this.now() };
    return token;
  }

  private fresh(token: StoredToken): boolean {
    const margin = token.reissued ? 0 : this.refreshAheadMs;
    return token.expiresAtMs - margin > this.now();
  }

  /** `due` is the stored token being renewed ahead of its expiry, if any. */
  private async fetchAndStore(due?: StoredToken): Promise<StoredToken> {
    this.fetches += 1;
    const fetched = await this.fetchToken();
    const reissued = due !== undefined && fetched.token === due.token && !this.fresh(fetched);
    const token = reissued ? { ...fetched, reissued } : fetched;
    await this.store.put(this.key, token);
    return token;
  }
}

/**
 * Calls with the current token; when the provider says the token is bad, renews it once and calls
 * again; a second refusal is an `auth` error (fail loudly, do not loop).
 */
export async function callWithReauth<T>(
  tokens: TokenManager,
  call: (token: StoredToken) => Promise<T>,
  isAuthFailure: (result: T) => boolean,
): Promise<T> {
  const token = await tokens.current();
  const first = await call(token);
  if (!isAuthFailure(first)) return first;
  const second = await call(await tokens.renew(token.token));
  if (!isAuthFailure(second)) return second;
  throw new ComplianceError('auth', 'provider rejected a freshly issued token', { response: second });
}
