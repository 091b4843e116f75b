/** `failures`: the failure queue, one line per failed submission with its reason; or exported to a file. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { SUBMISSION_STATES, type SubmissionListItem, type SubmissionState } from '../api-types';
import type { CliContext } from '../context';
import { formatTable } from '../table';
import { FAILURE_STATES } from '../../domain';
import { addFilterOptions, addJsonOption, filterOf, integerIn, type FilterOptions } from './options';

/** The domain's failure states, as the API names them. */
const FAILURE_API_STATES: readonly SubmissionState[] = SUBMISSION_STATES.filter((state) =>
  (FAILURE_STATES as readonly string[]).includes(state),
);

interface Options extends FilterOptions {
  limit: number;
  export?: 'csv' | 'xlsx';
  out?: string;
  json?: boolean;
}

export function failuresCommand(ctx: CliContext): Command {
  const command = new Command('failures').description(
    'the failure queue (REJECTED, MAPPING_FAILED, WRITEBACK_FAILED), one line each with the reason',
  );
  addFilterOptions(command, { withState: false });
  command
    .addOption(new Option('--state <state>', 'one failure state').choices(FAILURE_API_STATES))
    .option('--limit <n>', 'rows per state (1-500)', integerIn(1, 500), 100)
    .addOption(new Option('--export <format>', 'write the whole queue as a file').choices(['csv', 'xlsx']))
    .option('--out <file>', 'with --export: file name (default failures.<format>)');
  addJsonOption(command);
  return command.action(async (options: Options, cmd: Command) => {
    const client = ctx.client(cmd);
    const filter = filterOf(options);
    if (options.export) {
      const file = resolve(ctx.io.cwd, options.out ?? `failures.${options.export}`);
      writeFileSync(file, await client.exportFailures(options.export, filter));
      return ctx.print(`wrote ${file}`);
    }
    const states = options.state ? [options.state] : FAILURE_API_STATES;
    const pages = await Promise.all(
      states.map((state) => client.listSubmissions({ ...filter, state, limit: options.limit })),
    );
    const items = pages.flatMap((p) => p.items).sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
    const total = pages.reduce((sum, p) => sum + p.total, 0);
    if (options.json) return ctx.printJson({ total, items });
    const numbers = new Map<string, string>();
    for (const documentId of new Set(items.map((s) => s.documentId))) {
      numbers.set(documentId, (await client.getDocument(documentId)).docNumber ?? documentId.slice(0, 8));
    }
    if (items.length > 0) ctx.print(formatFailures(items, numbers));
    ctx.print(total === 0 ? 'no failures' : `showing ${items.length} of ${total} failure(s)`);
  });
}

export function formatFailures(
  items: readonly SubmissionListItem[],
  numbers: ReadonlyMap<string, string>,
): string {
  return formatTable(
    [
      {
        header: 'DOCUMENT',
        value: (s: SubmissionListItem) => numbers.get(s.documentId) ?? s.documentId,
        maxWidth: 24,
      },
      { header: 'REGIME', value: (s: SubmissionListItem) => s.regime },
      { header: 'STATE', value: (s: SubmissionListItem) => s.state },
      { header: 'CLASS', value: (s: SubmissionListItem) => s.errorClass },
      { header: 'REASON', value: (s: SubmissionListItem) => reasonOf(s), maxWidth: 100 },
      { header: 'SUBMISSION', value: (s: SubmissionListItem) => s.id },
    ],
    items,
  );
}

/** The reason in one line: the authority's code and message, else the first field error. */
export function reasonOf(s: SubmissionListItem): string {
  const first = s.fieldErrors?.[0];
  const field = first ? `${first.canonicalPath ?? first.path}: ${first.message}` : '';
  const authority = [s.errorCode, s.errorMessage].filter(Boolean).join(' ');
  return [authority, field].filter(Boolean).join(' | ').replace(/\s+/g, ' ');
}
