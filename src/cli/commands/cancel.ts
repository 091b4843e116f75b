/**
 * `cancel`: asks the authority to cancel a registered document (IRN / e-way bill), audited. The
 * reason codes are the authority's, and differ: IRN 1 duplicate, 2 data entry mistake, 3 order
 * cancelled, 4 other; e-way bill 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others.
 */
import { Command, InvalidArgumentError } from 'commander';
import type { CancelRequest, SubmissionDetail, SubmissionState } from '../api-types';
import { ApiError } from '../api-errors';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { resolveDocument } from './document-ref';
import { addJsonOption } from './options';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The states a registration can be cancelled from (the service decides the window). */
const REGISTERED: readonly SubmissionState[] = [
  'REGISTERED',
  'WRITEBACK_PENDING',
  'WRITTEN_BACK',
  'WRITEBACK_FAILED',
];

interface Options {
  reasonCode: CancelRequest['reasonCode'];
  remark: string;
  operator: string;
  reason: string;
  json?: boolean;
  regime?: string;
}

export function cancelCommand(ctx: CliContext): Command {
  return addJsonOption(
    new Command('cancel')
      .description('cancel a registered submission with the authority (audited)')
      .argument('<ref>', 'submission id, or the document number whose registration to cancel')
      .option('--regime <regime>', 'with a document number: which registration (in-einvoice, in-ewaybill)')
      .requiredOption(
        '--reason-code <1-4>',
        'IRN: 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other; e-way bill: 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others',
        reasonCodeOf,
      )
      .requiredOption('--remark <text>', 'remark sent to the authority')
      .requiredOption('--operator <name>', 'who is cancelling (audited)')
      .requiredOption('--reason <text>', 'why (audited)'),
  ).action(async (ref: string, options: Options, command: Command) => {
    const client = ctx.client(command);
    const submissionId = await submissionToCancel(client, ref, options.regime);
    let answer: SubmissionDetail;
    try {
      answer = await client.cancel(submissionId, {
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
function describeCancel(submissionId: string, answer: SubmissionDetail): string {
  const state = answer.state;
  const irn = answer.irn;
  // The authority's own answer: its fields are the authority's, not the API's.
  const cancelDate = textOf(answer.response?.cancelDate);
  const facts = [irn && `IRN ${irn}`, cancelDate && `cancelled ${cancelDate}`].filter(Boolean);
  const accepted = state
    ? `cancellation of submission ${submissionId} accepted: now ${state}`
    : `cancellation of submission ${submissionId} accepted`;
  return facts.length > 0 ? `${accepted} (${facts.join(', ')})` : accepted;
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A submission id (a UUID) as given; a document number names its one live registration, or `--regime`'s. */
async function submissionToCancel(
  client: Parameters<typeof resolveDocument>[0],
  ref: string,
  regime: string | undefined,
): Promise<string> {
  if (UUID.test(ref)) return ref;
  const document = await resolveDocument(client, ref);
  return pickRegistration(document.docNumber ?? ref, document.submissions, regime);
}

function pickRegistration(
  name: string,
  submissions: readonly Pick<SubmissionDetail, 'id' | 'regime' | 'state'>[],
  regime: string | undefined,
): string {
  const live = submissions.filter((s) => REGISTERED.includes(s.state) && (!regime || s.regime === regime));
  if (live.length === 1) return live[0].id;
  if (live.length === 0) {
    throw new CliError(
      `document ${name} has no registration${regime ? ` of ${regime}` : ''} that can be cancelled`,
    );
  }
  throw new CliError(
    `document ${name} has ${live.length} registrations (${live.map((s) => s.regime).join(', ')}): choose one with --regime`,
  );
}
