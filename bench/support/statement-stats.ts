/** With BENCH_PG_STATS=1: where PostgreSQL spent a benchmark's run, by statement (pg_stat_statements). */
import { withDatabase } from './database';

export async function printStatementStats(databaseUrl: string, documents: number): Promise<void> {
  const rows = await withDatabase(
    databaseUrl,
    async (db) =>
      (
        await db.query<{ calls: string; ms: number; rows: string; query: string }>(
          `SELECT calls, total_exec_time AS ms, rows, query FROM pg_stat_statements
          ORDER BY total_exec_time DESC LIMIT 30`,
        )
      ).rows,
  );
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  console.log(`  PostgreSQL statements: ${(total / 1000).toFixed(2)} s executing (top 30)`);
  for (const row of rows)
    console.log(
      `  ${row.ms.toFixed(0).padStart(6)} ms ${String(row.calls).padStart(7)} calls ` +
        `${(Number(row.calls) / documents).toFixed(2)}/doc ${row.query.replace(/\s+/g, ' ').slice(0, 120)}`,
    );
}
