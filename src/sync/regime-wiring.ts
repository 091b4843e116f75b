/**
 * Builds the compliance regimes with their providers. Provider settings come from each connector
 * instance's `regimeSettings`, over process-wide defaults (the sandbox's URLs and credentials in
 * development). One provider per distinct settings, so token cache and rate limits are shared.
 */
import { Logger } from '@nestjs/common';
import {
  createEinvoiceProvider,
  einvoiceConfig,
  EinvoiceRegime,
  type EinvoiceProvider,
  EINVOICE_DESCRIPTOR,
} from '../regimes/in-einvoice';
import {
  type HttpLogger,
  type TokenStore,
  ClientRateLimiter,
  type ClientRateLimit,
  type RateLimiter,
} from '../compliance/http';
import type { ComplianceRegime, RegimeDescriptor } from '../compliance';
import { createEwaybillRegime, EWAYBILL_DESCRIPTOR } from '../regimes/in-ewaybill';
import {
  ZATCA_DESCRIPTOR,
  ZatcaRegime,
  type ZatcaRegimeDependencies,
  zatcaXmlTools,
} from '../regimes/sa-zatca';
import { stableStringify, type RegimeName } from '../domain';
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
  zatca: Pick<ZatcaRegimeDependencies, 'provider' | 'providerFor' | 'chain' | 'credentials'>;
}

/** A regime as this build registers it: its descriptor and how to build it from the process's wiring. */
export interface RegimePlugin {
  descriptor: RegimeDescriptor;
  create(wiring: RegimeWiring): ComplianceRegime;
}

/** Every regime this build knows. A new regime: one folder under src/compliance and one line here. */
export const REGIME_PLUGINS: readonly RegimePlugin[] = [
  { descriptor: EINVOICE_DESCRIPTOR, create: (w) => new EinvoiceRegime(cachedProviders(w)) },
  { descriptor: ZATCA_DESCRIPTOR, create: (w) => new ZatcaRegime({ ...w.zatca, ...zatcaXmlTools }) },
  {
    descriptor: EWAYBILL_DESCRIPTOR,
    create: (w) =>
      createEwaybillRegime({ ...w, httpLogger: w.httpLogger ?? new ComplianceHttpLog() }, cachedProviders(w)),
  },
];

export function buildRegimes(
  wiring: RegimeWiring,
  plugins: readonly RegimePlugin[] = REGIME_PLUGINS,
): ComplianceRegime[] {
  return plugins.map((plugin) => plugin.create(wiring));
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
