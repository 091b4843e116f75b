/**
 * On this VM's root filesystem (ext4 without a journal) creating a file within a few minutes of thousands
 * being deleted costs 0.5-0.9 ms of kernel CPU instead of ~30 µs: the inode allocator steps over every
 * recently freed inode of the group one by one. A test run (its PostgreSQL cluster) or an earlier bench run
 * that removed its files would bill that to the pipeline's QR images, some 20% of a round. So the bench
 * probes first and waits, within a bound, until creating a file costs what it normally does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Files a probe creates; kept, so that a probe frees no inode of its own. */
const PROBE_FILES = 200;
/** Kernel CPU per file above which the filesystem counts as unsettled (settled: ~30 µs). */
const SETTLED_MICROSECONDS = 150;
const WAIT_BETWEEN_PROBES_MS = 20_000;

/** Kernel CPU (µs) of creating one small file in `directory`, averaged over a probe. */
function fileCreationCost(directory: string): number {
  mkdirSync(directory, { recursive: true });
  const bytes = Buffer.alloc(3000, 1);
  const before = process.cpuUsage();
  for (let i = 0; i < PROBE_FILES; i++) writeFileSync(join(directory, `probe-${i}.png`), bytes);
  return process.cpuUsage(before).system / PROBE_FILES;
}

/** Probes under `root` until file creation is cheap again or `maxSeconds` have passed; says what it found. */
export async function waitForSettledFilesystem(
  root: string,
  log: (line: string) => void,
  maxSeconds = 300,
): Promise<void> {
  const deadline = Date.now() + maxSeconds * 1000;
  for (let probe = 1; ; probe++) {
    const cost = fileCreationCost(join(root, `filesystem-probe-${probe}`));
    if (cost <= SETTLED_MICROSECONDS) {
      if (probe > 1) log(`filesystem settled: creating a file costs ${cost.toFixed(0)} µs of kernel CPU`);
      return;
    }
    if (Date.now() + WAIT_BETWEEN_PROBES_MS > deadline) {
      log(
        `creating a file still costs ${cost.toFixed(0)} µs of kernel CPU (settled: ~30): files were deleted in ` +
          'the last minutes; the figures below include that cost',
      );
      return;
    }
    log(
      `creating a file costs ${cost.toFixed(0)} µs of kernel CPU (settled: ~30), as soon after many files were ` +
        `deleted; waiting ${WAIT_BETWEEN_PROBES_MS / 1000} s before measuring`,
    );
    await new Promise((resolve) => setTimeout(resolve, WAIT_BETWEEN_PROBES_MS));
  }
}
