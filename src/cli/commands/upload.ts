import { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { addJsonOption } from './options';

export function uploadCommand(ctx: CliContext): Command {
  return addJsonOption(
    new Command('upload')
      .description("upload a CSV file into a CSV connector's inbox; a pull is enqueued")
      .argument('<connector>', 'connector instance name')
      .argument('<file>', 'the CSV file'),
  ).action(async (connector: string, file: string, options: { json?: boolean }, command: Command) => {
    const path = resolve(ctx.io.cwd, file);
    let content: Buffer;
    try {
      content = await readFile(path);
    } catch (error) {
      throw new CliError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    if (content.length === 0) throw new CliError(`${file} is empty`);
    const answer = await ctx.client(command).uploadFile(connector, basename(path), content);
    if (options.json) return ctx.printJson(answer);
    ctx.print(
      `uploaded ${file} to ${connector} as ${answer.filename} (${content.length} bytes, content hash ${answer.contentHash}); a pull was enqueued`,
    );
  });
}
