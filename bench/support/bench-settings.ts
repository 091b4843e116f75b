/** A benchmark's settings from the environment, and the checks that fail its run. */

/** BENCH_* as a positive number, `fallback` when unset. */
export function positiveSetting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
  return value;
}

/** BENCH_* as a comma-separated list of positive numbers ("" is none). */
export function positiveListSetting(name: string, fallback: string): number[] {
  return (process.env[name] ?? fallback)
    .split(',')
    .filter((item) => item.trim() !== '')
    .map((item) => {
      const value = Number(item);
      if (!(value > 0)) throw new Error(`${name} must list positive numbers`);
      return value;
    });
}

/** A check the run failed: said, and the bench exits 1. */
export function failIf(failed: boolean, what: string): void {
  if (!failed) return;
  console.log(`  FAILED: ${what}`);
  process.exitCode = 1;
}
