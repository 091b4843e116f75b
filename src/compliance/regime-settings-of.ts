/**
 * A regime's settings of a connector instance, as its own code reads them: the instance's `regimeSettings`
 * are opaque to the generic layers, validated at boot against the descriptor's settings class (sync's
 * regime configuration check), so the descriptor names their type.
 */
import type { RegimeDescriptor } from './regime-descriptor';
import type { RegimeSettings } from './regime';

export function regimeSettingsOf<S extends object>(
  descriptor: Pick<RegimeDescriptor<S>, 'name' | 'settingsClass'>,
  settings: Readonly<Record<string, RegimeSettings>>,
): S | undefined {
  return settings[descriptor.name] as S | undefined;
}
