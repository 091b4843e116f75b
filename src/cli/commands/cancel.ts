/**
 * `cancel`: asks the authority to cancel a registered document (IRN / e-way bill), audited. The
 * reason codes are the authority's, and differ: IRN 1 duplicate, 2 data entry mistake, 3 order
 * cancelled, 4 other; e-way bill 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others.
 */
import { Command, InvalidArgumentError } from 'commander';
import type { CancelRequest } from '../api-types';
import { ApiError } from '../api-errors';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { addJsonOption } from './options';

interface Options {
  reasonCode: CancelRequest['reasonCode'];
  remark: string;
  operator: string;
  reason: string;
  json?: boolean;
}

export function cancelCommand(ctx: CliContext): Command {
  return addJsonOption(
    new Command('cancel')
      .description('cancel a registered submission with the authority (audited)')
      .argument('<submissionId>', 'submission id (from documents show or submissions list)')
      .requiredOption(
        '--reason-code <1-4>',
        'IRN: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other; e-way bill: 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others',
        reasonCodeOf,
      )
      .requiredOption('--remark <text>', 'remark sent to the authority')
      .requiredOption('--operator <name>', 'who is cancelling (audited)')
      .requiredOption('--reason <text>', 'why (audited)'),
  ).action(async (submissionId: string, options: Options, command: Command) => {
    let answer: unknown;
    try {
      answer = await ctx.client(command).cancel(submissionId, {
        reasonCode: options.reasonCode,
        remark: options.remark,
        operator: options.operator,
        reason: options.reason,
      });
    } catch (error) {
      if (error instanceof ApiError && error.routeMissing) {
        throw new CliError(
          'this connector service does not support cancelling yet (no POST /submissions/:id/cancel); upgrade the service',
        );
      }
      throw error;
    }
    if (options.json) return ctx.printJson(answer);
    ctx.print(describeCancel(submissionId, answer));
  });
}

function reasonCodeOf(value: string): CancelRequest['reasonCode'] {
  const code = value.trim();
  if (code === '1' || code === '2' || code === '3' || code === '4') return code;
  throw new InvalidArgumentError('must be 1, 2, 3 or 4');
}

/** The new state, and the IRN with the authority's cancel date when the service gives them. */
function describeCancel(submissionId: string, answer: unknown): string {
  const record = recordOf(answer);
  const state = textOf(record.state);
  const irn = textOf(record.irn);
  const cancelDate = textOf(recordOf(record.response).cancelDate);
  const facts = [irn && `IRN ${irn}`, cancelDate && `cancelled ${cancelDate}`].filter(Boolean);
  const accepted = state
    ? `cancellation of submission ${submissionId} accepted: now ${state}`
    : `cancellation of submission ${submissionId} accepted`;
  return facts.length > 0 ? `${accepted} (${facts.join(', ')})` : accepted;
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
