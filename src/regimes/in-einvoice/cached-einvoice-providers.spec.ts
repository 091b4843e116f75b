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
    defaults: { 'in-einvoice': { baseUrl: 'http://127.0.0.1:1', catalog: 'B', clientSecret: 's' } },
    tokenStore,
    httpLogger: { exchange: () => undefined } as never,
    resolve: () => {
      throw new Error('not used');
    },
  };
}

describe('e-invoice providers by settings', () => {
  it('shares one provider among instances whose settings say the same, whether or not the object is', () => {
    const providerFor = cachedEinvoiceProviders(wiring());
    const settings = { clientId: 'client-1', gstin: '29AADCD4821K1ZI' };
    const provider = providerFor(settings);
    expect(providerFor(settings)).toBe(provider);
    expect(providerFor({ gstin: '29AADCD4821K1ZI', clientId: 'client-1' })).toBe(provider);
    expect(providerFor({ clientId: 'client-2', gstin: '29AADCD4821K1ZI' })).not.toBe(provider);
  });

  it('reports settings that cannot make a provider every time they are asked for', () => {
    const providerFor = cachedEinvoiceProviders(wiring());
    const settings = { gstin: '29AADCD4821K1ZI' };
    expect(() => providerFor(settings)).toThrow(/clientId/);
    expect(() => providerFor(settings)).toThrow(/clientId/);
  });
});
