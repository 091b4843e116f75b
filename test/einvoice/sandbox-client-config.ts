/** Provider configs pointing at a running sandbox, with fast timeouts and backoffs for tests. */
import type { EinvoiceProviderConfig } from '../../src/regimes/in-einvoice';
import { type RunningSandbox, DEFAULT_EINVOICE_ACCOUNTS, SANDBOX_GSTINS } from '@erp-connector/sandbox';

const account = DEFAULT_EINVOICE_ACCOUNTS[0];

export function providerConfig(
  sandbox: RunningSandbox,
  catalog: 'A' | 'B',
  overrides: Partial<EinvoiceProviderConfig> = {},
): EinvoiceProviderConfig {
  return {
    catalog,
    baseUrl: catalog === 'A' ? sandbox.urls.einvoiceGsp : sandbox.urls.einvoiceApi,
    clientId: account.clientId,
    clientSecret: account.clientSecret,
    username: account.username,
    password: account.password,
    gstin: SANDBOX_GSTINS.karnatakaSeller,
    email: account.email,
    publicKeyPem: sandbox.einvoice.publicKeyPem,
    http: { timeoutMs: 2_000, maxAttempts: 3, backoffBaseMs: 10, backoffMaxMs: 50 },
    ...overrides,
  };
}
