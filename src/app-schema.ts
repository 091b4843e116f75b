/**
 * The whole schema this build runs on: the core's tables and migrations, and every registered regime's
 * (RegimePlugin.entities, RegimePlugin.migrations).
 */
import { type RegimePlugin } from './compliance';
import { type RegimeSchema, runMigrations } from './database';
import { REGIME_PLUGINS } from './regimes';

export function regimeSchema(plugins: readonly RegimePlugin[]): RegimeSchema {
  return {
    entities: plugins.flatMap((plugin) => plugin.entities ?? []),
    migrations: plugins.flatMap((plugin) => plugin.migrations ?? []),
  };
}

/** The tables of the regimes this build registers. */
export const APP_REGIME_SCHEMA: RegimeSchema = regimeSchema(REGIME_PLUGINS);

/** Applies pending migrations, the core's and every registered regime's; resolves to the names applied. */
export function migrateDatabase(url: string): Promise<string[]> {
  return runMigrations(url, APP_REGIME_SCHEMA);
}
