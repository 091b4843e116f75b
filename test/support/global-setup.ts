/**
 * Starts one embedded PostgreSQL for the whole jest run and migrates a template database in it once;
 * each suite creates its own fresh database from it (see `createTestDatabase` and
 * `createMigratedTestDatabase`). Connection details pass to workers through the environment.
 *
 * The cluster is a scratch one: it skips fsync and synchronous commit (a crash loses it anyway), which
 * is most of what a suite's many small transactions cost. Durability itself is tested against the
 * service's own PostgreSQL (test/runtime), never this one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrateDatabase } from '../../src/app-schema';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { buildSandboxPackageIfStale } from './sandbox-build';
import { databaseUrl, MIGRATED_TEMPLATE } from './test-database';

const SCRATCH_CLUSTER_FLAGS = [
  '-c',
  'fsync=off',
  '-c',
  'synchronous_commit=off',
  '-c',
  'full_page_writes=off',
  '-c',
  'max_connections=400',
];

export default async function globalSetup(): Promise<void> {
  buildSandboxPackageIfStale();
  const dir = mkdtempSync(join(tmpdir(), 'connector-test-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: dir, postgresFlags: SCRATCH_CLUSTER_FLAGS });
  process.env.TEST_PG_ADMIN_URL = server.adminUrl;
  await createMigratedTemplate(server.adminUrl);
  process.env.TEST_PG_TEMPLATE = MIGRATED_TEMPLATE;
  (globalThis as { __TEST_PG__?: unknown }).__TEST_PG__ = server;
  (globalThis as { __TEST_PG_DIR__?: string }).__TEST_PG_DIR__ = dir;
}

async function createMigratedTemplate(adminUrl: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${MIGRATED_TEMPLATE}"`);
  } finally {
    await admin.end();
  }
  // migrateDatabase closes its connection before returning: a template with a session open cannot be cloned.
  await migrateDatabase(databaseUrl(adminUrl, MIGRATED_TEMPLATE));
}
