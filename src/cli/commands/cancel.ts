/**
 * `cancel`: asks the authority to cancel a registered document (IRN / e-way bill), audited. The
 * reason codes are the NIC ones: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other.
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
        '1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other',
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

function describeCancel(submissionId: string, answer: unknown): string {
  const record = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const state = typeof record.state === 'string' ? record.state : undefined;
  return state
    ? `cancellation of submission ${submissionId} accepted: now ${state}`
    : `cancellation of submission ${submissionId} accepted`;
}
