/**
 * `submissions retry`: by `--ids` or by filters. Filters are first resolved to ids (without --state:
 * every retryable state), then ids go to the service in requests of 100 with a progress bar, so any
 * number can be retried and a failure part-way reports what was already done.
 */
import { Command, InvalidArgumentError } from 'commander';
import type { ApiClient } from '../api-client';
import {
  SUBMISSION_STATES,
  type SubmissionFilter,
  type SubmissionListItem,
  type SubmissionState,
} from '../api-types';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { ExitCode } from '../io';
import { startProgress } from '../progress';
import { chunk, formatRetryReport, mergeRetryAnswers, type RetryReport } from '../retry-report';
import { RETRYABLE_STATES } from '../../domain';
import { addFilterOptions, addJsonOption, filterOf, integerIn, type FilterOptions } from './options';

export const RETRY_CHUNK_SIZE = 100;
const LIST_PAGE_SIZE = 500;
/** The domain's retryable states (in its order), as the API names them. */
const RETRYABLE_API_STATES: readonly SubmissionState[] = Object.keys(RETRYABLE_STATES).flatMap(
  (state) => SUBMISSION_STATES.find((known) => known === state) ?? [],
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Options extends FilterOptions {
  ids?: string[];
  all?: boolean;
  max: number;
  operator: string;
  reason: string;
  json?: boolean;
}

export function submissionsRetryCommand(ctx: CliContext): Command {
  const command = new Command('retry')
    .description('retry failed submissions by ids or by filter (audited with operator and reason)')
    .option('--ids <ids>', 'comma-separated submission ids', parseIds)
    .option(
      '--all',
      'every submission in a retryable state, but those refused for their data (MAPPING_FAILED, authority refusals): fix those first',
    );
  addFilterOptions(command);
  command
    .option('--max <n>', 'with filters: retry at most this many', integerIn(1, 100_000), 1000)
    .requiredOption('--operator <name>', 'who is retrying (audited)')
    .requiredOption('--reason <text>', 'why (audited)');
  addJsonOption(command);
  return command.action(async (options: Options, cmd: Command) => {
    const filter = filterOf(options);
    const hasFilter = Object.keys(filter).length > 0;
    if (options.ids && hasFilter)
      throw new CliError('give either --ids or filters, not both', ExitCode.usage);
    if (options.all && (options.ids || hasFilter))
      throw new CliError('--all takes no --ids or filters', ExitCode.usage);
    if (!options.ids && !hasFilter && !options.all)
      throw new CliError(
        'give --ids, --all or at least one filter (--state, --connector, ...)',
        ExitCode.usage,
      );
    const client = ctx.client(cmd);
    const ids = options.ids ?? (await idsMatching(ctx, client, filter, options.max, options.all === true));
    if (ids.length === 0) return ctx.print('no submissions match: nothing to retry');
    const answer = await retryInChunks(ctx, client, ids, options);
    if (answer.retried.length === 0) ctx.fail(ExitCode.failed);
    if (options.json) return ctx.printJson(answer);
    ctx.print(formatRetryReport(answer));
  });
}

function parseIds(value: string): string[] {
  const ids = value
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter(Boolean);
  const bad = ids.filter((id) => !UUID.test(id));
  if (ids.length === 0) throw new InvalidArgumentError('no ids given');
  if (bad.length > 0)
    throw new InvalidArgumentError(`not submission ids (UUIDs): ${bad.slice(0, 5).join(', ')}`);
  return [...new Set(ids)];
}

async function idsMatching(
  ctx: CliContext,
  client: ApiClient,
  filter: SubmissionFilter,
  max: number,
  all: boolean,
): Promise<string[]> {
  const states = filter.state ? [filter.state] : RETRYABLE_API_STATES;
  const ids: string[] = [];
  const skipped = new Map<string, number>();
  let matching = 0;
  for (const state of states) {
    for (let offset = 0; ids.length < max; offset += LIST_PAGE_SIZE) {
      const page = await client.listSubmissions({ ...filter, state, limit: LIST_PAGE_SIZE, offset });
      if (offset === 0) matching += page.total;
      for (const submission of page.items) {
        if (ids.length >= max) break;
        if (all && needsDataFix(submission)) {
          skipped.set(submission.state, (skipped.get(submission.state) ?? 0) + 1);
          matching -= 1;
          continue;
        }
        ids.push(submission.id);
      }
      if (page.items.length < LIST_PAGE_SIZE || offset + LIST_PAGE_SIZE >= page.total) break;
    }
  }
  if (skipped.size > 0) {
    const counted = [...skipped].map(([state, n]) => `${n} ${state}`).join(' and ');
    ctx.note(
      `skipped ${counted}: their data was refused (our field checks, or the authority), so a retry as they are ` +
        'would be refused again; fix them in the ERP (or with `override`), or name them with --state or --ids',
    );
  }
  if (matching > ids.length)
    ctx.note(`${matching} submissions match; retrying the first ${ids.length} (raise --max for more)`);
  return ids;
}

/** Refused for its data (field errors, the authority's refusal): only a change to the document helps. */
function needsDataFix(submission: Pick<SubmissionListItem, 'state' | 'errorClass'>): boolean {
  if (submission.state === 'MAPPING_FAILED') return true;
  return submission.state === 'REJECTED' && ['rejected', 'validation'].includes(submission.errorClass ?? '');
}

async function retryInChunks(
  ctx: CliContext,
  client: ApiClient,
  ids: string[],
  options: Options,
): Promise<RetryReport> {
  const chunks = chunk(ids, RETRY_CHUNK_SIZE);
  const progress = chunks.length > 1 ? startProgress(ctx.io, 'retrying', ids.length) : undefined;
  const answers: RetryReport[] = [];
  let done = 0;
  try {
    for (const ids of chunks) {
      answers.push(await client.retry({ ids }, options.operator, options.reason));
      done += ids.length;
      progress?.update(done);
    }
  } catch (error) {
    progress?.stop();
    if (answers.length > 0) {
      ctx.note(`stopped after ${done} of ${ids.length}; what was done before the error:`);
      ctx.note(formatRetryReport(mergeRetryAnswers(answers)));
    }
    throw error;
  }
  progress?.stop();
  return mergeRetryAnswers(answers);
}
