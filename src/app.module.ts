/**
 * The connector service. Built from a validated config and a resolved database URL, so the same module
 * serves `main.ts`, the CLI and tests. Connector kinds and compliance regimes are lists: adding a connector
 * kind is a registration line here, a regime one in src/regimes/index.ts (its providers, routes and tables
 * come with it).
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
import {
  ComplianceHttpLog,
  CONNECTOR_FACTORIES,
  checkRegimeConfiguration,
  PIPELINE_PORT_PROVIDERS,
  RegimeJobs,
  regimeJobProblems,
  regimeQueues,
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
  PurchaseIntakeService,
  WorkersService,
  WriteBackService,
  SubmissionRecordsService,
  regimePrintableProviders,
  VALIDATED_REGIME_SETTINGS,
} from './sync';
import { RECONCILIATION_PROVIDERS, ReturnSessionService } from './reconciliation';
import { CONSOLE_CONTROLLERS, CONSOLE_PROVIDERS } from './console';
import {
  buildRegimes,
  COMPLIANCE_REGIMES,
  injectedResolver,
  regimeInjections,
  type ComplianceRegime,
  type RegimeDefaults,
  type RegimePlugin,
  RegimeRegistry,
} from './compliance';
import { regimeSchema } from './app-schema';
import { REGIME_PLUGINS } from './regimes';
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
  PushedPurchaseRepository,
  SubmissionRepository,
  WebhookReceiptRepository,
  GspSessionRepository,
  ProviderRateLimiter,
} from './database/repositories';
import { loggerOptions } from './logging';
import { MetricsModule } from './metrics';
import { MasterKey, SECRET_BOX_PROVIDER } from './security';
import { QueueService, REGIME_QUEUES } from './queue';

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
    const validatedSettings = checkRegimeConfiguration({
      instances: options.config.connectors,
      descriptors,
      defaults: options.regimeDefaults ?? {},
      validateSettings: options.regimes === undefined,
    });
    const providers: Provider[] = [
      { provide: AppConfig, useValue: options.config },
      { provide: VALIDATED_REGIME_SETTINGS, useValue: validatedSettings },
      { provide: DATABASE_URL, useValue: options.databaseUrl },
      { provide: CONNECTOR_FACTORIES, useValue: options.connectorFactories ?? defaultConnectorFactories() },
      { provide: MasterKey, useFactory: () => new MasterKey(options.config) },
      SECRET_BOX_PROVIDER,
      MasterKeyCheck,
      GspSessionRepository,
      ...plugins.flatMap((plugin) => plugin.providers?.({ defaults: options.regimeDefaults ?? {} }) ?? []),
      ...regimePrintableProviders(plugins),
      {
        provide: COMPLIANCE_REGIMES,
        useFactory: (tokenStore: GspSessionRepository, dataSource: DataSource, ...injected: unknown[]) =>
          options.regimes ??
          buildRegimes(
            {
              defaults: options.regimeDefaults ?? {},
              tokenStore,
              httpLogger: new ComplianceHttpLog(),
              rateLimiter: (rate) => new ProviderRateLimiter(dataSource, rate),
              resolve: injectedResolver(regimeInjections(plugins), injected),
            },
            plugins,
          ),
        inject: [GspSessionRepository, getDataSourceToken(), ...regimeInjections(plugins)],
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
      PushedPurchaseRepository,
      { provide: REGIME_QUEUES, useValue: regimeQueues(descriptors) },
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
      ReturnSessionService,
      DashboardService,
      CancellationService,
      RegimeOperationsService,
      HealthMonitor,
      RegimeJobContextService,
      WebhookIntakeService,
      PurchaseIntakeService,
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
        TypeOrmModule.forRoot(
          dataSourceOptions(options.databaseUrl, options.config.database.poolSize, regimeSchema(plugins)),
        ),
        ScheduleModule.forRoot(),
        MetricsModule,
      ],
      controllers: api
        ? [
            HealthController,
            DashboardController,
            DocumentsController,
            SubmissionsController,
            RegimesController,
            ConnectorsController,
            WebhooksController,
            ...plugins.flatMap((plugin) => plugin.controllers ?? []),
            ReconciliationController,
            ReturnGatewayController,
            ...CONSOLE_CONTROLLERS,
          ]
        : [HealthController],
      providers,
    };
  }
}
