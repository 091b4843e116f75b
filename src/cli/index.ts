export { run, buildProgram } from './program';
export type { CliIo, CliOutput } from './io';
export { ExitCode } from './io';
export { ApiClient, type RetrySelection } from './api-client';
export { ApiError, UnreachableError } from './api-errors';
export { CliError } from './cli-error';
export { resolveConnection, type Connection } from './connection';
export type * from './api-types';
