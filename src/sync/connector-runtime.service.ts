/**
 * The live connector instances: built from configuration at boot and mirrored into `connector_instance`
 * (secrets redacted) so documents can reference them and cursors survive restarts.
 */
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
  Optional,
} from '@nestjs/common';
import { AppConfig } from '../config';
import { CONNECTOR_FACTORIES, ConnectorRegistry, type RegisteredConnector } from './connector-registry';
import type { ConnectorFactory } from '../connectors';
import { VALIDATED_REGIME_SETTINGS, type ValidatedRegimeSettings } from './regime-configuration-check';
import {
  ConnectorInstanceRepository,
  ConnectorStateRepository,
  PushedPurchaseRepository,
} from '../database/repositories';

export interface LiveConnector extends RegisteredConnector {
  id: string;
}

/** What GET /connectors answers per instance. */
export interface ConnectorSummary {
  name: string;
  kind: string;
  enabled: boolean;
  regimes: string[];
  config: Record<string, unknown>;
  cursor: Record<string, unknown> | null;
  lastPullAt: Date | null;
  lastPullStats: Record<string, unknown> | null;
}

@Injectable()
export class ConnectorRuntimeService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Connectors');
  private readonly registry: ConnectorRegistry;
  private readonly live = new Map<string, LiveConnector>();

  constructor(
    config: AppConfig,
    @Inject(CONNECTOR_FACTORIES) factories: ConnectorFactory[],
    private readonly instances: ConnectorInstanceRepository,
    state: ConnectorStateRepository,
    pushedPurchases: PushedPurchaseRepository,
    @Optional() @Inject(VALIDATED_REGIME_SETTINGS) validatedSettings?: ValidatedRegimeSettings,
  ) {
    this.registry = new ConnectorRegistry(
      factories,
      config.connectors,
      config.server.dataDir,
      {
        info: (msg, meta) => this.logger.log({ msg, ...meta }),
        warn: (msg, meta) => this.logger.warn({ msg, ...meta }),
      },
      (instance) => ({
        state: state.forInstance(instance),
        pushedPurchases: pushedPurchases.forInstance(instance),
      }),
      validatedSettings,
    );
  }

  async onModuleInit(): Promise<void> {
    for (const registered of this.registry.list()) {
      const row = await this.instances.upsertDeclared({
        name: registered.name,
        kind: registered.kind,
        config: registered.publicConfig,
        enabled: registered.enabled,
      });
      this.live.set(registered.name, { ...registered, id: row.id });
    }
  }

  get(name: string): LiveConnector | undefined {
    return this.live.get(name);
  }

  byId(id: string): LiveConnector | undefined {
    return [...this.live.values()].find((c) => c.id === id);
  }

  list(): LiveConnector[] {
    return [...this.live.values()];
  }

  /** Each live instance as configured (secrets redacted), with its stored cursor and last pull. */
  async summaries(): Promise<ConnectorSummary[]> {
    const rows = await this.instances.list();
    return this.list().map((live) => {
      const row = rows.find((r) => r.id === live.id);
      return {
        name: live.name,
        kind: live.kind,
        enabled: live.enabled,
        regimes: live.regimes,
        config: live.publicConfig,
        cursor: row?.cursor ?? null,
        lastPullAt: row?.lastPullAt ?? null,
        lastPullStats: row?.lastPullStats ?? null,
      };
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.registry.closeAll();
  }
}
