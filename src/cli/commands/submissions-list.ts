import { Command } from 'commander';
import type { SubmissionDetail } from '../api-types';
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

export function formatSubmissions(submissions: readonly SubmissionDetail[]): string {
  return formatTable(
    [
      { header: 'ID', value: (s: SubmissionDetail) => s.id },
      { header: 'DOCUMENT', value: (s: SubmissionDetail) => s.documentId },
      { header: 'REGIME', value: (s: SubmissionDetail) => s.regime },
      { header: 'STATE', value: (s: SubmissionDetail) => s.state },
      { header: 'TRIES', value: (s: SubmissionDetail) => s.attempts, align: 'right' },
      { header: 'UPDATED', value: (s: SubmissionDetail) => s.updatedAt },
      { header: 'ERROR', value: (s: SubmissionDetail) => errorCell(s), maxWidth: 70 },
    ],
    submissions,
  );
}

function errorCell(s: SubmissionDetail): string | null {
  if (!s.errorClass && !s.errorMessage) return null;
  const code = s.errorCode ? ` ${s.errorCode}` : '';
  const fields = s.fieldErrors?.length ? ` (${s.fieldErrors.map((e) => e.path).join(', ')})` : '';
  return `[${s.errorClass ?? 'error'}]${code} ${s.errorMessage ?? ''}${fields}`;
}
