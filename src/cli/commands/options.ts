/** Options shared by several commands: list filters, paging, `--json`, and value parsers. */
import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  ERROR_CLASSES,
  REGIME_NAMES,
  SUBMISSION_STATES,
  type ErrorClass,
  type QueryOf,
  type RegimeName,
  type SubmissionFilter,
  type SubmissionState,
} from '../api-types';

/** Parsed by commander against the API's own lists (choices), so they are the API's types. */
export interface FilterOptions {
  state?: SubmissionState;
  connector?: string;
  errorClass?: ErrorClass;
  regime?: RegimeName;
  from?: string;
  to?: string;
}

export interface PageOptions {
  limit: number;
  offset: number;
}

export function integerIn(min: number, max: number): (value: string) => number {
  return (value) => {
    if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(`not a whole number: ${value}`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`must be between ${min} and ${max}`);
    return n;
  };
}

/** A calendar date as YYYY-MM-DD; anything else is a usage error that shows the expected form. */
export function isoDate(value: string): string {
  const text = value.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(`${text}T00:00:00Z`) : undefined;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw new InvalidArgumentError(`not a date: "${value}" (expected YYYY-MM-DD, e.g. 2026-11-01)`);
  }
  return text;
}

export function positiveSeconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError(`not a positive number of seconds: ${value}`);
  return n;
}

export function addFilterOptions(command: Command, { withState = true } = {}): Command {
  if (withState)
    command.addOption(new Option('--state <state>', 'submission state').choices(SUBMISSION_STATES));
  return command
    .option('--connector <name>', 'connector instance name')
    .addOption(new Option('--error-class <class>', 'error class').choices(ERROR_CLASSES))
    .addOption(new Option('--regime <regime>', 'regime').choices(REGIME_NAMES))
    .option('--from <date>', 'document date from (YYYY-MM-DD)', isoDate)
    .option('--to <date>', 'document date to (YYYY-MM-DD)', isoDate);
}

export function addPageOptions(command: Command): Command {
  return command
    .option('--limit <n>', 'rows to show (1-500)', integerIn(1, 500), 50)
    .option('--offset <n>', 'rows to skip', integerIn(0, Number.MAX_SAFE_INTEGER), 0);
}

export function addJsonOption(command: Command): Command {
  return command.option('--json', 'print the raw JSON answer (for scripts)');
}

export function filterOf(options: FilterOptions): SubmissionFilter {
  const filter: SubmissionFilter = {
    state: options.state,
    connector: options.connector,
    errorClass: options.errorClass,
    regime: options.regime,
    from: options.from,
    to: options.to,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
}

/** The query of `GET /documents` and `GET /submissions` (the filter and the page). */
export type ListQuery = QueryOf<'/documents', 'get'> & QueryOf<'/submissions', 'get'>;

export function listQueryOf(options: FilterOptions & PageOptions): ListQuery {
  return { ...filterOf(options), limit: options.limit, offset: options.offset };
}

/** "showing 1-50 of 312" under a table, or a note that nothing matched. */
export function pageFooter(shown: number, offset: number, total: number): string {
  if (total === 0) return 'nothing matched\n';
  if (shown === 0) return `no rows at offset ${offset} (${total} in all)\n`;
  return `showing ${offset + 1}-${offset + shown} of ${total}\n`;
}
