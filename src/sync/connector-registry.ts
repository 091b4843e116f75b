/**
 * Builds the configured connector instances from the registered factories (one per ERP kind, gathered
 * under CONNECTOR_FACTORIES) and validates each instance's settings against its kind's config class.
 */
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { resolve } from 'node:path';
import { type ConnectorInstanceConfig, ConfigError, flattenErrors } from '../config';
import { redact } from '../security';
import type { ConnectorContext, ConnectorFactory, ErpConnector } from '../connectors';
import type { RegimeSettings } from '../compliance';

export const CONNECTOR_FACTORIES = Symbol('CONNECTOR_FACTORIES');

export interface RegisteredConnector {
  name: string;
  kind: string;
  enabled: boolean;
  regimes: string[];
  /**
   * Each regime's settings as validated at boot: an instance of its descriptor's settings class over the
   * process defaults (VALIDATED_REGIME_SETTINGS); opaque here.
   */
  regimeSettings: Readonly<Record<string, RegimeSettings>>;
  connector: ErpConnector;
  /** The validated config with secrets redacted: safe to store, log and return. */
  publicConfig: Record<string, unknown>;
}

export class ConnectorRegistry {
  private readonly byName = new Map<string, RegisteredConnector>();

  constructor(
    factories: ConnectorFactory[],
    instances: ConnectorInstanceConfig[],
    dataDir: string,
    log: ConnectorContext['log'],
    /** What the host keeps for each instance in its database (state, pushed purchases); none in tests. */
    hostStoresFor?: (instanceName: string) => Pick<ConnectorContext, 'state' | 'pushedPurchases'>,
    /** The regime settings the boot validated, per instance; the configured ones where none is given. */
    validatedSettings?: ReadonlyMap<string, Readonly<Record<string, RegimeSettings>>>,
  ) {
    const factoryByKind = new Map(factories.map((f) => [f.kind, f]));
    const problems: string[] = [];
    for (const instance of instances) {
      if (this.byName.has(instance.name)) {
        problems.push(`connectors.${instance.name}: the name is used twice`);
        continue;
      }
      const factory = factoryByKind.get(instance.kind);
      if (!factory) {
        problems.push(
          `connectors.${instance.name}.kind: unknown kind "${instance.kind}" (known: ${[...factoryByKind.keys()].join(', ')})`,
        );
        continue;
      }
      const config = plainToInstance(factory.configClass, instance.config, { exposeDefaultValues: true });
      const errors = validateSync(config, { whitelist: true, forbidNonWhitelisted: true });
      if (errors.length > 0) {
        problems.push(...flattenErrors(errors, `connectors.${instance.name}.config`));
        continue;
      }
      const context: ConnectorContext = {
        dataDir: resolve(dataDir, 'connectors', instance.name),
        log,
        ...hostStoresFor?.(instance.name),
      };
      this.byName.set(instance.name, {
        name: instance.name,
        kind: instance.kind,
        enabled: instance.enabled,
        regimes: instance.regimes,
        regimeSettings: validatedSettings?.get(instance.name) ?? instance.regimeSettings,
        connector: factory.create(instance.name, config, context),
        publicConfig: redact(config) as Record<string, unknown>,
      });
    }
    if (problems.length > 0) throw new ConfigError(problems);
  }

  get(name: string): RegisteredConnector | undefined {
    return this.byName.get(name);
  }

  list(): RegisteredConnector[] {
    return [...this.byName.values()];
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled(this.list().map((r) => r.connector.close?.() ?? Promise.resolve()));
  }
}
