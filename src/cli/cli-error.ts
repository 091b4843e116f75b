import { ExitCode } from './io';

/** A failure the CLI reports as one clear message (never a stack trace) and an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = ExitCode.failed,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
