/** One short connection to a bench's database, closed whatever `use` does. */
import { Client } from 'pg';

export async function withDatabase<T>(url: string, use: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return await use(db);
  } finally {
    await db.end();
  }
}
