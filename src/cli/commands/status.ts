/**
 * `status`: submissions per state and per connector, the oldest one still in flight, last pull per connector,
 * and which providers are held back after a 429 and for how long.
 */
import { Command } from 'commander';
import type { CliContext } from '../context';
import { formatTable } from '../table';
import { SUBMISSION_STATES, type SubmissionState } from '../api-types';
import { addJsonOption } from './options';

const STATES = SUBMISSION_STATES;
const PENDING: readonly SubmissionState[] = ['RECEIVED', 'READY', 'SUBMITTING', 'RETRY', 'WRITEBACK_PENDING'];

export function statusCommand(ctx: CliContext): Command {
  return addJsonOption(
    new Command('status').description(
      'counts per state and connector, oldest pending, last pull per connector',
    ),
  ).action(async (options: { json?: boolean }, command: Command) => {
    const client = ctx.client(command);
    const connectors = await client.listConnectors();
    const count = async (state: SubmissionState, connector?: string) =>
      (await client.listSubmissions({ state, connector, limit: 1 })).total;
    const byState = Object.fromEntries(
      await Promise.all(STATES.map(async (s) => [s, await count(s)] as const)),
    );
    const byConnector = await Promise.all(
      connectors.map(async (c) => ({
        connector: c.name,
        kind: c.kind,
        lastPullAt: c.lastPullAt,
        counts: Object.fromEntries(
          await Promise.all(
            STATES.filter((s) => byState[s] > 0).map(async (s) => [s, await count(s, c.name)] as const),
          ),
        ),
      })),
    );
    let oldestPending: { state: string; submissionId: string; since: string } | null = null;
    for (const state of PENDING) {
      if (!byState[state]) continue;
      const page = await client.listSubmissions({ state, limit: 1, offset: byState[state] - 1 });
      const oldest = page.items[0];
      if (oldest && (!oldestPending || oldest.createdAt < oldestPending.since))
        oldestPending = { state, submissionId: oldest.id, since: oldest.createdAt };
    }
    const throttled = await client.throttledProviders();
    const status = { byState, byConnector, oldestPending, throttled };
    if (options.json) return ctx.printJson(status);
    ctx.print(
      formatTable(
        [
          { header: 'STATE', value: (s: string) => s },
          { header: 'ALL', value: (s: string) => String(byState[s]) },
          ...byConnector.map((c) => ({
            header: c.connector.toUpperCase(),
            value: (s: string) => String(c.counts[s] ?? 0),
          })),
        ],
        STATES,
      ),
    );
    ctx.print(
      oldestPending
        ? `oldest pending: ${oldestPending.submissionId} in ${oldestPending.state} since ${oldestPending.since}`
        : 'nothing pending',
    );
    for (const c of byConnector)
      ctx.print(`last pull of ${c.connector} (${c.kind}): ${c.lastPullAt ?? 'never'}`);
    for (const t of throttled)
      ctx.print(
        `throttled: ${t.provider} (${t.reason}) sends nothing for ${t.secondsLeft} s, until ${t.resumesAt}`,
      );
    if (throttled.length === 0) ctx.print('no provider throttled');
  });
}
