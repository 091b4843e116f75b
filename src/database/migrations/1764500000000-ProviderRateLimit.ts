import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A provider's request allowance shared by every process of a deployment (ProviderRateLimiter): the
 * sends of the last window per key (provider + client id), and a pause after the provider answered 429.
 */
export class ProviderRateLimit1764500000000 implements MigrationInterface {
  name = 'ProviderRateLimit1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE provider_rate_send (
         key text NOT NULL,
         sent_at timestamptz NOT NULL
       )`,
    );
    // Counting a key's window and pruning what fell out of it: both by key, in time order.
    await q.query(`CREATE INDEX provider_rate_send_key_sent_at ON provider_rate_send (key, sent_at)`);
    await q.query(
      `CREATE TABLE provider_rate_pause (
         key text PRIMARY KEY,
         paused_until timestamptz NOT NULL
       )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE provider_rate_pause`);
    await q.query(`DROP TABLE provider_rate_send`);
  }
}
