/**
 * `watch`: polls GET /documents and prints every submission state change until Ctrl-C, or with
 * `--until-settled` until no submission is waiting for a job (a progress bar shows settled/total).
 */
import { Command } from 'commander';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient } from '../api-client';
import { UnreachableError } from '../api-errors';
import type { DocumentListItem, SubmissionFilter } from '../api-types';
import type { CliContext } from '../context';
import { ExitCode } from '../io';
import { startProgress, type Progress } from '../progress';
import {
  changesBetween,
  formatChange,
  formatStateCounts,
  settledCount,
  snapshotOf,
  type Snapshot,
} from '../submission-changes';
import { addFilterOptions, filterOf, integerIn, positiveSeconds, type FilterOptions } from './options';

const PAGE_SIZE = 500;

interface Options extends FilterOptions {
  interval: number;
  untilSettled?: boolean;
  timeout?: number;
  maxDocuments: number;
}

export function watchCommand(ctx: CliContext): Command {
  const command = new Command('watch').description(
    'print submission state changes as they happen, until Ctrl-C or --until-settled',
  );
  addFilterOptions(command, { withState: false });
  command
    .option('--interval <seconds>', 'seconds between polls', positiveSeconds, 2)
    .option(
      '--until-settled',
      'exit once no submission is RECEIVED, READY, SUBMITTING, RETRY or WRITEBACK_PENDING',
    )
    .option('--timeout <seconds>', 'give up after this long (exit 1 if not settled)', positiveSeconds)
    .option(
      '--max-documents <n>',
      'watch at most this many documents (newest first)',
      integerIn(1, 1_000_000),
      5000,
    );
  return command.action((options: Options, cmd: Command) => new Watch(ctx, ctx.client(cmd), options).run());
}

/**
 * Watches the submissions of `connector` until none is waiting for a job (what `upload --wait` runs once
 * the file has been pulled).
 */
export function watchUntilSettled(
  ctx: CliContext,
  client: ApiClient,
  options: { connector: string; timeout?: number; interval?: number },
): Promise<void> {
  return new Watch(ctx, client, {
    connector: options.connector,
    untilSettled: true,
    timeout: options.timeout,
    interval: options.interval ?? 2,
    maxDocuments: 5000,
  }).run();
}

class Watch {
  private previous: Snapshot | undefined;
  private progress: Progress | undefined;
  private readonly filter: SubmissionFilter;
  private readonly deadline: number | undefined;

  constructor(
    private readonly ctx: CliContext,
    private readonly client: ApiClient,
    private readonly options: Options,
  ) {
    this.filter = filterOf(options);
    this.deadline = options.timeout === undefined ? undefined : Date.now() + options.timeout * 1000;
  }

  async run(): Promise<void> {
    try {
      await this.loop();
    } finally {
      this.progress?.stop();
    }
  }

  private async loop(): Promise<void> {
    for (;;) {
      const snapshot = await this.poll();
      if (this.stopped()) return this.finish('stopped', snapshot);
      if (snapshot) {
        this.show(snapshot);
        const { settled, total } = settledCount(snapshot);
        if (this.options.untilSettled && settled === total) return this.finish('all settled', snapshot);
        this.previous = snapshot;
      }
      if (this.deadline !== undefined && Date.now() >= this.deadline) {
        if (this.options.untilSettled) this.ctx.fail(ExitCode.failed);
        return this.finish(`gave up after ${this.options.timeout} s`, snapshot ?? this.previous);
      }
      try {
        await sleep(this.options.interval * 1000, undefined, { signal: this.ctx.io.signal });
      } catch {
        return this.finish('stopped', this.previous);
      }
    }
  }

  /** A snapshot; undefined when the service went away mid-watch (it is tried again next round). */
  private async poll(): Promise<Snapshot | undefined> {
    try {
      return snapshotOf(await this.documents());
    } catch (error) {
      if (this.stopped()) return undefined;
      if (error instanceof UnreachableError && this.previous) {
        this.ctx.note(`${clock()}  ${error.message}; trying again`);
        return undefined;
      }
      throw error;
    }
  }

  private async documents(): Promise<DocumentListItem[]> {
    const all: DocumentListItem[] = [];
    for (let offset = 0; all.length < this.options.maxDocuments; offset += PAGE_SIZE) {
      const page = await this.client.listDocuments({ ...this.filter, limit: PAGE_SIZE, offset });
      all.push(...page.items.slice(0, this.options.maxDocuments - all.length));
      if (page.items.length < PAGE_SIZE || offset + PAGE_SIZE >= page.total) break;
    }
    return all;
  }

  private show(snapshot: Snapshot): void {
    const { settled, total } = settledCount(snapshot);
    if (!this.previous) {
      this.ctx.print(`${clock()}  watching ${total} submissions: ${formatStateCounts(snapshot)}`);
      if (this.options.untilSettled) this.progress = startProgress(this.ctx.io, 'settled', total);
    } else {
      for (const change of changesBetween(this.previous, snapshot)) {
        const line = formatChange(change, clock());
        if (this.progress) this.progress.log(this.ctx.io.stdout, line);
        else this.ctx.print(line);
      }
    }
    this.progress?.update(settled, total);
  }

  private finish(why: string, snapshot: Snapshot | undefined): void {
    this.progress?.stop();
    this.progress = undefined;
    this.ctx.print(`${clock()}  ${why}: ${snapshot ? formatStateCounts(snapshot) : 'no answer yet'}`);
  }

  private stopped(): boolean {
    return this.ctx.io.signal?.aborted ?? false;
  }
}

function clock(): string {
  return new Date().toTimeString().slice(0, 8);
}
