/**
 * Several processes on one database must share one master key: a second process with another key (its
 * own data folder's generated development key, or another ENCRYPTION_KEY) is refused at boot with one
 * clear line, before it can fail to open what the others sealed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError } from '../../src/config/config-loader';
import { migrateDatabase } from '../../src/app-schema';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';

describe('master key shared by every process on one database', () => {
  let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
  const running: TestApp[] = [];
  const folders: string[] = [];
  beforeAll(async () => {
    db = await createMigratedTestDatabase('master_key');
    await migrateDatabase(db.url);
  });
  afterAll(async () => {
    for (const app of running) await app.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    await db.drop();
  });

  const start = (encryptionKey?: string, dataDir?: string) =>
    startTestApp({
      databaseUrl: db.url,
      dataDir,
      roles: ['api'],
      config: { security: { apiKeys: [TEST_API_KEY], ...(encryptionKey ? { encryptionKey } : {}) } },
    });
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'master-key-'));
    folders.push(dir);
    return dir;
  };

  let firstDataDir: string;

  it('refuses a second process whose data folder generated another development key', async () => {
    firstDataDir = folder();
    running.push(await start(undefined, firstDataDir));
    const refused = start(undefined, folder());
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow(
      /master key mismatch: this process's key \(the development key generated in .+master-key, check value [0-9a-f]{8}\) is not the one this database's secrets are sealed with/,
    );
  }, 60_000);

  it('starts with the same key however it is spelt, refuses another configured key without naming it', async () => {
    const firstKey = Buffer.from(readFileSync(join(firstDataDir, 'master-key'), 'utf8').trim(), 'hex');
    running.push(await start(firstKey.toString('base64'), folder()));

    const other = randomBytes(32).toString('hex');
    const refused = start(other, folder());
    await expect(refused).rejects.toThrow(/security\.encryptionKey \(ENCRYPTION_KEY\), check value/);
    await expect(refused).rejects.not.toThrow(new RegExp(other));
  }, 60_000);
});
