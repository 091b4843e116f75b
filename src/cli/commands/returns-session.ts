import { Command } from 'commander';
import type { CliContext } from '../context';
import { addJsonOption } from './options';
import type { ReturnsSession } from '../api-types';

function describe(gstin: string, session: ReturnsSession): string {
  if (session.state === 'operator-required') {
    return `${gstin}: operator-required: the gateway refused the session${session.reason ? ` (${session.reason})` : ''}; request and submit a new OTP`;
  }
  return `${gstin}: ${session.state}${session.expiresAt ? ` (until ${session.expiresAt})` : ''}`;
}

/**
 * The GST return gateway session an operator opens with the OTP the taxpayer receives:
 * `gst otp request <gstin>`, then `gst otp submit <gstin> <otp>`; `gst session <gstin>` shows it.
 * `returns otp-request|otp|session` are the same commands under their first names.
 */
export function returnsCommand(ctx: CliContext): Command {
  const command = new Command('returns').description('GST return gateway session: otp-request, otp, session');
  command.addCommand(sessionCommand(ctx));
  command.addCommand(
    new Command('otp-request')
      .description('ask the GST system to send the taxpayer an OTP')
      .argument('<gstin>', 'GSTIN')
      .requiredOption('--operator <name>', 'who is acting (audited)')
      .action(async (gstin: string, options: { operator: string }, sub: Command) => {
        const session = await ctx.client(sub).requestReturnsOtp(gstin, { operator: options.operator });
        ctx.print(
          `${describe(gstin, session)}; now run: returns otp ${gstin} <otp> --operator ${options.operator}`,
        );
      }),
  );
  command.addCommand(
    new Command('otp')
      .description('submit the OTP; the session then stays alive (refreshed) without the user')
      .argument('<gstin>', 'GSTIN')
      .argument('<otp>', 'the OTP the taxpayer received')
      .requiredOption('--operator <name>', 'who is acting (audited)')
      .action(async (gstin: string, otp: string, options: { operator: string }, sub: Command) => {
        const session = await ctx.client(sub).submitReturnsOtp(gstin, { otp, operator: options.operator });
        ctx.print(describe(gstin, session));
      }),
  );
  return command;
}

function sessionCommand(ctx: CliContext): Command {
  return addJsonOption(
    new Command('session').description('show the session state and expiry').argument('<gstin>', 'GSTIN'),
  ).action(async (gstin: string, options: { json?: boolean }, sub: Command) => {
    const session = await ctx.client(sub).returnsSession(gstin);
    if (options.json) return ctx.printJson(session);
    ctx.print(describe(gstin, session));
  });
}

/** `gst otp request|submit <gstin>` and `gst session <gstin>`. */
export function gstCommand(ctx: CliContext): Command {
  const otp = new Command('otp').description('open the return gateway session: request, then submit');
  otp.addCommand(
    addJsonOption(
      new Command('request')
        .description('ask the GST system to send the taxpayer an OTP')
        .argument('<gstin>', 'GSTIN')
        .requiredOption('--operator <name>', 'who is acting (audited)'),
    ).action(async (gstin: string, options: { operator: string; json?: boolean }, sub: Command) => {
      const session = await ctx.client(sub).requestReturnsOtp(gstin, { operator: options.operator });
      if (options.json) return ctx.printJson(session);
      ctx.print(
        `${describe(gstin, session)}; now run: gst otp submit ${gstin} <otp> --operator ${options.operator}`,
      );
    }),
  );
  otp.addCommand(
    addJsonOption(
      new Command('submit')
        .description('submit the OTP; the session then stays alive (refreshed) without the user')
        .argument('<gstin>', 'GSTIN')
        .argument('<otp>', 'the OTP the taxpayer received')
        .requiredOption('--operator <name>', 'who is acting (audited)'),
    ).action(
      async (gstin: string, code: string, options: { operator: string; json?: boolean }, sub: Command) => {
        const session = await ctx
          .client(sub)
          .submitReturnsOtp(gstin, { otp: code, operator: options.operator });
        if (options.json) return ctx.printJson(session);
        ctx.print(describe(gstin, session));
      },
    ),
  );
  return new Command('gst')
    .description('GST return gateway session (GSTR-2B for reconciliation): otp request|submit, session')
    .addCommand(otp)
    .addCommand(sessionCommand(ctx));
}
