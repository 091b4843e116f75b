import { ewaybillConfig } from './create-ewaybill-regime';

const BASE = {
  baseUrl: 'http://127.0.0.1:1',
  clientId: 'client',
  clientSecret: 'secret',
  gstin: '29AABCS1429B1ZQ',
};
const CATALOG_A_LOGIN = { username: 'user', password: 'pass', email: 'ops@example.com' };

describe('ewaybillConfig: the documented provider names choose the catalog', () => {
  it('accepts provider: nic-api-catalog-b as catalog B', () => {
    expect(ewaybillConfig({ ...BASE, provider: 'nic-api-catalog-b' }).catalog).toBe('B');
  });

  it('accepts provider: nic-gsp-catalog-a as catalog A (with its login)', () => {
    expect(ewaybillConfig({ ...BASE, ...CATALOG_A_LOGIN, provider: 'nic-gsp-catalog-a' }).catalog).toBe('A');
  });

  it('defaults to catalog A when neither provider nor catalog is named', () => {
    expect(ewaybillConfig({ ...BASE, ...CATALOG_A_LOGIN }).catalog).toBe('A');
  });

  it('still accepts the older catalog: B', () => {
    expect(ewaybillConfig({ ...BASE, catalog: 'B' }).catalog).toBe('B');
  });

  it('refuses an unknown provider name', () => {
    expect(() => ewaybillConfig({ ...BASE, provider: 'catalog-c' })).toThrow(/provider/);
  });
});
