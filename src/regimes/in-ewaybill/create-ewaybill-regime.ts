/**
 * Builds the `in-ewaybill` regime with its providers from connector instances' settings over the
 * process-wide defaults: one provider per distinct settings (token cache and rate limits shared), the
 * HTTP client's own retries off (the regime retries 3 times at 1 s, 2 s, 4 s).
 */
import type { EinvoiceProvider, EinvoiceSettings } from '../in-einvoice';
import type { ClientRateLimit } from '../../compliance/http';
import type { RateLimiter } from '../../compliance/http';
import type { HttpLogger } from '../../compliance/http';
import type { TokenStore } from '../../compliance/http';
import { gatewayProviderCache, NIC_PROVIDERS, type NicGatewaySettings } from '../../compliance';
import { ComplianceError } from '../../compliance';
import { createEwaybillProvider } from './create-ewaybill-provider';
import type { EwaybillProviderConfig } from './ewaybill-config';
import type { EwaybillSettings } from './ewaybill-settings';
import type { Sleep } from './ewaybill-retry';
import type { EwaybillProvider } from './ewaybill-types';
import { EwaybillRegime, type EwaybillByIrnProvider } from './ewaybill.regime';

export interface EwaybillRegimeWiring {
  /** The process defaults per regime: the e-invoice's are what GENERATE_EWAYBILL by IRN goes through. */
  defaults: Partial<Record<string, Record<string, unknown>>>;
  tokenStore: TokenStore;
  httpLogger?: HttpLogger;
  /** The pacing of one provider allowance, shared across processes in the service. */
  rateLimiter?: (rate: ClientRateLimit | undefined) => RateLimiter;
  sleep?: Sleep;
}

const REQUIRED = ['baseUrl', 'clientId', 'clientSecret', 'gstin'] as const;

/** `einvoiceFor`: the e-invoice providers (in-einvoice's cache), for GENERATE_EWAYBILL by IRN. */
export function createEwaybillRegime(
  wiring: EwaybillRegimeWiring,
  einvoiceFor?: (settings: EinvoiceSettings) => EinvoiceProvider,
): EwaybillRegime {
  // The settings come as the boot validated them, over the process defaults already
  // (VALIDATED_REGIME_SETTINGS): `lookup` and `einvoice` too (a lookup given only in the defaults was once
  // ignored, so after a lost answer catalog B resent, met 604 and refused the document).
  const build = gatewayProviderCache(
    ewaybillConfig,
    (config, rateLimiter): EwaybillProvider =>
      createEwaybillProvider(config, {
        tokenStore: wiring.tokenStore,
        rateLimiter,
        logger: wiring.httpLogger,
      }),
    wiring.rateLimiter,
  );
  // One e-invoice settings object per instance, so the e-invoice provider cache finds it by identity.
  const einvoiceOf = new WeakMap<EwaybillSettings, EinvoiceSettings | undefined>();
  const einvoiceSettings = (settings: EwaybillSettings): EinvoiceSettings | undefined => {
    if (!einvoiceOf.has(settings))
      einvoiceOf.set(settings, einvoiceSettingsOf(settings, wiring.defaults['in-einvoice']));
    return einvoiceOf.get(settings);
  };
  return new EwaybillRegime({
    ewaybillFor: (settings) => build(settings),
    lookupFor: (settings) => {
      const lookup = settings.lookup;
      return isObject(lookup) ? build(lookup) : undefined;
    },
    byIrnFor: (settings) => {
      const einvoice = einvoiceSettings(settings);
      if (!einvoiceFor || !einvoice) return undefined;
      let provider: EinvoiceProvider & Partial<EwaybillByIrnProvider>;
      try {
        provider = einvoiceFor(einvoice) as EinvoiceProvider & Partial<EwaybillByIrnProvider>;
      } catch (error) {
        // No e-invoice API configured for this GSTIN: the bill goes directly, which NIC equally allows.
        if (error instanceof ComplianceError && error.errorClass === 'config') return undefined;
        throw error;
      }
      return typeof provider.generateEwaybillByIrn === 'function'
        ? (provider as EwaybillByIrnProvider)
        : undefined;
    },
    sleep: wiring.sleep,
  });
}

/** Checks the free-form settings; a missing value is a config error that an operator fixes, not a retry. */
export function ewaybillConfig(settings: NicGatewaySettings): EwaybillProviderConfig {
  const missing: string[] = REQUIRED.filter(
    (name) => typeof settings[name] !== 'string' || settings[name] === '',
  );
  const catalog = ewaybillCatalogOf(settings);
  if (catalog === undefined) missing.push(`provider (${Object.values(NIC_PROVIDERS).join(' or ')})`);
  if (
    catalog === 'A' &&
    (typeof settings.username !== 'string' ||
      typeof settings.password !== 'string' ||
      typeof settings.email !== 'string')
  ) {
    missing.push('username/password/email (catalog A)');
  }
  if (missing.length > 0) {
    throw new ComplianceError('config', `regimeSettings.in-ewaybill is missing ${missing.join(', ')}`);
  }
  const config = settings as unknown as EwaybillProviderConfig;
  return { ...config, catalog, http: { maxAttempts: 1, ...(config.http ?? {}) } };
}

/**
 * The catalog the settings choose: the documented `provider:` name first, else the older `catalog:`, else
 * the documented default (`nic-gsp-catalog-a`). Undefined when either names something unknown.
 */
function ewaybillCatalogOf(settings: NicGatewaySettings): 'A' | 'B' | undefined {
  if (settings.provider !== undefined) {
    if (settings.provider === NIC_PROVIDERS.gspCatalogA) return 'A';
    if (settings.provider === NIC_PROVIDERS.apiCatalogB) return 'B';
    return undefined;
  }
  if (settings.catalog === undefined) return 'A';
  return settings.catalog === 'A' || settings.catalog === 'B' ? settings.catalog : undefined;
}

/**
 * The e-invoice settings GENERATE_EWAYBILL by IRN goes through, over the process's in-einvoice defaults
 * (`einvoiceDefaults`; the e-way bill instance's own settings are over the e-way bill's): `einvoice:`
 * where the instance names them, else the defaults for the instance's GSTIN.
 */
export function einvoiceSettingsOf(
  settings: Pick<EwaybillSettings, 'einvoice' | 'gstin'>,
  einvoiceDefaults: Record<string, unknown> = {},
): EinvoiceSettings | undefined {
  if (isObject(settings.einvoice)) return { ...einvoiceDefaults, ...settings.einvoice };
  return typeof settings.gstin === 'string' ? { ...einvoiceDefaults, gstin: settings.gstin } : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
