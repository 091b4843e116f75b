/** What every command's action gets: the io, an API client for the global options, output helpers. */
import type { Command } from 'commander';
import { ApiClient } from './api-client';
import { resolveConnection, type ConnectionOptions } from './connection';
import { ExitCode, type CliIo } from './io';

export class CliContext {
  exitCode: number = ExitCode.ok;

  constructor(readonly io: CliIo) {}

  /** A client for `--url` / `--api-key` as given anywhere on the command line. */
  client(command: Command): ApiClient {
    return new ApiClient(
      resolveConnection(command.optsWithGlobals<ConnectionOptions>(), this.io),
      this.io.signal,
    );
  }

  print(text: string): void {
    this.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  printJson(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** A message for the operator that is not the command's output (progress, notes, warnings). */
  note(text: string): void {
    this.io.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  fail(exitCode: number = ExitCode.failed): void {
    this.exitCode = exitCode;
  }
}
