/**
 * TypeORM data source options. Schema changes go through migrations only: `synchronize` is never on.
 */
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** The tables the registered regimes bring (RegimePlugin.entities and .migrations). */
export interface RegimeSchema {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: readonly Function[];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: readonly Function[];
}

export const NO_REGIME_SCHEMA: RegimeSchema = { entities: [], migrations: [] };

export function dataSourceOptions(
  url: string,
  poolSize = 10,
  regimes: RegimeSchema = NO_REGIME_SCHEMA,
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [...ENTITIES, ...regimes.entities],
    migrations: [...MIGRATIONS, ...regimes.migrations],
    migrationsRun: false,
    synchronize: false,
    extra: { max: poolSize },
    logging: false,
  };
}

/** The core's migrations and the regimes' (`src/app-schema.ts` passes every registered regime's). */
export async function runMigrations(url: string, regimes: RegimeSchema): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(url, 2, regimes));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}
