/**
 * CPU seconds of processes the bench does not spawn itself, read from /proc: PostgreSQL's postmaster with
 * every backend it forked (live ones by their own counters, ended ones through the postmaster's
 * children totals), so a load run can say where its CPU went.
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime and the parent pid of one process; undefined once it ended. */
function stat(pid: number): { own: number; children: number; parent: number } | undefined {
  try {
    // After the command in parentheses: field 4 (ppid) is [1], utime..cstime are [11]..[14].
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return {
      parent: Number(fields[1]),
      own: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
      children: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
    };
  } catch {
    return undefined;
  }
}

/** CPU seconds used so far by the PostgreSQL cluster in `dataDir` (the postmaster and all its backends). */
export function postgresCpuSeconds(dataDir: string): number {
  const postmaster = Number(
    readFileSync(join(realpathSync(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const root = stat(postmaster);
  if (!root) return 0;
  let total = root.own + root.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.parent === postmaster) total += child.own;
  }
  return total;
}
