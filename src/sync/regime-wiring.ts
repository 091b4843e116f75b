/**
 * Builds the compliance regimes with their providers. Provider settings come from each connector
 * instance's `regimeSettings`, over process-wide defaults (the sandbox's URLs and credentials in
 * development). One provider per distinct settings, so token cache and rate limits are shared.
 */
import { Logger } from '@nestjs/common';
import { createEinvoiceProvider } from '../compliance/einvoice/create-einvoice-provider';
import type { EinvoiceProviderConfig } from '../compliance/einvoice/einvoice-config';
import { EinvoiceRegime } from '../compliance/einvoice/einvoice.regime';
import { createEwaybillRegime } from '../compliance/ewaybill/create-ewaybill-regime';
import type { EinvoiceProvider } from '../compliance/einvoice/provider';
import type { HttpLogger } from '../compliance/http/http-logger';
import type { TokenStore } from '../compliance/http/token-store';
import { ClientRateLimiter, type ClientRateLimit } from '../compliance/http/client-rate-limiter';
import type { RateLimiter } from '../compliance/http/rate-limiter';
import { ComplianceError, type ComplianceRegime } from '../compliance/regime';
import { stableStringify } from '../domain/content-hash';
import type { RegimeName } from '../domain/regime-name';
import { ZatcaRegime, type ZatcaRegimeDependencies } from '../compliance/ksa/zatca.regime';
import { zatcaXmlTools } from '../compliance/ksa/zatca-xml-tools';
import { ComplianceHttpLog } from './compliance-http-log';

export type RegimeDefaults = Partial<Record<RegimeName, Record<string, unknown>>>;

export interface RegimeWiring {
  defaults: RegimeDefaults;
  tokenStore: TokenStore;
  /** The compliance clients' request/response log; default: Nest's logger at debug level. */
  httpLogger?: HttpLogger;
  /**
   * The pacing of one provider allowance (a client id): shared by every process on the database in the
   * service; default one limiter in this process.
   */
  rateLimiter?: (rate: ClientRateLimit | undefined) => RateLimiter;
  zatca: Pick<ZatcaRegimeDependencies, 'provider' | 'chain' | 'credentials'>;
}

/** Every regime this build knows. A new regime: one line here. */
export function buildRegimes(wiring: RegimeWiring): ComplianceRegime[] {
  return [
    new EinvoiceRegime(cachedProviders(wiring)),
    new ZatcaRegime({ ...wiring.zatca, ...zatcaXmlTools }),
    createEwaybillRegime(
      { ...wiring, httpLogger: wiring.httpLogger ?? new ComplianceHttpLog() },
      cachedProviders(wiring),
    ),
  ];
}

const providerLog = new Logger('EinvoiceProvider');

export function cachedProviders(
  wiring: RegimeWiring,
): (settings: Record<string, unknown>) => EinvoiceProvider {
  const providers = new Map<string, EinvoiceProvider>();
  // The allowance belongs to the client id, whichever instances (GSTINs) share it.
  const limiters = new Map<string, RateLimiter>();
  // An instance's settings are one object from the configuration validated at boot, asked for at every
  // submission: found by identity, it is not merged and serialised (a key of a kilobyte or more) each time.
  const bySettings = new WeakMap<Record<string, unknown>, EinvoiceProvider>();
  return (settings) => {
    const known = bySettings.get(settings);
    if (known) return known;
    const merged = { ...(wiring.defaults['in-einvoice'] ?? {}), ...settings };
    const key = stableStringify(merged);
    let provider = providers.get(key);
    if (!provider) {
      const config = einvoiceConfig(merged);
      const limiterKey = `${config.baseUrl}|${config.clientId}`;
      let rateLimiter = limiters.get(limiterKey);
      if (!rateLimiter) {
        rateLimiter = wiring.rateLimiter?.(config.rateLimit) ?? new ClientRateLimiter(config.rateLimit);
        limiters.set(limiterKey, rateLimiter);
      }
      provider = createEinvoiceProvider(config, {
        tokenStore: wiring.tokenStore,
        rateLimiter,
        logger: wiring.httpLogger ?? new ComplianceHttpLog(),
        warn: (message) => providerLog.warn(message),
      });
      providers.set(key, provider);
    }
    bySettings.set(settings, provider);
    return provider;
  };
}

const REQUIRED = ['baseUrl', 'clientId', 'clientSecret', 'gstin'] as const;

/** Checks the free-form settings; a missing value is a config error that an operator fixes, not a retry. */
export function einvoiceConfig(settings: Record<string, unknown>): EinvoiceProviderConfig {
  const missing: string[] = REQUIRED.filter(
    (name) => typeof settings[name] !== 'string' || settings[name] === '',
  );
  if (settings.catalog !== 'A' && settings.catalog !== 'B') missing.push('catalog (A or B)');
  if (
    settings.catalog === 'A' &&
    (typeof settings.username !== 'string' || typeof settings.password !== 'string')
  ) {
    missing.push('username/password (catalog A)');
  }
  if (missing.length > 0) {
    throw new ComplianceError('config', `regimeSettings.in-einvoice is missing ${missing.join(', ')}`);
  }
  return settings as unknown as EinvoiceProviderConfig;
}
