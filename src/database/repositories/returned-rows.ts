/**
 * The rows of an `UPDATE ... RETURNING` or `DELETE ... RETURNING` run through TypeORM's `query`: the pg
 * driver answers those with `[rows, affectedCount]`, an INSERT or SELECT with the rows alone.
 */
export function returnedRows<T>(result: unknown): T[] {
  const rows = result as unknown[];
  return (Array.isArray(rows[0]) ? rows[0] : rows) as T[];
}
