import { Command } from 'commander';
import type { SubmissionListItem } from '../api-types';
import type { CliContext } from '../context';
import { formatTable } from '../table';
import {
  addFilterOptions,
  addJsonOption,
  addPageOptions,
  listQueryOf,
  pageFooter,
  type FilterOptions,
  type PageOptions,
} from './options';

export function submissionsListCommand(ctx: CliContext): Command {
  const command = new Command('list').description(
    'submissions, most recently changed first (the failure queue: --state REJECTED, --error-class ...)',
  );
  addFilterOptions(command);
  addPageOptions(command);
  addJsonOption(command);
  return command.action(async (options: FilterOptions & PageOptions & { json?: boolean }, cmd: Command) => {
    const page = await ctx.client(cmd).listSubmissions(listQueryOf(options));
    if (options.json) return ctx.printJson(page);
    if (page.items.length > 0) ctx.print(formatSubmissions(page.items));
    ctx.print(pageFooter(page.items.length, options.offset, page.total));
  });
}

export function formatSubmissions(submissions: readonly SubmissionListItem[]): string {
  return formatTable(
    [
      { header: 'ID', value: (s: SubmissionListItem) => s.id },
      { header: 'DOCUMENT', value: (s: SubmissionListItem) => s.documentId },
      { header: 'REGIME', value: (s: SubmissionListItem) => s.regime },
      { header: 'STATE', value: (s: SubmissionListItem) => s.state },
      { header: 'TRIES', value: (s: SubmissionListItem) => s.attempts, align: 'right' },
      { header: 'UPDATED', value: (s: SubmissionListItem) => s.updatedAt },
      { header: 'ERROR', value: (s: SubmissionListItem) => errorCell(s), maxWidth: 70 },
    ],
    submissions,
  );
}

function errorCell(s: SubmissionListItem): string | null {
  if (!s.errorClass && !s.errorMessage) return null;
  const code = s.errorCode ? ` ${s.errorCode}` : '';
  const fields = s.fieldErrors?.length ? ` (${s.fieldErrors.map((e) => e.path).join(', ')})` : '';
  return `[${s.errorClass ?? 'error'}]${code} ${s.errorMessage ?? ''}${fields}`;
}
