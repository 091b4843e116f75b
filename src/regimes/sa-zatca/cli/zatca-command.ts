/** `zatca status [unit]` and `zatca onboard <unit> --otp --config <file>` (EGS units, ZATCA CSIDs). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command } from 'commander';
import {
  addJsonOption,
  CliError,
  type CliContext,
  ExitCode,
  formatTable,
  type RequestBody,
  type Schema,
} from '../../../cli';

type EgsUnit = Schema<'EgsUnitResponse'>;
type Onboarding = RequestBody<'/zatca/egs-units/{id}/onboard', 'post'>;

export function zatcaCommand(ctx: CliContext): Command {
  const status = addJsonOption(
    new Command('status').description('EGS units: onboarding state, certificate expiry, what they wait for'),
  )
    .argument('[unit]', 'one EGS unit id')
    .action(async (unit: string | undefined, options: { json?: boolean }, command: Command) => {
      const client = ctx.client(command);
      const units: EgsUnit[] = unit
        ? [await client.call('get', '/zatca/egs-units/{id}', { params: { id: unit } })]
        : (await client.call('get', '/zatca/egs-units')).items;
      if (units.some((u) => u.state === 'REONBOARD_REQUIRED')) ctx.fail(ExitCode.failed);
      if (options.json) return ctx.printJson(units);
      if (units.length === 0) return ctx.print('no EGS units onboarded');
      ctx.print(
        formatTable(
          [
            { header: 'UNIT', value: (u: EgsUnit) => u.egsUnitId },
            { header: 'STATE', value: (u: EgsUnit) => u.state },
            { header: 'ENV', value: (u: EgsUnit) => u.environment },
            { header: 'VAT', value: (u: EgsUnit) => u.vatNumber },
            { header: 'CERT EXPIRES', value: (u: EgsUnit) => u.productionCertificateExpires },
            { header: 'ACTION', value: (u: EgsUnit) => u.action ?? '', maxWidth: 80 },
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
      let config: Partial<Pick<Onboarding, 'csr' | 'seller'>>;
      try {
        config = JSON.parse(readFileSync(resolve(ctx.io.cwd, options.config), 'utf8')) as typeof config;
      } catch (error) {
        throw new CliError(`cannot read ${options.config}: ${(error as Error).message}`, ExitCode.usage);
      }
      // The service refuses a config without them (400 naming the field).
      const { csr, seller } = config as Onboarding;
      const answer = await ctx.client(command).call('post', '/zatca/egs-units/{id}/onboard', {
        params: { id: unit },
        json: { otp: options.otp, csr, seller },
      });
      if (options.json) return ctx.printJson(answer);
      ctx.print(`EGS unit ${unit} onboarded: ${answer.state}`);
    },
  );
  return new Command('zatca')
    .description('ZATCA EGS units: status, onboard')
    .addCommand(status)
    .addCommand(onboard);
}
