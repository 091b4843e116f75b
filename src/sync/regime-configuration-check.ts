/**
 * Checks at boot, before anything starts, that every regime a connector instance names is registered in
 * this build and that its `regimeSettings` (over the process defaults) satisfy the regime's settings
 * class. A wrong value stops the boot naming the instance, the setting, the rule and the value (secrets
 * shown as [redacted]), rather than failing every submission later; a regime nobody implements would
 * otherwise leave its documents waiting at READY for ever. What passes is handed on converted: each
 * instance's settings of a regime as one instance of its settings class, over the process defaults
 * (VALIDATED_REGIME_SETTINGS), the object every regime receives.
 */
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { type ConnectorInstanceConfig, ConfigError, flattenErrors } from '../config';
import type { RegimeDescriptor, RegimeSettings } from '../compliance';

/** Per instance name, its settings of each of its regimes as validated at boot. */
export type ValidatedRegimeSettings = ReadonlyMap<string, Readonly<Record<string, RegimeSettings>>>;
export const VALIDATED_REGIME_SETTINGS = Symbol('VALIDATED_REGIME_SETTINGS');

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
  return validateRegimeConfiguration(check).problems;
}

/** Throws ConfigError listing every problem (see regimeConfigurationProblems); else the settings as validated. */
export function checkRegimeConfiguration(check: RegimeConfigurationCheck): ValidatedRegimeSettings {
  const { problems, settings } = validateRegimeConfiguration(check);
  if (problems.length > 0) throw new ConfigError(problems);
  return settings;
}

/**
 * With `validateSettings` false (scripted regimes) an instance's settings are handed on as configured: the
 * real regimes' classes are not theirs.
 */
function validateRegimeConfiguration(check: RegimeConfigurationCheck): {
  problems: string[];
  settings: ValidatedRegimeSettings;
} {
  const byName = new Map(check.descriptors.map((descriptor) => [descriptor.name, descriptor]));
  const problems: string[] = [];
  const validated = new Map<string, Record<string, RegimeSettings>>();
  for (const instance of check.instances) {
    const ofInstance: Record<string, RegimeSettings> = {};
    validated.set(instance.name, ofInstance);
    for (const regime of instance.regimes) {
      const descriptor = byName.get(regime);
      if (!descriptor) {
        problems.push(
          `connectors.${instance.name}.regimes: ${regime} has no implementation registered in this build ` +
            `(registered: ${[...byName.keys()].join(', ') || 'none'})`,
        );
        continue;
      }
      if (!check.validateSettings) {
        ofInstance[regime] = instance.regimeSettings[regime] ?? {};
        continue;
      }
      const merged = { ...(check.defaults[regime] ?? {}), ...(instance.regimeSettings[regime] ?? {}) };
      const settings = plainToInstance(descriptor.settingsClass, merged);
      const errors = validateSync(settings, { forbidUnknownValues: false });
      ofInstance[regime] = settings;
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
  return { problems, settings: validated };
}
