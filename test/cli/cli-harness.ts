/** Runs the CLI in-process, as `node dist/cli/main.js` would, and captures what it prints. */
import { run } from '../../src/cli/program';
import type { CliOutput } from '../../src/cli/io';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliRunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  stderrIsTTY?: boolean;
  signal?: AbortSignal;
  /** Receives the live output (for commands that run until stopped). */
  capture?: { stdout: string; stderr: string };
  /** Where regimes' own commands are found (default this build's src/regimes). */
  regimeFolders?: string[];
}

export async function runCli(args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  const captured = options.capture ?? { stdout: '', stderr: '' };
  const stdout: CliOutput = { write: (text: string) => (captured.stdout += text), isTTY: false };
  const stderr: CliOutput = {
    write: (text: string) => (captured.stderr += text),
    isTTY: options.stderrIsTTY ?? false,
  };
  const code = await run(
    args,
    {
      stdout,
      stderr,
      env: options.env ?? {},
      cwd: options.cwd ?? process.cwd(),
      signal: options.signal,
    },
    options.regimeFolders,
  );
  return { code, stdout: captured.stdout, stderr: captured.stderr };
}
