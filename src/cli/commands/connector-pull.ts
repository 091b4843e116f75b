import { Command } from 'commander';
import type { CliContext } from '../context';
import { addJsonOption } from './options';

export function connectorPullCommand(ctx: CliContext): Command {
  return addJsonOption(
    new Command('pull')
      .description('enqueue a pull from the ERP now (one at a time per instance)')
      .argument('<name>', 'connector instance name'),
  ).action(async (name: string, options: { json?: boolean }, command: Command) => {
    const answer = await ctx.client(command).pullConnector(name);
    if (options.json) return ctx.printJson(answer);
    ctx.print(
      answer.enqueued
        ? `pull of ${name} enqueued (job ${answer.jobId ?? '-'}); follow it with: watch --connector ${name}`
        : `a pull of ${name} is already queued or running`,
    );
  });
}
