/** One fresh database per suite on the run's embedded PostgreSQL. */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export async function createTestDatabase(
  prefix = 'suite',
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run the suite through jest (global setup)');
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  return {
    url,
    name,
    drop: async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
