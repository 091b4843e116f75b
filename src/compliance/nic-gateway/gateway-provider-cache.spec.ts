import type { RateLimiter } from '../http';
import { gatewayProviderCache } from './gateway-provider-cache';

interface Settings {
  baseUrl?: string;
  clientId?: string;
  gstin: string;
}

function cache() {
  const limiters: RateLimiter[] = [];
  const builds: { gstin: string; limiter: RateLimiter }[] = [];
  const providerFor = gatewayProviderCache(
    (settings: Settings) => {
      if (!settings.clientId) throw new Error('clientId is missing');
      return {
        baseUrl: settings.baseUrl ?? 'https://gsp.example',
        clientId: settings.clientId,
        gstin: settings.gstin,
      };
    },
    (config, limiter) => {
      const provider = { gstin: config.gstin, limiter };
      builds.push(provider);
      return provider;
    },
    () => {
      const limiter = { acquire: () => Promise.resolve() } as unknown as RateLimiter;
      limiters.push(limiter);
      return limiter;
    },
  );
  return { providerFor, limiters, builds };
}

describe('gatewayProviderCache', () => {
  it('builds one provider per distinct settings, whether or not the object is the same', () => {
    const { providerFor, builds } = cache();
    const settings = { clientId: 'c-1', gstin: '29AADCD4821K1ZI' };
    const provider = providerFor(settings);
    expect(providerFor(settings)).toBe(provider);
    expect(providerFor({ gstin: '29AADCD4821K1ZI', clientId: 'c-1' })).toBe(provider);
    expect(builds).toHaveLength(1);
  });

  it('paces every provider of one client id through one limiter, another client id through its own', () => {
    const { providerFor, limiters } = cache();
    const first = providerFor({ clientId: 'c-1', gstin: '29AADCD4821K1ZI' });
    const sameClient = providerFor({ clientId: 'c-1', gstin: '27AADCD4821K1ZM' });
    const otherClient = providerFor({ clientId: 'c-2', gstin: '29AADCD4821K1ZI' });
    expect(sameClient).not.toBe(first);
    expect(sameClient.limiter).toBe(first.limiter);
    expect(otherClient.limiter).not.toBe(first.limiter);
    expect(limiters).toHaveLength(2);
  });

  it('reports settings that cannot make a provider every time they are asked for', () => {
    const { providerFor } = cache();
    const settings = { gstin: '29AADCD4821K1ZI' };
    expect(() => providerFor(settings)).toThrow(/clientId/);
    expect(() => providerFor(settings)).toThrow(/clientId/);
  });
});
