/**
 * TypeORM data source options. Schema changes go through migrations only: `synchronize` is never on.
 */
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** `regimeEntities`: the tables the registered regimes bring (RegimePlugin.entities). */
export function dataSourceOptions(
  url: string,
  poolSize = 10,
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  regimeEntities: readonly Function[] = [],
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [...ENTITIES, ...regimeEntities],
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    extra: { max: poolSize },
    logging: false,
  };
}

export async function runMigrations(url: string): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(url, 2));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}
