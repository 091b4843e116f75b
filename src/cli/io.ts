/**
 * What the CLI touches of the outside world, passed in so tests run commands in-process and read what
 * they print. `main.ts` fills it from `process`.
 */
export interface CliOutput {
  write(text: string): unknown;
  /** True on a terminal: progress bars are drawn only there, plain lines otherwise. */
  isTTY?: boolean;
}

export interface CliIo {
  stdout: CliOutput;
  stderr: CliOutput;
  env: Record<string, string | undefined>;
  /** Working directory: relative file arguments and `.data/api-key` are resolved against it. */
  cwd: string;
  /** Aborted on Ctrl-C: stops `watch` cleanly and cancels requests in flight. */
  signal?: AbortSignal;
}

/** Exit codes, documented in `--help`. */
export const ExitCode = {
  ok: 0,
  failed: 1,
  usage: 2,
  unreachable: 3,
  interrupted: 130,
} as const;
