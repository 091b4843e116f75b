/**
 * Checks at boot, before anything starts, that every regime a connector instance names is registered in
 * this build and that its `regimeSettings` (over the process defaults) satisfy the regime's settings
 * class. A wrong value stops the boot naming the instance, the setting, the rule and the value (secrets
 * shown as [redacted]), rather than failing every submission later; a regime nobody implements would
 * otherwise leave its documents waiting at READY for ever.
 */
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { type ConnectorInstanceConfig, ConfigError, flattenErrors } from '../config';
import type { RegimeDescriptor } from '../compliance';

export interface RegimeConfigurationCheck {
  instances: readonly Pick<ConnectorInstanceConfig, 'name' | 'regimes' | 'regimeSettings'>[];
  descriptors: readonly RegimeDescriptor[];
  /** Process-wide settings under every instance's own (the sandbox's, in development). */
  defaults: Partial<Record<string, Record<string, unknown>>>;
  /**
   * False when the regimes' implementations are replaced (pipeline tests with scripted regimes): their
   * names are still checked, their settings are not the real regimes' business.
   */
  validateSettings: boolean;
  /**
   * Also ask each regime what its provider could not be built without (`settingsProblems`): the boot's
   * preflight does; an app built without a provider ever being called (pipeline and route tests) need not.
   */
  requireProviderSettings?: boolean;
}

export function regimeConfigurationProblems(check: RegimeConfigurationCheck): string[] {
  const byName = new Map(check.descriptors.map((descriptor) => [descriptor.name, descriptor]));
  const problems: string[] = [];
  for (const instance of check.instances) {
    for (const regime of instance.regimes) {
      const descriptor = byName.get(regime);
      if (!descriptor) {
        problems.push(
          `connectors.${instance.name}.regimes: ${regime} has no implementation registered in this build ` +
            `(registered: ${[...byName.keys()].join(', ') || 'none'})`,
        );
        continue;
      }
      if (!check.validateSettings) continue;
      const merged = { ...(check.defaults[regime] ?? {}), ...(instance.regimeSettings[regime] ?? {}) };
      const settings = plainToInstance(descriptor.settingsClass, merged);
      const errors = validateSync(settings, { forbidUnknownValues: false });
      const where = `connectors.${instance.name}.regimeSettings.${regime}`;
      problems.push(...flattenErrors(errors, where));
      if (errors.length === 0 && check.requireProviderSettings) {
        problems.push(
          ...(descriptor.settingsProblems?.(merged) ?? []).map(
            (line) => `${where}: ${line.replace(/^regimeSettings\.[\w-]+ is /, '')}`,
          ),
        );
      }
    }
  }
  return problems;
}

/** Throws ConfigError listing every problem (see regimeConfigurationProblems). */
export function checkRegimeConfiguration(check: RegimeConfigurationCheck): void {
  const problems = regimeConfigurationProblems(check);
  if (problems.length > 0) throw new ConfigError(problems);
}
