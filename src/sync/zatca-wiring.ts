/**
 * Nest providers for KSA: the Fatoora client (process-wide; the sandbox's URL in development), the
 * onboarding service that keeps EGS keys and CSIDs sealed in Postgres, and what the reporting job needs.
 */
import type { Provider } from '@nestjs/common';
import { FatooraClient } from '../compliance/ksa/fatoora.client';
import { ZatcaOnboardingService } from '../compliance/ksa/onboarding.service';
import type { ZatcaProvider } from '../compliance/ksa/fatoora.types';
import { zatcaXmlTools } from '../compliance/ksa/zatca-xml-tools';
import { AppConfig } from '../config/app-config';
import { PostgresEgsCredentialStore } from '../database/repositories/egs-credential.repository';
import { GspSessionRepository } from '../database/repositories/gsp-session.repository';
import type { RegimeDefaults } from './regime-wiring';
import { ZatcaProviderChoice } from './zatca-provider-choice';
import { ZATCA_REPORTING_DEPENDENCIES } from './zatca-reporting.service';
import { ZatcaReonboarding } from './zatca-reonboarding.service';
import { ZatcaWaitingSubmissions } from './zatca-waiting-submissions';

export const ZATCA_PROVIDER = Symbol('ZATCA_PROVIDER');

export function zatcaProviders(defaults: RegimeDefaults): Provider[] {
  return [
    ZatcaWaitingSubmissions,
    ZatcaReonboarding,
    {
      provide: ZATCA_PROVIDER,
      useFactory: (config: AppConfig): ZatcaProvider => {
        const sandboxUrl = defaults['sa-zatca']?.baseUrl;
        return new FatooraClient({
          baseUrl: typeof sandboxUrl === 'string' ? sandboxUrl : config.zatca.baseUrl,
          environment: config.zatca.environment,
        });
      },
      inject: [AppConfig],
    },
    {
      provide: ZatcaOnboardingService,
      useFactory: (provider: ZatcaProvider, store: PostgresEgsCredentialStore) =>
        new ZatcaOnboardingService({ provider, store, ...zatcaXmlTools }),
      inject: [ZATCA_PROVIDER, PostgresEgsCredentialStore],
    },
    {
      provide: ZatcaProviderChoice,
      useFactory: (provider: ZatcaProvider, config: AppConfig, tokenStore: GspSessionRepository) =>
        new ZatcaProviderChoice(provider, {
          environment: config.zatca.environment,
          tokenStore,
          instances: config.connectors,
        }),
      inject: [ZATCA_PROVIDER, AppConfig, GspSessionRepository],
    },
    {
      provide: ZATCA_REPORTING_DEPENDENCIES,
      useFactory: (
        provider: ZatcaProvider,
        credentials: ZatcaOnboardingService,
        choice: ZatcaProviderChoice,
      ) => ({
        provider,
        providerForUnit: (egsUnitId: string) => choice.forUnit(egsUnitId),
        credentials,
      }),
      inject: [ZATCA_PROVIDER, ZatcaOnboardingService, ZatcaProviderChoice],
    },
  ];
}
