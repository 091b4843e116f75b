/**
 * Multi-row INSERT whose values travel as one JSON parameter (json[b]_to_recordset): PostgreSQL parses the
 * batch once, and none of TypeORM's per-value parameter building runs (it cost more CPU than the inserts
 * themselves). Rows use entity property names; a row leaves the columns it does not name to their
 * defaults (rows naming different columns go in separate statements). Ids are made here, so they come
 * back in the order of the rows.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';

/** Rows per statement: keeps one JSON parameter to a few megabytes. */
const CHUNK = 500;

export async function insertFromJson<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  rows: readonly Partial<E>[],
): Promise<string[]> {
  const { ids } = await insertRows(manager, entity, rows, undefined);
  return ids;
}

/**
 * Like insertFromJson, but a row whose key (`conflictProperties`, a unique index) another row already holds
 * is left out instead of failing the statement (`ON CONFLICT DO NOTHING`; a concurrent transaction holding
 * the key uncommitted is waited for). Returns the ids of the rows inserted.
 */
export async function insertNewFromJson<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  rows: readonly Partial<E>[],
  conflictProperties: readonly (keyof E & string)[],
): Promise<{ ids: string[]; inserted: Set<string> }> {
  return insertRows(manager, entity, rows, conflictProperties);
}

async function insertRows<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  rows: readonly Partial<E>[],
  conflictProperties: readonly string[] | undefined,
): Promise<{ ids: string[]; inserted: Set<string> }> {
  const metadata = manager.connection.getMetadata(entity);
  const ids = rows.map((row) => (typeof row.id === 'string' ? row.id : randomUUID()));
  const shapes = new Map<string, Record<string, unknown>[]>();
  rows.forEach((row, i) => {
    const withId: Record<string, unknown> = { ...row, id: ids[i] };
    // A property set to undefined is left to its default, as TypeORM's insert does.
    const shape = Object.keys(withId)
      .filter((key) => withId[key] !== undefined)
      .sort()
      .join(',');
    const list = shapes.get(shape);
    if (list) list.push(withId);
    else shapes.set(shape, [withId]);
  });
  const conflict = conflictProperties
    ? ` ON CONFLICT (${conflictProperties.map((property) => columnOf(metadata, property).name).join(', ')}) DO NOTHING RETURNING id`
    : '';
  const inserted = new Set<string>();
  for (const [shape, group] of shapes) {
    const columns = shape.split(',').map((property) => columnOf(metadata, property));
    const list = columns.map((column) => column.name).join(', ');
    const values = columns
      .map((column) => (column.type === 'jsonb' ? `NULLIF(${column.name}, 'null'::jsonb)` : column.name))
      .join(', ');
    const definitions = columns.map((column) => `${column.name} ${column.type}`).join(', ');
    // Read as jsonb, the batch would be turned into jsonb's binary form (every object's keys sorted) and a
    // json column's values back into text; read as json, those values are copied as they were written.
    const recordset = columns.some((column) => column.type === 'json')
      ? 'json_to_recordset($1::json)'
      : 'jsonb_to_recordset($1::jsonb)';
    for (let start = 0; start < group.length; start += CHUNK) {
      const records = group.slice(start, start + CHUNK).map((row) => {
        const record: Record<string, unknown> = {};
        for (const column of columns) record[column.name] = row[column.property] ?? null;
        return record;
      });
      const answer: { id: string }[] = await manager.query(
        `INSERT INTO ${metadata.tableName} (${list})
         SELECT ${values} FROM ${recordset} AS v(${definitions})${conflict}`,
        [JSON.stringify(records)],
      );
      if (conflictProperties) for (const row of answer) inserted.add(row.id);
    }
  }
  if (!conflictProperties) for (const id of ids) inserted.add(id);
  return { ids, inserted };
}

function columnOf(
  metadata: EntityMetadata,
  property: string,
): { property: string; name: string; type: string } {
  const column = metadata.findColumnWithPropertyName(property);
  if (!column) throw new Error(`${metadata.tableName} has no property ${property}`);
  return {
    property,
    name: column.databaseName,
    type: typeof column.type === 'string' ? column.type : 'text',
  };
}
