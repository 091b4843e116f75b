/**
 * One fresh database per suite on the run's embedded PostgreSQL. A suite that needs the product's
 * schema clones it from the template the global setup migrated once (`createMigratedTestDatabase`), which
 * costs a file copy instead of running every migration again; a suite that tests migrations themselves
 * starts from an empty one (`createTestDatabase`).
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** The migrated template's name, shared by the global setup and the suites. */
export const MIGRATED_TEMPLATE = 'connector_migrated_template';

export async function createTestDatabase(prefix = 'suite'): Promise<TestDatabase> {
  return createDatabase(prefix);
}

/** A database holding every migration already, cloned from the run's template. */
export async function createMigratedTestDatabase(prefix = 'suite'): Promise<TestDatabase> {
  if (!process.env.TEST_PG_TEMPLATE) {
    throw new Error('TEST_PG_TEMPLATE is not set: run the suite through jest (global setup)');
  }
  return createDatabase(prefix, process.env.TEST_PG_TEMPLATE);
}

async function createDatabase(prefix: string, template?: string): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run the suite through jest (global setup)');
  const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(adminUrl, name);
  return {
    url,
    name,
    drop: async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export function databaseUrl(adminUrl: string, name: string): string {
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}
