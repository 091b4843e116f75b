/**
 * The connector service. Built from a validated config and a resolved database URL, so the same module
 * serves `main.ts`, the CLI and tests. Connector kinds and compliance regimes are lists: adding one is a
 * registration line here.
 */
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { LoggerModule } from 'nestjs-pino';
import {
  ApiKeyGuard,
  ApiKeys,
  ConnectorsController,
  DashboardController,
  DocumentsController,
  HealthController,
  SANDBOX_SERVICES,
  SubmissionsController,
  RegimesController,
  WebhooksController,
  ReconciliationController,
  ReturnGatewayController,
} from './api';
import { EwaybillController } from './regimes/in-ewaybill/routes';
import { IrnCallbackController, RejectedIrnsController } from './regimes/in-einvoice/routes';
import { ZatcaController } from './regimes/sa-zatca/routes';
import {
  CONNECTOR_FACTORIES,
  buildRegimes,
  REGIME_PLUGINS,
  type RegimeDefaults,
  type RegimePlugin,
  checkRegimeConfiguration,
  PIPELINE_PORT_PROVIDERS,
  RegimeJobs,
  regimeJobProblems,
  unboundPortProblems,
  ConnectorRuntimeService,
  IngestService,
  IntakeValidationService,
  OperatorService,
  DashboardService,
  CancellationService,
  RegimeJobContextService,
  RegimeOperationsService,
  HealthMonitor,
  PullService,
  SchedulerService,
  StateTransitionsService,
  SubmissionProcessorService,
  SweepService,
  WebhookIntakeService,
  WorkersService,
  WriteBackService,
  SubmissionRecordsService,
} from './sync';
import {
  EinvoiceSubmissionLookup,
  IrnCallbackService,
  RejectedIrnsService,
} from './regimes/in-einvoice/services';
import {
  ZATCA_REGIME_WIRING,
  zatcaProviders,
  ZatcaRecordsService,
  type ZatcaRegimeWiring,
} from './regimes/sa-zatca/services';
import { RECONCILIATION_PROVIDERS, ReturnSessionService } from './reconciliation';
import { CONSOLE_CONTROLLERS, CONSOLE_PROVIDERS } from './console';
import { COMPLIANCE_REGIMES, type ComplianceRegime, RegimeRegistry } from './compliance';
import { REJECTED_IRNS_PASS } from './regimes/in-einvoice';
import { AppConfig, ConfigError } from './config';
import type { ConnectorFactory } from './connectors';
import { CsvConnectorFactory } from './connectors/csv';
import { TallyConnectorFactory } from './connectors/tally';
import { WebhookConnectorFactory } from './connectors/webhook';
import { dataSourceOptions, DATABASE_URL, MasterKeyCheck } from './database';
import {
  AuditRepository,
  ConnectorInstanceRepository,
  ConnectorStateRepository,
  DocumentRepository,
  DashboardRepository,
  SubmissionRepository,
  WebhookReceiptRepository,
  GspSessionRepository,
  ProviderRateLimiter,
} from './database/repositories';
import {
  ZatcaReportingRepository,
  PostgresZatcaChainStore,
  PostgresEgsCredentialStore,
} from './regimes/sa-zatca/storage';
import { loggerOptions } from './logging';
import { MetricsModule } from './metrics';
import { MasterKey, SECRET_BOX_PROVIDER } from './security';
import { QueueService } from './queue';

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
      DashboardRepository,
      SubmissionRepository,
      WebhookReceiptRepository,
      QueueService,
      ConnectorRuntimeService,
      StateTransitionsService,
      IngestService,
      SubmissionProcessorService,
      IntakeValidationService,
      WriteBackService,
      PullService,
      SweepService,
      SchedulerService,
      WorkersService,
      RegimeJobs,
      ...PIPELINE_PORT_PROVIDERS,
      OperatorService,
      SubmissionRecordsService,
      ZatcaRecordsService,
      ReturnSessionService,
      DashboardService,
      CancellationService,
      RegimeOperationsService,
      HealthMonitor,
      RegimeJobContextService,
      WebhookIntakeService,
      EinvoiceSubmissionLookup,
      RejectedIrnsService,
      { provide: REJECTED_IRNS_PASS.token, useExisting: RejectedIrnsService },
      IrnCallbackService,
      ...RECONCILIATION_PROVIDERS,
      ...CONSOLE_PROVIDERS,
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
        MetricsModule,
      ],
      controllers: api
        ? [
            HealthController,
            DashboardController,
            DocumentsController,
            SubmissionsController,
            EwaybillController,
            RegimesController,
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
