import { Command } from 'commander';
import type { CliContext } from '../context';
import { formatDocumentDetail } from '../document-view';
import { resolveDocument } from './document-ref';
import { addJsonOption } from './options';

export function showCommand(ctx: CliContext): Command {
  return addJsonOption(
    new Command('show')
      .description(
        'one document by id or number: canonical payload, submissions, errors with field paths, audit',
      )
      .argument('<doc>', 'document id or document number'),
  ).action(async (ref: string, options: { json?: boolean }, command: Command) => {
    const document = await resolveDocument(ctx.client(command), ref);
    if (options.json) return ctx.printJson(document);
    ctx.print(formatDocumentDetail(document));
    const canonical = document.effectiveCanonical;
    if (canonical) ctx.print(`\nCanonical payload (with overrides):\n${JSON.stringify(canonical, null, 2)}`);
  });
}
