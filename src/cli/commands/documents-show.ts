import { Command } from 'commander';
import type { CliContext } from '../context';
import { formatDocumentDetail } from '../document-view';
import { addJsonOption } from './options';

export function documentsShowCommand(ctx: CliContext): Command {
  return addJsonOption(
    new Command('show')
      .description('one document: summary, submissions with identifiers and errors, audit trail')
      .argument('<id>', 'document id (from documents list)'),
  ).action(async (id: string, options: { json?: boolean }, command: Command) => {
    const document = await ctx.client(command).getDocument(id);
    if (options.json) return ctx.printJson(document);
    ctx.print(formatDocumentDetail(document));
  });
}
