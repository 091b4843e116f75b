import { Command } from 'commander';
import type { ConnectorSummary } from '../api-types';
import type { CliContext } from '../context';
import { formatTable } from '../table';
import { addJsonOption } from './options';

export function connectorListCommand(ctx: CliContext): Command {
  return addJsonOption(
    new Command('list').description('configured connector instances, their cursors and last pull'),
  ).action(async (options: { json?: boolean }, command: Command) => {
    const connectors = await ctx.client(command).listConnectors();
    if (options.json) return ctx.printJson(connectors);
    ctx.print(formatConnectors(connectors));
  });
}

export function formatConnectors(connectors: readonly ConnectorSummary[]): string {
  if (connectors.length === 0) return 'no connector instances configured\n';
  return formatTable(
    [
      { header: 'NAME', value: (c: ConnectorSummary) => c.name },
      { header: 'KIND', value: (c: ConnectorSummary) => c.kind },
      { header: 'ENABLED', value: (c: ConnectorSummary) => (c.enabled ? 'yes' : 'no') },
      { header: 'REGIMES', value: (c: ConnectorSummary) => c.regimes.join(',') },
      { header: 'LAST PULL', value: (c: ConnectorSummary) => c.lastPullAt },
      {
        header: 'LAST PULL STATS',
        value: (c: ConnectorSummary) => compactJson(c.lastPullStats),
        maxWidth: 50,
      },
      { header: 'CURSOR', value: (c: ConnectorSummary) => compactJson(c.cursor), maxWidth: 40 },
    ],
    connectors,
  );
}

function compactJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && value !== null && Object.keys(value).length === 0) return null;
  return JSON.stringify(value);
}
