import { ApiV1EinvoiceClient } from './in-einvoice';
import { createEinvoiceProvider, EINVOICE_PROVIDERS } from './in-einvoice';
import type { EinvoiceProviderConfig } from '../compliance/nic-gateway';
import { GspEinvoiceClient } from './in-einvoice';
import { CatalogAEwaybillClient } from './in-ewaybill';
import { CatalogBEwaybillClient } from './in-ewaybill';
import { createEwaybillProvider } from './in-ewaybill';
import { FatooraClient } from './sa-zatca';
import { GspKsaClient } from './sa-zatca';
import { ZATCA_PROVIDERS } from './sa-zatca';
import { ComplianceError } from '../compliance';

const NIC: EinvoiceProviderConfig = {
  baseUrl: 'http://127.0.0.1:1',
  clientId: 'client',
  clientSecret: 'secret',
  username: 'user',
  password: 'pass',
  email: 'ops@example.com',
  gstin: '29AADCD4821K1ZI',
};
const quiet = { warn: () => undefined };

describe('providers chosen by the provider: setting', () => {
  it('builds the e-invoice provider the setting names, catalog A by default', () => {
    expect(createEinvoiceProvider({ ...NIC, provider: 'nic-api-catalog-b' }, quiet)).toBeInstanceOf(
      ApiV1EinvoiceClient,
    );
    expect(createEinvoiceProvider({ ...NIC, provider: 'nic-gsp-catalog-a' }, quiet)).toBeInstanceOf(
      GspEinvoiceClient,
    );
    expect(createEinvoiceProvider(NIC, quiet)).toBeInstanceOf(GspEinvoiceClient);
    expect(EINVOICE_PROVIDERS.defaultName).toBe('nic-gsp-catalog-a');
  });

  it('still reads the older catalog: A | B, and provider: wins over it', () => {
    expect(createEinvoiceProvider({ ...NIC, catalog: 'B' }, quiet)).toBeInstanceOf(ApiV1EinvoiceClient);
    expect(createEinvoiceProvider({ ...NIC, catalog: 'A' }, quiet)).toBeInstanceOf(GspEinvoiceClient);
    expect(
      createEinvoiceProvider({ ...NIC, catalog: 'A', provider: 'nic-api-catalog-b' }, quiet),
    ).toBeInstanceOf(ApiV1EinvoiceClient);
  });

  it('does the same for the e-way bill API', () => {
    expect(createEwaybillProvider({ ...NIC, provider: 'nic-api-catalog-b' }, quiet)).toBeInstanceOf(
      CatalogBEwaybillClient,
    );
    expect(createEwaybillProvider({ ...NIC, catalog: 'B' }, quiet)).toBeInstanceOf(CatalogBEwaybillClient);
    expect(createEwaybillProvider(NIC, quiet)).toBeInstanceOf(CatalogAEwaybillClient);
  });

  it('reaches ZATCA through Fatoora by default and through the KSA GSP when the instance names it', () => {
    const deps = { environment: 'simulation' as const };
    expect(ZATCA_PROVIDERS.create({}, {}, deps)).toBeInstanceOf(FatooraClient);
    const gsp = { provider: 'gsp-ksa', baseUrl: 'http://127.0.0.1:1', clientId: 'c', clientSecret: 's' };
    expect(ZATCA_PROVIDERS.create(gsp, gsp, deps)).toBeInstanceOf(GspKsaClient);
  });

  it('refuses a provider it does not know as a configuration error naming the known ones', () => {
    expect(() => createEinvoiceProvider({ ...NIC, provider: 'catalog-c' }, quiet)).toThrow(ComplianceError);
    expect(() => createEinvoiceProvider({ ...NIC, provider: 'catalog-c' }, quiet)).toThrow(
      'regimeSettings.in-einvoice.provider: unknown provider "catalog-c" (known: nic-gsp-catalog-a, nic-api-catalog-b)',
    );
  });
});
