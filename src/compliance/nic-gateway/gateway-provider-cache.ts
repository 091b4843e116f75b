/**
 * The providers of a regime on the NIC gateway, one per distinct settings, so token cache and pacing are
 * shared; the allowance belongs to the client id, so every provider of one client id (instances of
 * several GSTINs) paces through one rate limiter. An instance's settings are one object the boot
 * validated, asked for at every submission: found by identity first, they are not serialised (a key of a
 * kilobyte or more) each time. Settings that cannot make a provider throw every time they are asked for.
 */
import { stableStringify } from '../../domain';
import { ClientRateLimiter, type ClientRateLimit, type RateLimiter } from '../http';

/** What the cache reads of a provider's config: where it goes, as whom, at what pace. */
export interface GatewayClientConfig {
  baseUrl: string;
  clientId: string;
  rateLimit?: ClientRateLimit;
}

export function gatewayProviderCache<S extends object, C extends GatewayClientConfig, P>(
  configOf: (settings: S) => C,
  build: (config: C, rateLimiter: RateLimiter) => P,
  rateLimiterFor: (rate: ClientRateLimit | undefined) => RateLimiter = (rate) => new ClientRateLimiter(rate),
): (settings: S) => P {
  const byIdentity = new WeakMap<S, P>();
  const byContent = new Map<string, P>();
  const limiters = new Map<string, RateLimiter>();
  return (settings) => {
    const known = byIdentity.get(settings);
    if (known) return known;
    const key = stableStringify(settings);
    let provider = byContent.get(key);
    if (!provider) {
      const config = configOf(settings);
      const limiterKey = `${config.baseUrl}|${config.clientId}`;
      let rateLimiter = limiters.get(limiterKey);
      if (!rateLimiter) {
        rateLimiter = rateLimiterFor(config.rateLimit);
        limiters.set(limiterKey, rateLimiter);
      }
      provider = build(config, rateLimiter);
      byContent.set(key, provider);
    }
    byIdentity.set(settings, provider);
    return provider;
  };
}
