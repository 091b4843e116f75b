import type { RegimeWiring } from '../../compliance';
import type { TokenStore } from '../../compliance/http';
import { cachedEinvoiceProviders } from './cached-einvoice-providers';

const tokenStore: TokenStore = {
  get: () => Promise.resolve(undefined),
  put: () => Promise.resolve(),
  invalidate: () => Promise.resolve(),
  withRefreshLock: (_key, refresh) => refresh(),
};

function wiring(): RegimeWiring {
  return {
    defaults: {},
    tokenStore,
    httpLogger: { exchange: () => undefined } as never,
    resolve: () => {
      throw new Error('not used');
    },
  };
}

// As the boot hands them on: the instance's settings over the process defaults.
const GATEWAY = { baseUrl: 'http://127.0.0.1:1', catalog: 'B' as const, clientSecret: 's' };

describe('e-invoice providers by settings', () => {
  it('shares one provider among instances whose settings say the same, whether or not the object is', () => {
    const providerFor = cachedEinvoiceProviders(wiring());
    const settings = { ...GATEWAY, clientId: 'client-1', gstin: '29AADCD4821K1ZI' };
    const provider = providerFor(settings);
    expect(providerFor(settings)).toBe(provider);
    expect(providerFor({ gstin: '29AADCD4821K1ZI', clientId: 'client-1', ...GATEWAY })).toBe(provider);
    expect(providerFor({ ...GATEWAY, clientId: 'client-2', gstin: '29AADCD4821K1ZI' })).not.toBe(provider);
  });

  it('reports settings that cannot make a provider every time they are asked for', () => {
    const providerFor = cachedEinvoiceProviders(wiring());
    const settings = { ...GATEWAY, gstin: '29AADCD4821K1ZI' };
    expect(() => providerFor(settings)).toThrow(/clientId/);
    expect(() => providerFor(settings)).toThrow(/clientId/);
  });
});
