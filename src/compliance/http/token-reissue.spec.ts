import { TokenManager } from './token-manager';
import { InMemoryTokenStore, type StoredToken } from './token-store';

describe('TokenManager renewing ahead of expiry against a provider that reissues a valid token', () => {
  /** NIC's way: while a token is valid, authenticating again hands back that same token. */
  function reissuingProvider(now: () => number, lifetimeMs: number) {
    let current: StoredToken | undefined;
    const provider = {
      authentications: 0,
      fetch: (): Promise<StoredToken> => {
        provider.authentications += 1;
        if (!current || current.expiresAtMs <= now()) {
          current = { token: `t${provider.authentications}`, expiresAtMs: now() + lifetimeMs };
        }
        return Promise.resolve({ ...current });
      },
    };
    return provider;
  }

  it('asks once in the margin, then keeps the same token until it expires', async () => {
    let now = 0;
    const provider = reissuingProvider(() => now, 60_000);
    const store = new InMemoryTokenStore();
    const options = { refreshAheadMs: 5_000, recheckMs: 0, now: () => now };
    const a = new TokenManager(store, 'k', provider.fetch, options);
    const b = new TokenManager(store, 'k', provider.fetch, options);
    expect((await a.current()).token).toBe('t1');

    now = 56_000;
    const inMargin = await Promise.all([a.current(), b.current(), a.current(), b.current()]);
    expect(inMargin.map((t) => t.token)).toEqual(['t1', 't1', 't1', 't1']);
    now = 59_000;
    await Promise.all([a.current(), b.current()]);
    expect(provider.authentications).toBe(2);

    now = 60_000;
    expect((await b.current()).token).toBe('t3');
    expect((await a.current()).token).toBe('t3');
    expect(provider.authentications).toBe(3);
  });

  it('still renews ahead of expiry when the provider issues a new token', async () => {
    let now = 0;
    let issued = 0;
    const manager = new TokenManager(
      new InMemoryTokenStore(),
      'k',
      () => Promise.resolve({ token: `t${++issued}`, expiresAtMs: now + 60_000 }),
      { refreshAheadMs: 5_000, recheckMs: 0, now: () => now },
    );
    expect((await manager.current()).token).toBe('t1');
    now = 56_000;
    expect((await manager.current()).token).toBe('t2');
    expect((await manager.current()).reissued).toBeUndefined();
  });
});
