import { Command } from 'commander';
import type { DocumentListItem, SubmissionBrief } from '../api-types';
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

type Options = FilterOptions & PageOptions & { docNumber?: string; json?: boolean };

export function documentsListCommand(ctx: CliContext): Command {
  const command = new Command('list').description(
    'documents, newest first, filtered by submission state, connector, error class or date',
  );
  addFilterOptions(command);
  command.option('--doc-number <number>', 'one document number');
  addPageOptions(command);
  addJsonOption(command);
  return command.action(async (options: Options, cmd: Command) => {
    const page = await ctx
      .client(cmd)
      .listDocuments({ ...listQueryOf(options), docNumber: options.docNumber });
    if (options.json) return ctx.printJson(page);
    if (page.items.length > 0) ctx.print(formatDocuments(page.items));
    ctx.print(pageFooter(page.items.length, options.offset, page.total));
  });
}

export function formatDocuments(documents: readonly DocumentListItem[]): string {
  return formatTable(
    [
      { header: 'ID', value: (d: DocumentListItem) => d.id },
      { header: 'NUMBER', value: (d: DocumentListItem) => d.docNumber, maxWidth: 24 },
      { header: 'TYPE', value: (d: DocumentListItem) => d.docType },
      { header: 'DATE', value: (d: DocumentListItem) => d.docDate },
      { header: 'SELLER', value: (d: DocumentListItem) => d.sellerTaxId },
      { header: 'BUYER', value: (d: DocumentListItem) => d.buyerTaxId },
      { header: 'SUBMISSIONS', value: (d: DocumentListItem) => submissionsCell(d), maxWidth: 90 },
    ],
    documents,
  );
}

/** `in-einvoice:REGISTERED, in-ewaybill:REJECTED(rejected)` plus flags the operator must notice. */
export function submissionsCell(document: DocumentListItem): string {
  const parts = document.submissions.map(briefState);
  if (document.alteredAfterRegistration) parts.push('ALTERED');
  if (document.erpDeleted) parts.push('ERP-DELETED');
  return parts.join(', ');
}

function briefState(s: SubmissionBrief): string {
  return `${s.regime}:${s.state}${s.errorClass ? `(${s.errorClass})` : ''}`;
}
