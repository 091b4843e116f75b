import { callWithReauth, TokenManager } from './token-manager';
import { InMemoryTokenStore } from './token-store';

describe('TokenManager', () => {
  it('lets one refresher fetch while concurrent callers wait and reuse its token', async () => {
    let now = 0;
    let issued = 0;
    const fetch = async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      issued += 1;
      return { token: `t${issued}`, expiresAtMs: now + 60_000 };
    };
    const store = new InMemoryTokenStore();
    const a = new TokenManager(store, 'k', fetch, { refreshAheadMs: 5_000, now: () => now });
    const b = new TokenManager(store, 'k', fetch, { refreshAheadMs: 5_000, now: () => now });
    const tokens = await Promise.all([a.current(), b.current(), a.current()]);
    expect(tokens.map((t) => t.token)).toEqual(['t1', 't1', 't1']);
    now = 56_000;
    expect((await b.current()).token).toBe('t2');
  });

  it('reads the shared store at most once per recheck interval, and again at once after a renewal', async () => {
    let now = 0;
    let reads = 0;
    const store = new InMemoryTokenStore();
    const get = store.get.bind(store);
    store.get = (key: string) => {
      reads += 1;
      return get(key);
    };
    let issued = 0;
    const manager = new TokenManager(
      store,
      'k',
      () => Promise.resolve({ token: `t${++issued}`, expiresAtMs: now + 600_000 }),
      { recheckMs: 10_000, now: () => now },
    );
    expect((await manager.current()).token).toBe('t1');
    const afterFirst = reads;
    for (let i = 0; i < 5; i++) await manager.current();
    expect(reads).toBe(afterFirst);
    // Another process replaced the token in the store: seen once the interval has passed.
    await store.put('k', { token: 'other', expiresAtMs: now + 600_000 });
    now = 10_000;
    expect((await manager.current()).token).toBe('other');
    expect((await manager.renew('other')).token).toBe('t2');
    expect((await manager.current()).token).toBe('t2');
  });

  it('renews once on an auth failure and then gives up with an auth error', async () => {
    let issued = 0;
    const manager = new TokenManager(new InMemoryTokenStore(), 'k', () =>
      Promise.resolve({ token: `t${++issued}`, expiresAtMs: Date.now() + 60_000 }),
    );
    const seen: string[] = [];
    const result = await callWithReauth(
      manager,
      (t) => Promise.resolve(seen.push(t.token) && t.token),
      (token) => token === 't1',
    );
    expect(result).toBe('t2');
    expect(seen).toEqual(['t1', 't2']);
    await expect(
      callWithReauth(
        manager,
        () => Promise.resolve('bad'),
        () => true,
      ),
    ).rejects.toMatchObject({ errorClass: 'auth' });
  });
});
