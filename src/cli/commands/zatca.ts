/** `zatca status [unit]` and `zatca onboard <unit> --otp --config <file>` (EGS units, ZATCA CSIDs). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { CliError } from '../cli-error';
import type { CliContext } from '../context';
import { ExitCode } from '../io';
import { formatTable } from '../table';
import { addJsonOption } from './options';

type Unit = Record<string, unknown>;
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

export function zatcaCommand(ctx: CliContext): Command {
  const status = addJsonOption(
    new Command('status').description('EGS units: onboarding state, certificate expiry, what they wait for'),
  )
    .argument('[unit]', 'one EGS unit id')
    .action(async (unit: string | undefined, options: { json?: boolean }, command: Command) => {
      const client = ctx.client(command);
      const units: Unit[] = unit ? [await client.getEgsUnit(unit)] : (await client.listEgsUnits()).items;
      if (units.some((u) => u.state === 'REONBOARD_REQUIRED')) ctx.fail(ExitCode.failed);
      if (options.json) return ctx.printJson(units);
      if (units.length === 0) return ctx.print('no EGS units onboarded');
      ctx.print(
        formatTable(
          [
            { header: 'UNIT', value: (u: Unit) => text(u.egsUnitId) },
            { header: 'STATE', value: (u: Unit) => text(u.state) },
            { header: 'ENV', value: (u: Unit) => text(u.environment) },
            { header: 'VAT', value: (u: Unit) => text(u.vatNumber) },
            { header: 'CERT EXPIRES', value: (u: Unit) => text(u.productionCertificateExpires) },
            { header: 'ACTION', value: (u: Unit) => text(u.action), maxWidth: 80 },
          ],
          units,
        ),
      );
    });
  const onboard = addJsonOption(
    new Command('onboard')
      .description(
        'onboard (or re-onboard) an EGS unit: CSR, compliance CSID with the OTP, checks, production CSID',
      )
      .argument('<unit>', 'EGS unit id')
      .requiredOption('--otp <otp>', 'one-time password from the Fatoora portal (6 digits)')
      .requiredOption('--config <file>', 'JSON file with { "csr": {...}, "seller": {...} }'),
  ).action(
    async (unit: string, options: { otp: string; config: string; json?: boolean }, command: Command) => {
      let config: { csr?: unknown; seller?: unknown };
      try {
        config = JSON.parse(readFileSync(resolve(ctx.io.cwd, options.config), 'utf8')) as typeof config;
      } catch (error) {
        throw new CliError(`cannot read ${options.config}: ${(error as Error).message}`, ExitCode.usage);
      }
      const answer = await ctx
        .client(command)
        .onboardEgsUnit(unit, { otp: options.otp, csr: config.csr, seller: config.seller });
      if (options.json) return ctx.printJson(answer);
      ctx.print(`EGS unit ${unit} onboarded: ${text(answer.state)}`);
    },
  );
  return new Command('zatca')
    .description('ZATCA EGS units: status, onboard')
    .addCommand(status)
    .addCommand(onboard);
}
