import { Command } from 'commander';
import type { CliContext } from '../context';
import { ExitCode } from '../io';
import { formatFields } from '../table';
import { addJsonOption } from './options';

/** Runs the connector's check(); exits 1 when it is not ok, so scripts and monitors can use it. */
export function connectorTestCommand(ctx: CliContext): Command {
  return addJsonOption(
    new Command('test')
      .description("run a connector's check: can the service reach and read this ERP? (exit 1 when not)")
      .argument('<name>', 'connector instance name'),
  ).action(async (name: string, options: { json?: boolean }, command: Command) => {
    const result = await ctx.client(command).checkConnector(name);
    if (!result.ok) ctx.fail(ExitCode.failed);
    if (options.json) return ctx.printJson(result);
    ctx.print(`${result.ok ? 'OK' : 'FAILED'}  ${name}: ${result.message}`);
    const details = Object.entries(result.details ?? {}).map(([key, value]): [string, string] => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]);
    if (details.length > 0) ctx.print(formatFields(details, '  '));
  });
}
