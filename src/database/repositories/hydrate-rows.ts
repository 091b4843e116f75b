/**
 * Entities from rows read with plain SQL: each column's value converted as TypeORM's own finders do
 * (its driver's hydration, so a `date` column comes back as 'YYYY-MM-DD' text, not a Date), without
 * the query builder and result transformer around it, which cost as much CPU as the read itself for
 * the batches the pipeline loads.
 */
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

export function hydrateRows<E extends ObjectLiteral>(
  dataSource: DataSource,
  entity: EntityTarget<E>,
  rows: readonly Record<string, unknown>[],
  manager: EntityManager = dataSource.manager,
): E[] {
  const columns = dataSource.getMetadata(entity).columns;
  const driver = dataSource.driver;
  return rows.map((row) => {
    const values: Record<string, unknown> = {};
    for (const column of columns) {
      if (column.databaseName in row) {
        values[column.propertyName] = driver.prepareHydratedValue(row[column.databaseName], column);
      }
    }
    return manager.create(entity, values as E);
  });
}
