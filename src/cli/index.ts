export { run, buildProgram } from './program';
export type { CliIo, CliOutput } from './io';
export { ExitCode } from './io';
export { ApiClient, type RetrySelection } from './api-client';
export { ApiError, UnreachableError } from './api-errors';
export { CliError } from './cli-error';
export { resolveConnection, type Connection } from './connection';
export type * from './api-types';

// What a regime's own commands (src/regimes/<name>/cli) are built with.
export { CliContext } from './context';
export { formatTable } from './table';
export { addJsonOption } from './commands/options';
export type { RegimeCommands } from './regime-commands';
