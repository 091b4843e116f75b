/**
 * The e-invoice providers of a process, one per distinct settings, so token cache and rate limits are
 * shared; the allowance belongs to the client id, whichever instances share it. The settings come as the
 * boot validated them, over the process defaults already (VALIDATED_REGIME_SETTINGS).
 */
import { Logger } from '@nestjs/common';
import { stableStringify } from '../../domain';
import type { RegimeWiring } from '../../compliance';
import { ClientRateLimiter, type RateLimiter } from '../../compliance/http';
import { createEinvoiceProvider } from './create-einvoice-provider';
import { einvoiceConfig, type EinvoiceSettings } from './einvoice-settings';
import type { EinvoiceProvider } from './provider';

const providerLog = new Logger('EinvoiceProvider');

export function cachedEinvoiceProviders(
  wiring: RegimeWiring,
): (settings: EinvoiceSettings) => EinvoiceProvider {
  const providers = new Map<string, EinvoiceProvider>();
  // The allowance belongs to the client id, whichever instances (GSTINs) share it.
  const limiters = new Map<string, RateLimiter>();
  // An instance's settings are one object from the configuration validated at boot, asked for at every
  // submission: found by identity, it is not serialised (a key of a kilobyte or more) each time.
  const bySettings = new WeakMap<EinvoiceSettings, EinvoiceProvider>();
  return (settings) => {
    const known = bySettings.get(settings);
    if (known) return known;
    const key = stableStringify(settings);
    let provider = providers.get(key);
    if (!provider) {
      const config = einvoiceConfig(settings);
      const limiterKey = `${config.baseUrl}|${config.clientId}`;
      let rateLimiter = limiters.get(limiterKey);
      if (!rateLimiter) {
        rateLimiter = wiring.rateLimiter?.(config.rateLimit) ?? new ClientRateLimiter(config.rateLimit);
        limiters.set(limiterKey, rateLimiter);
      }
      provider = createEinvoiceProvider(config, {
        tokenStore: wiring.tokenStore,
        rateLimiter,
        logger: wiring.httpLogger,
        warn: (message) => providerLog.warn(message),
      });
      providers.set(key, provider);
    }
    bySettings.set(settings, provider);
    return provider;
  };
}
