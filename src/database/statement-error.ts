/**
 * A failing SQL statement is reported by its name (verb and table) and the documents it was for, never
 * with its parameters: TypeORM's QueryFailedError carries the statement's parameters (a whole canonical
 * invoice for a document insert: names, GSTINs, addresses) and PostgreSQL's `detail` (the key's values),
 * and a logger that serialises the error object prints them all.
 */

/** `INSERT INTO document`, `UPDATE submission`, ...: what a statement does to which table, without values. */
export function statementName(query: string): string {
  const verb = /\b(INSERT|UPDATE|DELETE|SELECT)\b/i.exec(query)?.[1]?.toUpperCase() ?? 'SQL';
  const table = /\b(INTO|UPDATE|FROM)\s+"?([\w.]+)"?/i.exec(query);
  if (!table) return verb;
  return verb === 'INSERT' ? `INSERT INTO ${table[2]}` : `${verb} ${table[2]}`;
}

interface QueryFailure {
  query: string;
  message: string;
  code?: string;
  constraint?: string;
}

function queryFailure(error: unknown): QueryFailure | undefined {
  if (error === null || typeof error !== 'object' || !('query' in error)) return undefined;
  const { query, message, code, constraint } = error as Record<string, unknown>;
  if (typeof query !== 'string') return undefined;
  return {
    query,
    message: typeof message === 'string' ? withoutQuotedValue(message) : 'query failed',
    code: typeof code === 'string' ? code : undefined,
    constraint: typeof constraint === 'string' ? constraint : undefined,
  };
}

/** PostgreSQL names a bad value at the end of some messages (`invalid input syntax for type uuid: "x"`). */
function withoutQuotedValue(message: string): string {
  return message.replace(/: "[^"]*"$/, ': (value not shown)');
}

/** A database failure reported by statement name, code and document ids only. */
export class StatementFailedError extends Error {
  override readonly name = 'StatementFailedError';

  constructor(
    readonly statement: string,
    readonly code: string | undefined,
    readonly constraint: string | undefined,
    readonly documentIds: readonly string[],
    reason: string,
  ) {
    super(`${statement} failed${code ? ` (${code})` : ''}: ${reason}; documents: ${summary(documentIds)}`);
  }
}

function summary(ids: readonly string[]): string {
  const shown = ids.slice(0, 20).join(', ');
  return ids.length > 20 ? `${shown} and ${ids.length - 20} more` : shown || '(none)';
}

/** A QueryFailedError as a StatementFailedError naming `documentIds`; any other error as it is. */
export function statementFailure(error: unknown, documentIds: readonly string[]): unknown {
  const failure = queryFailure(error);
  if (!failure) return error;
  return new StatementFailedError(
    statementName(failure.query),
    failure.code,
    failure.constraint,
    documentIds,
    failure.message,
  );
}

const KEPT_KEYS = [
  'type',
  'message',
  'stack',
  'code',
  'constraint',
  'table',
  'column',
  'statement',
  'documentIds',
];

/**
 * For the log's error serializer (after pino's own): a serialised query failure keeps its type, message,
 * stack, code and constraint, gains its statement name, and loses the query text, the parameters and
 * PostgreSQL's detail.
 */
export function withoutQueryValues(serialised: Record<string, unknown>): Record<string, unknown> {
  const failure = queryFailure(serialised);
  if (!failure && !('parameters' in serialised) && !('driverError' in serialised)) return serialised;
  const out: Record<string, unknown> = {};
  for (const key of KEPT_KEYS) if (serialised[key] !== undefined) out[key] = serialised[key];
  if (failure) {
    out.statement = statementName(failure.query);
    out.message = failure.message;
  }
  return out;
}
