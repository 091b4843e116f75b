/**
 * Connector state on real PostgreSQL, as two processes share it: values sealed at rest (nothing of them
 * readable in the table, and a sealed value copied to another row does not open), a new version and a new
 * seal on every write, and a rotating refresh token refreshed by one process at a time.
 */
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ConnectorStateRepository } from '../../src/database/repositories/connector-state.repository';
import { SecretBox } from '../../src/security/secret-box';
import {
  createZatcaTestDatabase,
  type ZatcaTestDatabase,
} from '../zatca-persistence/support/zatca-pg-database';

describe('ConnectorStateRepository', () => {
  let db: ZatcaTestDatabase;
  let first: DataSource;
  let second: DataSource;
  const box = new SecretBox(randomBytes(32));

  beforeAll(async () => {
    db = await createZatcaTestDatabase('connector_state');
    first = await db.connect(4);
    second = await db.connect(4);
  });
  afterAll(async () => {
    await db.close();
  });

  const rows = () =>
    first.query<{ instance: string; key: string; value_sealed: string; version: number }[]>(
      `SELECT instance, key, value_sealed, version FROM connector_state ORDER BY instance, key`,
    );

  it('seals values at rest and opens them for the same instance and key', async () => {
    const store = new ConnectorStateRepository(first, box).forInstance('sap-b1');
    await store.put('session', { value: { cookie: 'B1SESSION=7f3a-secret-cookie' } });
    const [row] = (await rows()).filter((r) => r.instance === 'sap-b1');
    expect(row.value_sealed).toMatch(/^v1\./);
    expect(row.value_sealed).not.toContain('secret-cookie');
    expect(await store.get('session')).toEqual({
      value: { cookie: 'B1SESSION=7f3a-secret-cookie' },
      version: 1,
      expiresAt: undefined,
    });
  });

  it('reseals and versions every write', async () => {
    const store = new ConnectorStateRepository(first, box).forInstance('zoho');
    await store.put('refresh', { value: 'same' });
    const before = (await rows()).find((r) => r.instance === 'zoho')!;
    await store.put('refresh', { value: 'same' });
    const after = (await rows()).find((r) => r.instance === 'zoho')!;
    expect(after.version).toBe(before.version + 1);
    expect(after.value_sealed).not.toBe(before.value_sealed);
  });

  it('a sealed value copied to another instance does not open', async () => {
    const repository = new ConnectorStateRepository(first, box);
    await repository.forInstance('victim').put('session', { value: 'victim-cookie' });
    await repository.forInstance('other').put('session', { value: 'x' });
    await first.query(
      `UPDATE connector_state SET value_sealed = (SELECT value_sealed FROM connector_state
         WHERE instance = 'victim' AND key = 'session') WHERE instance = 'other' AND key = 'session'`,
    );
    await expect(repository.forInstance('other').get('session')).rejects.toThrow(/cannot open/);
  });

  it('an expired session reads as absent', async () => {
    const store = new ConnectorStateRepository(first, box).forInstance('expiring');
    await store.put('session', { value: 'old', expiresAt: new Date(Date.now() - 1_000) });
    expect(await store.get('session')).toBeUndefined();
    await store.delete('session');
    expect((await rows()).filter((r) => r.instance === 'expiring')).toEqual([]);
  });

  it('two processes rotating one refresh token: each refresh sees the token the previous one stored', async () => {
    const a = new ConnectorStateRepository(first, box).forInstance('zoho-books');
    const b = new ConnectorStateRepository(second, box).forInstance('zoho-books');
    await a.put('oauth', { value: { refreshToken: 'r0' } });
    const spent: string[] = [];
    const refresh = (store: typeof a) =>
      store.update<{ refreshToken: string }>('oauth', async (current) => {
        const token = current!.value.refreshToken;
        spent.push(token);
        await new Promise((resolve) => setTimeout(resolve, 20)); // the ERP's token endpoint
        return { value: { refreshToken: `r${Number(token.slice(1)) + 1}` } };
      });
    await Promise.all([refresh(a), refresh(b), refresh(a), refresh(b), refresh(a), refresh(b)]);
    expect(spent.sort()).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
    expect(await b.get('oauth')).toMatchObject({ value: { refreshToken: 'r6' }, version: 7 });
  });
});
