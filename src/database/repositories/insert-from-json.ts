/**
 * Multi-row INSERT whose values travel as one JSON parameter (jsonb_to_recordset): PostgreSQL parses the
 * batch once, and none of TypeORM's per-value parameter building runs (it cost more CPU than the inserts
 * themselves). Rows use entity property names; a property present in no row is left to its column
 * default. Ids are made here, so they come back in the order of the rows.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** Rows per statement: keeps one JSON parameter to a few megabytes. */
const CHUNK = 500;

export async function insertFromJson<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  rows: readonly Partial<E>[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const metadata = manager.connection.getMetadata(entity);
  const properties = new Set<string>(['id']);
  for (const row of rows) for (const key of Object.keys(row)) properties.add(key);
  const columns = [...properties].map((property) => {
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`${metadata.tableName} has no property ${property}`);
    const type = typeof column.type === 'string' ? column.type : 'text';
    return { property, name: column.databaseName, type };
  });
  const ids = rows.map((row) => (typeof row.id === 'string' ? row.id : randomUUID()));
  const list = columns.map((column) => column.name).join(', ');
  const values = columns
    .map((column) => (column.type === 'jsonb' ? `NULLIF(${column.name}, 'null'::jsonb)` : column.name))
    .join(', ');
  const definitions = columns.map((column) => `${column.name} ${column.type}`).join(', ');
  for (let start = 0; start < rows.length; start += CHUNK) {
    const records = rows.slice(start, start + CHUNK).map((row, i) => {
      const record: Record<string, unknown> = {};
      for (const column of columns)
        record[column.name] = (row as Record<string, unknown>)[column.property] ?? null;
      record.id = ids[start + i];
      return record;
    });
    await manager.query(
      `INSERT INTO ${metadata.tableName} (${list})
       SELECT ${values} FROM jsonb_to_recordset($1::jsonb) AS v(${definitions})`,
      [JSON.stringify(records)],
    );
  }
  return ids;
}
