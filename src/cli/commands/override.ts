/**
 * `override <doc> <path>=<value>...`: fixes canonical fields (audited), then retries the document's
 * failed submissions unless --no-retry. A value is taken as text (amounts are decimal strings) unless
 * --json, which parses each value as JSON (numbers, null to remove an override, objects).
 */
import { Command, InvalidArgumentError } from 'commander';
import type { CliContext } from '../context';
import { ExitCode } from '../io';
import { formatRetryReport } from '../retry-report';
import { FAILURE_STATES } from '../../domain';
import { resolveDocument } from './document-ref';

interface Options {
  operator: string;
  reason: string;
  retry: boolean;
  json?: boolean;
  asJson?: boolean;
}

const ASSIGNMENT = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d+\])*)=(.*)$/s;

export function overrideCommand(ctx: CliContext): Command {
  return new Command('override')
    .description('fix canonical fields of a document (audited), then retry its failed submissions')
    .argument('<doc>', 'document id or document number')
    .argument('<assignments...>', 'path=value, e.g. buyer.gstin=29AAFCM7314Q1ZT or lines[0].hsnCode=73181500')
    .requiredOption('--operator <name>', 'who is fixing (audited)')
    .requiredOption('--reason <text>', 'why (audited)')
    .option('--as-json', 'parse each value as JSON (numbers, null removes an override)')
    .option('--no-retry', 'only save the overrides')
    .option('--json', 'print the JSON answers (for scripts)')
    .action(async (ref: string, assignments: string[], options: Options, command: Command) => {
      const overrides = Object.fromEntries(
        assignments.map((a) => parseAssignment(a, options.asJson ?? false)),
      );
      const client = ctx.client(command);
      const document = await resolveDocument(client, ref);
      const updated = await client.override(document.id, overrides, options.operator, options.reason);
      const failed = updated.submissions.filter((s) =>
        (FAILURE_STATES as readonly string[]).includes(s.state),
      );
      const retried =
        options.retry && failed.length > 0
          ? await client.retry({ ids: failed.map((s) => s.id) }, options.operator, options.reason)
          : undefined;
      if (retried && retried.retried.length === 0) ctx.fail(ExitCode.failed);
      if (options.json) return ctx.printJson({ document: updated, retry: retried ?? null });
      ctx.print(`saved ${Object.keys(overrides).join(', ')} on ${updated.docNumber ?? updated.id}`);
      if (retried) ctx.print(formatRetryReport(retried));
      else if (options.retry) ctx.print('no failed submission to retry');
    });
}

function parseAssignment(text: string, asJson: boolean): [string, unknown] {
  const match = ASSIGNMENT.exec(text);
  if (!match) throw new InvalidArgumentError(`not path=value: ${text}`);
  if (!asJson) return [match[1], match[2]];
  try {
    return [match[1], JSON.parse(match[2]) as unknown];
  } catch {
    throw new InvalidArgumentError(`value of ${match[1]} is not JSON: ${match[2]}`);
  }
}
