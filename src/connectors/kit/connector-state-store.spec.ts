import { InMemoryConnectorStateStore } from './connector-state-store';

describe('InMemoryConnectorStateStore', () => {
  it('versions every write and hands out copies', async () => {
    const store = new InMemoryConnectorStateStore();
    const session = { cookie: 'B1SESSION=abc' };
    expect(await store.put('session', { value: session })).toMatchObject({ version: 1 });
    session.cookie = 'changed by the caller';
    expect(await store.get('session')).toEqual({ value: { cookie: 'B1SESSION=abc' }, version: 1 });
    expect(await store.put('session', { value: { cookie: 'B1SESSION=def' } })).toMatchObject({ version: 2 });
  });

  it('an expired value reads as absent', async () => {
    let now = 1_000;
    const store = new InMemoryConnectorStateStore(() => now);
    await store.put('session', { value: 'x', expiresAt: new Date(2_000) });
    expect(await store.get('session')).toBeDefined();
    now = 2_000;
    expect(await store.get('session')).toBeUndefined();
  });

  it('update runs one change at a time per key: a rotated token is seen by the next refresher', async () => {
    const store = new InMemoryConnectorStateStore();
    await store.put('refresh', { value: 'token-0' });
    const spent: string[] = [];
    const rotate = () =>
      store.update<string>('refresh', async (current) => {
        spent.push(current!.value);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { value: `token-${spent.length}` };
      });
    await Promise.all([rotate(), rotate(), rotate()]);
    expect(spent).toEqual(['token-0', 'token-1', 'token-2']);
    expect(await store.get('refresh')).toMatchObject({ value: 'token-3', version: 4 });
  });

  it('a failed change leaves the value and does not block the next one', async () => {
    const store = new InMemoryConnectorStateStore();
    await store.put('refresh', { value: 'kept' });
    await expect(store.update('refresh', () => Promise.reject(new Error('refresh refused')))).rejects.toThrow(
      'refresh refused',
    );
    expect(await store.get('refresh')).toMatchObject({ value: 'kept', version: 1 });
    await expect(store.update('refresh', () => Promise.resolve({ value: 'next' }))).resolves.toMatchObject({
      version: 2,
    });
  });
});
