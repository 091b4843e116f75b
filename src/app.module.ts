/**
 * The connector service. Built from a validated config and a resolved database URL, so the same module
 * serves `main.ts`, the CLI and tests. Connector kinds and compliance regimes are lists: adding one is a
 * registration line here.
 */
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { TerminusModule } from '@nestjs/terminus';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { LoggerModule } from 'nestjs-pino';
import { ApiKeyGuard } from './api/api-key.guard';
import { ApiKeys } from './api/api-keys';
import { ConnectorsController } from './api/connectors.controller';
import { DocumentsController } from './api/documents.controller';
import { HealthController, SANDBOX_SERVICES } from './api/health.controller';
import { SubmissionsController } from './api/submissions.controller';
import { EwaybillController } from './api/ewaybill.controller';
import { WebhooksController } from './api/webhooks.controller';
import { IrnCallbackController } from './api/irn-callback.controller';
import { RejectedIrnsController } from './api/rejected-irns.controller';
import { EinvoiceSubmissionLookup } from './sync/einvoice/einvoice-submission-lookup';
import { IrnCallbackService } from './sync/einvoice/irn-callback.service';
import { RejectedIrnsService } from './sync/einvoice/rejected-irns.service';
import { ZatcaController } from './api/zatca.controller';
import { ReconciliationController } from './api/reconciliation.controller';
import { ReturnGatewayController } from './api/return-gateway.controller';
import { RECONCILIATION_PROVIDERS } from './sync/reconciliation/reconciliation.providers';
import { CONSOLE_CONTROLLERS } from './console/console-controllers';
import { COMPLIANCE_REGIMES, type ComplianceRegime } from './compliance/regime';
import { RegimeRegistry } from './compliance/regime-registry';
import { AppConfig } from './config/app-config';
import { CONNECTOR_FACTORIES } from './sync/connector-registry';
import type { ConnectorFactory } from './connectors/contract';
import { CsvConnectorFactory } from './connectors/csv';
import { TallyConnectorFactory } from './connectors/tally';
import { WebhookConnectorFactory } from './connectors/webhook/webhook.connector';
import { dataSourceOptions } from './database/data-source';
import { DATABASE_URL } from './database/database-url';
import {
  AuditRepository,
  ConnectorInstanceRepository,
  ConnectorStateRepository,
  DocumentRepository,
  SubmissionRepository,
  WebhookReceiptRepository,
} from './database/repositories';
import { loggerOptions } from './logging';
import { MetricsModule } from './metrics';
import { GspSessionRepository } from './database/repositories/gsp-session.repository';
import { ProviderRateLimiter } from './database/repositories/provider-rate-limiter';
import { MasterKey } from './security/master-key';
import { SECRET_BOX_PROVIDER } from './security/secret-box.provider';
import { MasterKeyCheck } from './database/master-key-check';
import { buildRegimes, REGIME_PLUGINS, type RegimeDefaults, type RegimePlugin } from './sync/regime-wiring';
import { checkRegimeConfiguration } from './sync/regime-configuration-check';
import {
  PIPELINE_PORT_PROVIDERS,
  RegimeJobs,
  regimeJobProblems,
  unboundPortProblems,
} from './sync/regime-jobs';
import { ConfigError } from './config/config-loader';
import { ZATCA_REGIME_WIRING, zatcaProviders, type ZatcaRegimeWiring } from './sync/zatca-wiring';
import { ZatcaReportingRepository } from './database/repositories/zatca-reporting.repository';
import { PostgresZatcaChainStore } from './database/repositories/zatca-chain.repository';
import { PostgresEgsCredentialStore } from './database/repositories/egs-credential.repository';
import { QueueService } from './queue/queue.service';
import { ConnectorRuntimeService } from './sync/connector-runtime.service';
import { IngestService } from './sync/ingest.service';
import { OperatorService } from './sync/operator.service';
import { CancellationService } from './sync/cancellation.service';
import { RegimeJobContextService } from './sync/regime-job-context.service';
import { RegimeOperationsService } from './sync/regime-operations.service';
import { PullService } from './sync/pull.service';
import { SchedulerService } from './sync/scheduler.service';
import { StateTransitionsService } from './sync/state-transitions.service';
import { SubmissionProcessorService } from './sync/submission-processor.service';
import { SweepService } from './sync/sweep.service';
import { WebhookIntakeService } from './sync/webhook-intake.service';
import { WorkersService } from './sync/workers.service';
import { WriteBackService } from './sync/write-back.service';

/** ERP kinds this build knows. A new ERP: one folder under src/connectors and one line here. */
export function defaultConnectorFactories(): ConnectorFactory[] {
  return [
    new CsvConnectorFactory(),
    new WebhookConnectorFactory(),
    new TallyConnectorFactory(),
  ] as ConnectorFactory[];
}

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  connectorFactories?: ConnectorFactory[];
  /** The regimes this build registers (default REGIME_PLUGINS); configured regimes are checked against them. */
  regimePlugins?: readonly RegimePlugin[];
  /** Compliance regimes; built from `regimePlugins` unless given (pipeline tests). */
  regimes?: ComplianceRegime[];
  /** Provider settings under every instance's own (the sandbox's, in development). */
  regimeDefaults?: RegimeDefaults;
  /** The in-process sandbox's services and base URLs (development), listed in `/health` details. */
  sandboxServices?: Record<string, string>;
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    const plugins = options.regimePlugins ?? REGIME_PLUGINS;
    const descriptors = plugins.map((plugin) => plugin.descriptor);
    const jobProblems = regimeJobProblems(descriptors);
    if (jobProblems.length > 0) throw new ConfigError(jobProblems);
    checkRegimeConfiguration({
      instances: options.config.connectors,
      descriptors,
      defaults: options.regimeDefaults ?? {},
      validateSettings: options.regimes === undefined,
    });
    const providers: Provider[] = [
      { provide: AppConfig, useValue: options.config },
      { provide: DATABASE_URL, useValue: options.databaseUrl },
      { provide: CONNECTOR_FACTORIES, useValue: options.connectorFactories ?? defaultConnectorFactories() },
      { provide: MasterKey, useFactory: () => new MasterKey(options.config) },
      SECRET_BOX_PROVIDER,
      MasterKeyCheck,
      GspSessionRepository,
      PostgresZatcaChainStore,
      PostgresEgsCredentialStore,
      ZatcaReportingRepository,
      ...zatcaProviders(options.regimeDefaults ?? {}),
      {
        provide: COMPLIANCE_REGIMES,
        useFactory: (tokenStore: GspSessionRepository, zatca: ZatcaRegimeWiring, dataSource: DataSource) =>
          options.regimes ??
          buildRegimes(
            {
              defaults: options.regimeDefaults ?? {},
              tokenStore,
              rateLimiter: (rate) => new ProviderRateLimiter(dataSource, rate),
              zatca,
            },
            plugins,
          ),
        inject: [GspSessionRepository, ZATCA_REGIME_WIRING, getDataSourceToken()],
      },
      {
        provide: RegimeRegistry,
        useFactory: (regimes: ComplianceRegime[]) => new RegimeRegistry(regimes, descriptors),
        inject: [COMPLIANCE_REGIMES],
      },
      AuditRepository,
      ConnectorInstanceRepository,
      ConnectorStateRepository,
      DocumentRepository,
      SubmissionRepository,
      WebhookReceiptRepository,
      QueueService,
      ConnectorRuntimeService,
      StateTransitionsService,
      IngestService,
      SubmissionProcessorService,
      WriteBackService,
      PullService,
      SweepService,
      SchedulerService,
      WorkersService,
      RegimeJobs,
      ...PIPELINE_PORT_PROVIDERS,
      OperatorService,
      CancellationService,
      RegimeOperationsService,
      RegimeJobContextService,
      WebhookIntakeService,
      EinvoiceSubmissionLookup,
      RejectedIrnsService,
      IrnCallbackService,
      ...RECONCILIATION_PROVIDERS,
      ApiKeys,
      { provide: APP_GUARD, useClass: ApiKeyGuard },
      ...(options.sandboxServices ? [{ provide: SANDBOX_SERVICES, useValue: options.sandboxServices }] : []),
    ];
    // A port a declared job asks for that nothing binds would fail the job at its first run.
    const portProblems = unboundPortProblems(descriptors, providers);
    if (portProblems.length > 0) throw new ConfigError(portProblems);
    const api = options.config.server.roles.includes('api');
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot(loggerOptions()),
        TypeOrmModule.forRoot(dataSourceOptions(options.databaseUrl, options.config.database.poolSize)),
        ScheduleModule.forRoot(),
        TerminusModule.forRoot({ logger: false }),
        MetricsModule,
      ],
      controllers: api
        ? [
            HealthController,
            DocumentsController,
            SubmissionsController,
            EwaybillController,
            ConnectorsController,
            WebhooksController,
            IrnCallbackController,
            RejectedIrnsController,
            ZatcaController,
            ReconciliationController,
            ReturnGatewayController,
            ...CONSOLE_CONTROLLERS,
          ]
        : [HealthController],
      providers,
    };
  }
}
