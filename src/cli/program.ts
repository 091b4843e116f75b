/**
 * The operator CLI as a function: `run(argv, io)` parses the arguments, runs one command against the
 * connector service's API and resolves to the exit code. Nothing here touches `process`, so tests
 * run commands in-process and read what they print.
 */
import { Command, CommanderError } from 'commander';
import { ApiError } from './api-errors';
import { CliError } from './cli-error';
import { cancelCommand } from './commands/cancel';
import { connectorListCommand } from './commands/connector-list';
import { connectorPullCommand } from './commands/connector-pull';
import { connectorTestCommand } from './commands/connector-test';
import { documentsListCommand } from './commands/documents-list';
import { documentsShowCommand } from './commands/documents-show';
import { submissionsListCommand } from './commands/submissions-list';
import { submissionsRetryCommand } from './commands/submissions-retry';
import { gstCommand, returnsCommand } from './commands/returns-session';
import { recoCommand } from './commands/reco';
import { uploadCommand } from './commands/upload';
import { watchCommand } from './commands/watch';
import { failuresCommand } from './commands/failures';
import { overrideCommand } from './commands/override';
import { showCommand } from './commands/show';
import { statusCommand } from './commands/status';
import { DEFAULT_URL, DEV_KEY_FILE } from './connection';
import { CliContext } from './context';
import { formatFieldErrors } from './field-errors';
import { ExitCode, type CliIo } from './io';
import { loadRegimeCommands, REGIMES_FOLDER } from './regime-commands';

const HELP_FOOTER = `
Connection:
  --url      or CONNECTOR_URL      (default ${DEFAULT_URL})
  --api-key  or CONNECTOR_API_KEY  (else ${DEV_KEY_FILE} in the working directory, as the service writes it in development)

Exit codes:
  0 done   1 failed (HTTP error, check not ok, nothing retried, not settled in time, an EGS unit
           needs re-onboarding, a reconciliation already running or never run)
  2 usage  3 service unreachable   130 interrupted
`;

/** `regimeFolders`: where regimes' own commands are found (src/cli/regime-commands.ts). */
export async function run(
  argv: readonly string[],
  io: CliIo,
  regimeFolders: readonly string[] = [REGIMES_FOLDER],
): Promise<number> {
  const ctx = new CliContext(io);
  try {
    const regimeCommands = loadRegimeCommands(ctx, regimeFolders);
    await buildProgram(ctx, regimeCommands).parseAsync([...argv], { from: 'user' });
    return ctx.exitCode;
  } catch (error) {
    return reportError(error, io);
  }
}

/** `regimeCommands`: each regime's own (ewaybill, zatca...), after the generic ones. */
export function buildProgram(ctx: CliContext, regimeCommands: readonly Command[] = []): Command {
  const program = new Command('connector-cli')
    .description('Operate the ERP compliance connector: connectors, documents, submissions, retries.')
    .option('--url <url>', 'connector service URL')
    .option('--api-key <key>', 'API key (prefer CONNECTOR_API_KEY: arguments show in process lists)')
    .addHelpText('after', HELP_FOOTER);

  program
    .command('connector')
    .description('connector instances: list, test, pull')
    .addCommand(connectorListCommand(ctx))
    .addCommand(connectorTestCommand(ctx))
    .addCommand(connectorPullCommand(ctx))
    .addCommand(connectorPullCommand(ctx).name('sync-now'));
  program.addCommand(statusCommand(ctx));
  program.addCommand(failuresCommand(ctx));
  program.addCommand(showCommand(ctx));
  program.addCommand(submissionsRetryCommand(ctx));
  program.addCommand(overrideCommand(ctx));
  program.addCommand(uploadCommand(ctx));
  program
    .command('documents')
    .description('documents: list, show')
    .addCommand(documentsListCommand(ctx))
    .addCommand(documentsShowCommand(ctx));
  program
    .command('submissions')
    .description('submissions: list, retry')
    .addCommand(submissionsListCommand(ctx))
    .addCommand(submissionsRetryCommand(ctx));
  program.addCommand(cancelCommand(ctx));
  program.addCommand(watchCommand(ctx));
  program.addCommand(returnsCommand(ctx));
  program.addCommand(gstCommand(ctx));
  program.addCommand(recoCommand(ctx));
  for (const command of regimeCommands) program.addCommand(command);
  forEachCommand(program, (command) =>
    command
      .exitOverride()
      .configureOutput({
        writeOut: (text) => ctx.io.stdout.write(text),
        writeErr: (text) => ctx.io.stderr.write(text),
      })
      .showHelpAfterError('(add --help for usage)'),
  );
  return program;
}

/** Commands built apart and added with addCommand inherit no settings: apply them to the whole tree. */
function forEachCommand(command: Command, apply: (command: Command) => void): void {
  apply(command);
  for (const sub of command.commands) forEachCommand(sub, apply);
}

function reportError(error: unknown, io: CliIo): number {
  if (error instanceof CommanderError) {
    // Commander has printed its message (or the help) already.
    return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  }
  if (error instanceof ApiError) {
    io.stderr.write(`error: ${error.message}\n`);
    if (error.fieldErrors.length > 0) io.stderr.write(formatFieldErrors(error.fieldErrors));
    return error.exitCode;
  }
  if (error instanceof CliError) {
    io.stderr.write(`error: ${error.message}\n`);
    return error.exitCode;
  }
  const detail =
    error instanceof Error ? (io.env.CONNECTOR_CLI_DEBUG ? error.stack : error.message) : String(error);
  io.stderr.write(`error: unexpected failure: ${detail}\n`);
  return ExitCode.failed;
}
