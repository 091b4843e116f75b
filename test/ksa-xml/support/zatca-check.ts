/**
 * Runs the shared ZATCA checker (shared/tools/zatca-check: XSD, EN16931 + KSA schematrons, hash, signature,
 * digests, QR) on files and splits its report per file. The checker lives outside the repository; callers
 * skip when `zatcaCheckerPath()` finds none.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export interface ZatcaCheckResult {
  file: string;
  passed: boolean;
  /** Schematron errors (not warnings) and failed crypto checks, one line each. */
  failures: string[];
  /** The checker's text for this file. */
  report: string;
}

const CANDIDATES = [
  process.env.ZATCA_CHECK,
  resolve(__dirname, '../../../../shared/tools/zatca-check/zatca-check'),
  '/work/shared/tools/zatca-check/zatca-check',
];

export function zatcaCheckerPath(): string | undefined {
  return CANDIDATES.find((candidate): candidate is string => Boolean(candidate) && existsSync(candidate!));
}

export function sharedZatcaReferenceDir(): string | undefined {
  const checker = zatcaCheckerPath();
  if (!checker) return undefined;
  const reference = resolve(checker, '../../../reference/zatca');
  return existsSync(reference) ? reference : undefined;
}

/** One JVM per file (the checker's own loop); about 15-20 s each. */
export function runZatcaCheck(files: string[], options: { pih?: string } = {}): ZatcaCheckResult[] {
  const checker = zatcaCheckerPath();
  if (!checker) throw new Error('zatca-check not found (set ZATCA_CHECK or provide ../shared)');
  const args = [...(options.pih ? ['--pih', options.pih] : []), ...files];
  const run = spawnSync(checker, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const reports = output.split(/^##### /m).slice(1);
  return files.map((file) => {
    const report = reports.find((entry) => entry.startsWith(file)) ?? '';
    const failures = report
      .split('\n')
      .filter((line) =>
        /\[(fatal|error)\]|: (FAILED|MISMATCH|INVALID)|!= expected|QR checks +: \[/.test(line),
      )
      .map((line) => line.trim());
    return { file, passed: /RESULT +: PASSED/.test(report), failures, report };
  });
}
