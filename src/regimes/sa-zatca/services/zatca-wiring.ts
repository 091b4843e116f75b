/**
 * The `sa-zatca` regime's Nest composition: its logic lives in src/compliance/ksa (reporting/ for the
 * reporting job, re-issue and re-onboarding); what stays here is what compliance/ may not do, building
 * its objects from the process's configuration and binding its ports to their implementations: the
 * Fatoora client (process-wide; the sandbox's URL in development), the onboarding service over the
 * sealed EGS credential store, each instance's provider, and the reporting job's ports.
 */
import { Logger, type Provider } from '@nestjs/common';
import { zatcaXmlTools } from '../zatca-xml-tools';
import { ZatcaProviderChoice } from '../zatca-provider-choice';
import { ZatcaOnboardingService } from '../onboarding.service';
import { type ZatcaProvider } from '../fatoora.types';
import { FatooraClient } from '../fatoora.client';
import {
  ZATCA_REPORTING_CLIENTS,
  ZATCA_REPORTING_STORE,
  ZatcaReonboarding,
  ZatcaWaitingSubmissions,
  type ZatcaReportingClients,
} from '../reporting';
import { RegimeRegistry, SUBMISSION_PIPELINE, type SubmissionPipeline } from '../../../compliance';
import { AppConfig } from '../../../config';
import { GspSessionRepository } from '../../../database/repositories';
import { PostgresEgsCredentialStore, PostgresZatcaChainStore, ZatcaReportingRepository } from '../storage';
import { ComplianceHttpLog } from '../../../sync';
import type { RegimeDefaults } from '../../../compliance';
import type { ZatcaRegimeDependencies } from '../zatca.regime';

const ZATCA_PROVIDER = Symbol('ZATCA_PROVIDER');

/** What the `sa-zatca` regime is built with, besides its XML tools (bound to ZATCA_REGIME_WIRING). */
export type ZatcaRegimeWiring = Pick<
  ZatcaRegimeDependencies,
  'provider' | 'providerFor' | 'chain' | 'credentials'
>;
export const ZATCA_REGIME_WIRING = Symbol('ZATCA_REGIME_WIRING');

export function zatcaProviders(defaults: RegimeDefaults): Provider[] {
  return [
    {
      provide: ZATCA_PROVIDER,
      useFactory: (config: AppConfig): ZatcaProvider => {
        const sandboxUrl = defaults['sa-zatca']?.baseUrl;
        return new FatooraClient({
          baseUrl: typeof sandboxUrl === 'string' ? sandboxUrl : config.zatca.baseUrl,
          environment: config.zatca.environment,
          httpLogger: new ComplianceHttpLog(),
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
          httpLogger: new ComplianceHttpLog(),
        }),
      inject: [ZATCA_PROVIDER, AppConfig, GspSessionRepository],
    },
    {
      provide: ZATCA_REGIME_WIRING,
      useFactory: (
        provider: ZatcaProvider,
        chain: PostgresZatcaChainStore,
        credentials: ZatcaOnboardingService,
        choice: ZatcaProviderChoice,
      ): ZatcaRegimeWiring => ({
        provider,
        providerFor: (settings) => choice.forSettings(settings),
        chain,
        credentials,
      }),
      inject: [ZATCA_PROVIDER, PostgresZatcaChainStore, ZatcaOnboardingService, ZatcaProviderChoice],
    },
    // The reporting job's ports (ZATCA_REPORTING_JOB).
    { provide: ZATCA_REPORTING_STORE.token, useExisting: ZatcaReportingRepository },
    {
      provide: ZATCA_REPORTING_CLIENTS.token,
      useFactory: (
        provider: ZatcaProvider,
        credentials: ZatcaOnboardingService,
        choice: ZatcaProviderChoice,
      ): ZatcaReportingClients => ({
        provider,
        providerForUnit: (egsUnitId: string) => choice.forUnit(egsUnitId),
        credentials,
      }),
      inject: [ZATCA_PROVIDER, ZatcaOnboardingService, ZatcaProviderChoice],
    },
    // Re-onboarding and the held submissions, for the API and the development sandbox.
    {
      provide: ZatcaWaitingSubmissions,
      useFactory: (pipeline: SubmissionPipeline) => new ZatcaWaitingSubmissions(pipeline),
      inject: [SUBMISSION_PIPELINE.token],
    },
    {
      provide: ZatcaReonboarding,
      useFactory: (
        onboarding: ZatcaOnboardingService,
        credentials: PostgresEgsCredentialStore,
        chain: PostgresZatcaChainStore,
        reports: ZatcaReportingRepository,
        pipeline: SubmissionPipeline,
        regimes: RegimeRegistry,
      ) =>
        new ZatcaReonboarding({
          onboarding,
          credentials,
          chain,
          reports,
          pipeline,
          regime: () => regimes.get('sa-zatca'),
          log: new Logger('ZatcaReonboarding'),
        }),
      inject: [
        ZatcaOnboardingService,
        PostgresEgsCredentialStore,
        PostgresZatcaChainStore,
        ZatcaReportingRepository,
        SUBMISSION_PIPELINE.token,
        RegimeRegistry,
      ],
    },
  ];
}
