import { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient } from '../api-client';
import type { UploadAnswer } from '../api-types';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { ExitCode } from '../io';
import { addJsonOption, positiveSeconds } from './options';
import { watchUntilSettled } from './watch';

interface Options {
  json?: boolean;
  wait?: boolean;
  timeout?: number;
}

export function uploadCommand(ctx: CliContext): Command {
  return addJsonOption(
    new Command('upload')
      .description("upload a CSV file into a CSV connector's inbox; a pull is enqueued")
      .argument('<connector>', 'connector instance name')
      .argument('<file>', 'the CSV file')
      .option(
        '--wait',
        "wait until the file is pulled, then until the connector's documents have settled (exit 1 if the file is rejected or it times out)",
      )
      .option('--timeout <seconds>', 'with --wait: give up after this long', positiveSeconds),
  ).action(async (connector: string, file: string, options: Options, command: Command) => {
    const path = resolve(ctx.io.cwd, file);
    let content: Buffer;
    try {
      content = await readFile(path);
    } catch (error) {
      throw new CliError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    if (content.length === 0) throw new CliError(`${file} is empty`);
    const client = ctx.client(command);
    // What was set aside before this upload is not this file's refusal.
    const rejectedBefore = options.wait
      ? new Set((await client.listConnectorFiles(connector)).rejected.map((entry) => entry.file))
      : new Set<string>();
    const answer = await client.uploadFile(connector, basename(path), content);
    if (options.json && !options.wait) return ctx.printJson(answer);
    ctx.print(
      `uploaded ${file} to ${connector} as ${answer.filename} (${content.length} bytes, content hash ${answer.contentHash}); a pull was enqueued`,
    );
    if (!options.wait) return;
    const deadline = options.timeout === undefined ? undefined : Date.now() + options.timeout * 1000;
    if (!(await pulled(ctx, client, connector, answer, rejectedBefore, deadline))) return;
    const left = deadline === undefined ? undefined : Math.max(1, (deadline - Date.now()) / 1000);
    await watchUntilSettled(ctx, client, { connector, timeout: left });
  });
}

/**
 * Waits until the uploaded file has left the inbox: pulled (true), or set aside as rejected (its reason
 * said, exit 1, false). Right after an upload its documents do not exist yet, so watching at once would
 * find nothing waiting and stop.
 */
async function pulled(
  ctx: CliContext,
  client: ApiClient,
  connector: string,
  upload: UploadAnswer,
  rejectedBefore: ReadonlySet<string>,
  deadline: number | undefined,
): Promise<boolean> {
  for (;;) {
    const files = await client.listConnectorFiles(connector);
    const rejected = files.rejected.find(
      (entry) => !rejectedBefore.has(entry.file) && entry.contentHash === upload.contentHash,
    );
    if (rejected) {
      ctx.note(`${upload.filename} was rejected: ${rejected.reason}`);
      ctx.fail(ExitCode.failed);
      return false;
    }
    if (!files.inbox.includes(upload.filename)) {
      ctx.print(`${upload.filename} pulled; watching ${connector}'s documents until they settle`);
      return true;
    }
    if (deadline !== undefined && Date.now() >= deadline) {
      ctx.note(`${upload.filename} still waits in the inbox after the timeout`);
      ctx.fail(ExitCode.failed);
      return false;
    }
    try {
      await sleep(500, undefined, { signal: ctx.io.signal });
    } catch {
      return false;
    }
  }
}
