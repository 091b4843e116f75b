/**
 * How an instance reaches ZATCA, named by `provider:` in `regimeSettings.sa-zatca`: `fatoora` (default:
 * ZATCA's own Fatoora API, at the environment's URL unless `baseUrl` says otherwise) or `gsp-ksa` (a GSP's
 * `/ksa-einvoice/...` operations with its OAuth2 client credentials). Either way the EGS unit's CSID
 * signs the calls, so a unit onboarded with Fatoora reports through the GSP as well.
 */
import type { HttpLogger } from '../../compliance/http';
import type { TokenStore } from '../../compliance/http';
import { ProviderRegistry } from '../../compliance';
import { FatooraClient } from './fatoora.client';
import type { ZatcaProvider } from './fatoora.types';
import { GspKsaClient } from './gsp-ksa.client';
import type { GspKsaSettings } from './gsp-ksa-profile';
import type { ZatcaEnvironment } from './zatca-environment';

export const ZATCA_PROVIDER_NAMES = { fatoora: 'fatoora', gspKsa: 'gsp-ksa' } as const;

export interface ZatcaProviderSettings {
  provider?: string;
  baseUrl?: string;
  clientId?: string;
  clientSecret?: string;
  email?: string;
  gspProfile?: GspKsaSettings;
}

export interface ZatcaProviderDeps {
  environment: ZatcaEnvironment;
  tokenStore?: TokenStore;
  /** Observes every attempt (the service's /metrics). */
  httpLogger?: HttpLogger;
}

export const ZATCA_PROVIDERS = new ProviderRegistry<ZatcaProviderSettings, ZatcaProviderDeps, ZatcaProvider>(
  'sa-zatca',
  {
    [ZATCA_PROVIDER_NAMES.fatoora]: (settings, deps) =>
      new FatooraClient({
        baseUrl: settings.baseUrl,
        environment: deps.environment,
        httpLogger: deps.httpLogger,
      }),
    [ZATCA_PROVIDER_NAMES.gspKsa]: (settings, deps) =>
      new GspKsaClient({
        baseUrl: settings.baseUrl ?? '',
        clientId: settings.clientId ?? '',
        clientSecret: settings.clientSecret ?? '',
        email: settings.email,
        profile: settings.gspProfile,
        tokenStore: deps.tokenStore,
        httpLogger: deps.httpLogger,
      }),
  },
  ZATCA_PROVIDER_NAMES.fatoora,
);
