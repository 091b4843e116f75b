/**
 * The ZATCA provider of each KSA instance, by its `provider:` setting (ZATCA_PROVIDERS): instances that
 * name none, or Fatoora without a URL of their own, share the process's Fatoora client; others get one
 * client per distinct settings. The reporting job finds an EGS unit's provider through the instance that
 * names the unit.
 */
import { stableStringify } from '../../domain';
import type { HttpLogger } from '../../compliance/http';
import type { TokenStore } from '../../compliance/http';
import type { ZatcaProvider } from './fatoora.types';
import type { ZatcaEnvironment } from './zatca-environment';
import { ZATCA_PROVIDER_NAMES, ZATCA_PROVIDERS } from './zatca-providers';
import type { ZatcaSettings } from './zatca-settings';

/** A connector instance as far as choosing its ZATCA provider goes. */
export interface ZatcaInstanceSettings {
  regimes: readonly string[];
  regimeSettings: Partial<Record<string, Record<string, unknown>>>;
}

export class ZatcaProviderChoice {
  private readonly built = new Map<string, ZatcaProvider>();

  constructor(
    private readonly processProvider: ZatcaProvider,
    private readonly options: {
      environment: ZatcaEnvironment;
      tokenStore?: TokenStore;
      instances: readonly ZatcaInstanceSettings[];
      httpLogger?: HttpLogger;
    },
  ) {}

  forSettings(settings: ZatcaSettings): ZatcaProvider {
    const name = ZATCA_PROVIDERS.nameFor(settings);
    if (name === ZATCA_PROVIDER_NAMES.fatoora && settings.baseUrl === undefined) return this.processProvider;
    const key = stableStringify(settings);
    let provider = this.built.get(key);
    if (!provider) {
      provider = ZATCA_PROVIDERS.create(settings, settings, {
        environment: this.options.environment,
        tokenStore: this.options.tokenStore,
        httpLogger: this.options.httpLogger,
      });
      this.built.set(key, provider);
    }
    return provider;
  }

  forUnit(egsUnitId: string): ZatcaProvider {
    const instance = this.options.instances.find(
      (i) => i.regimes.includes('sa-zatca') && i.regimeSettings['sa-zatca']?.egsUnitId === egsUnitId,
    );
    return instance ? this.forSettings(instance.regimeSettings['sa-zatca'] ?? {}) : this.processProvider;
  }
}
