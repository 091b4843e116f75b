import { rmSync } from 'node:fs';
import type { EmbeddedPostgresServer } from '../../src/database/embedded-postgres';

/** Stops the run's PostgreSQL and removes its cluster (~55 MB) and the password file kept beside it. */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis as { __TEST_PG__?: EmbeddedPostgresServer; __TEST_PG_DIR__?: string };
  await state.__TEST_PG__?.stop();
  const dir = state.__TEST_PG_DIR__;
  if (!dir) return;
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}.password`, { force: true });
}
