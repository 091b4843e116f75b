/**
 * What the boot checks before it starts anything (PostgreSQL, the sandbox, the app): every mistake an
 * operator can fix in the configuration or the machine is one line naming it, not a stack trace after a
 * half-started service. The app module checks the same configuration again when it is built (tests build
 * it without this file).
 */
import { createServer } from 'node:net';
import { defaultConnectorFactories } from './app.module';
import { type AppConfig, ConfigError } from './config';
import { plannedSandboxInstances, plannedSandboxRegimeDefaults } from './development';
import { regimeConfigurationProblems } from './sync';
import { REGIME_PLUGINS } from './regimes';

export async function bootPreflight(config: AppConfig): Promise<void> {
  const problems = [
    ...connectorKindProblems(config),
    ...regimeConfigurationProblems({
      instances: plannedSandboxInstances(config, REGIME_PLUGINS),
      descriptors: REGIME_PLUGINS.map((plugin) => plugin.descriptor),
      defaults: plannedSandboxRegimeDefaults(config, REGIME_PLUGINS),
      validateSettings: true,
      requireProviderSettings: true,
    }),
    ...(await portProblems(config.server.port)),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
}

function connectorKindProblems(config: AppConfig): string[] {
  const known = defaultConnectorFactories().map((factory) => factory.kind);
  return config.connectors
    .filter((instance) => !known.includes(instance.kind))
    .map(
      (instance) =>
        `connectors.${instance.name}.kind: unknown kind "${instance.kind}" (known: ${known.join(', ')})`,
    );
}

/** A taken port, said before anything starts (the listen would otherwise fail after every start-up step). */
async function portProblems(port: number): Promise<string[]> {
  if (port === 0) return [];
  const taken = await new Promise<string | undefined>((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    probe.listen(port, '0.0.0.0', () => probe.close(() => resolve(undefined)));
  });
  if (!taken) return [];
  const why = taken === 'EADDRINUSE' ? 'is taken by another process' : `cannot be listened on (${taken})`;
  return [`server.port: port ${port} ${why}; stop that process or choose another with PORT=`];
}
