import type { EmbeddedPostgresServer } from '../../src/database/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { __TEST_PG__?: EmbeddedPostgresServer }).__TEST_PG__;
  await server?.stop();
}
