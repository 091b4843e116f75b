/**
 * Who the embedded PostgreSQL runs as. PostgreSQL refuses to run as root, so a root process runs it as
 * an unprivileged `postgres` OS user (created when missing); any other user runs it as itself. That user
 * must be able to reach the binaries and the cluster: `reachableBy` tells whether it can.
 */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PostgresOsUser {
  /** Set when the process is root and PostgreSQL runs as another user. */
  uid?: number;
  gid?: number;
  /** Every group of that user (primary and supplementary), for permission checks. */
  groups: number[];
  name: string;
}

const POSTGRES_USER = 'postgres';

export async function postgresOsUser(): Promise<PostgresOsUser> {
  if (process.getuid?.() !== 0) {
    return { groups: process.getgroups?.() ?? [], name: 'the current user' };
  }
  let ids = await userIds(POSTGRES_USER).catch(() => undefined);
  if (!ids) {
    await run('groupadd', [POSTGRES_USER]).catch(() => undefined);
    await run('useradd', ['-g', POSTGRES_USER, POSTGRES_USER]).catch((error: unknown) => {
      throw new Error(
        `embedded PostgreSQL cannot run as root and the "${POSTGRES_USER}" OS user could not be created: ${String(error)}`,
      );
    });
    ids = await userIds(POSTGRES_USER);
  }
  return { ...ids, name: `the "${POSTGRES_USER}" OS user` };
}

async function userIds(name: string): Promise<{ uid: number; gid: number; groups: number[] }> {
  const [uid, gid, groups] = await Promise.all([
    run('id', ['-u', name]),
    run('id', ['-g', name]),
    run('id', ['-G', name]),
  ]);
  return {
    uid: Number(uid.stdout.trim()),
    gid: Number(gid.stdout.trim()),
    groups: groups.stdout.trim().split(/\s+/).map(Number),
  };
}

/**
 * The first directory on the way to `path` (itself included when it is a directory) that `user` may not
 * enter, or undefined when it can reach `path`. Mode bits only: an ACL granting more is not seen, so
 * the answer errs on the side of "unreachable".
 */
export function unreachableDirectory(path: string, user: PostgresOsUser): string | undefined {
  if (user.uid === undefined) return undefined;
  const uid = user.uid;
  const chain: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    chain.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of chain) {
    let stat;
    try {
      stat = statSync(dir);
    } catch {
      return undefined; // not created yet: it will be created by us, owned by the user where needed
    }
    if (!stat.isDirectory()) continue;
    const bit = stat.uid === uid ? 0o100 : user.groups.includes(stat.gid) ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return dir;
  }
  return undefined;
}
