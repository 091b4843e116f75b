/**
 * Starts one embedded PostgreSQL for the whole jest run; each suite creates its own fresh database
 * from it (see `createTestDatabase`). Connection details pass to workers through the environment.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { buildSandboxPackageIfStale } from './sandbox-build';

export default async function globalSetup(): Promise<void> {
  buildSandboxPackageIfStale();
  const dir = mkdtempSync(join(tmpdir(), 'connector-test-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: dir });
  process.env.TEST_PG_ADMIN_URL = server.adminUrl;
  (globalThis as { __TEST_PG__?: unknown }).__TEST_PG__ = server;
  (globalThis as { __TEST_PG_DIR__?: string }).__TEST_PG_DIR__ = dir;
}
