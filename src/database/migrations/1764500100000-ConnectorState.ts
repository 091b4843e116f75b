import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Connector instances' state between runs (sessions, refresh tokens): one row per instance and key, the
 * value sealed with the master key (connectors/kit/connector-state-store.ts).
 */
export class ConnectorState1764500100000 implements MigrationInterface {
  name = 'ConnectorState1764500100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE connector_state (
         instance text NOT NULL,
         key text NOT NULL,
         value_sealed text NOT NULL,
         version integer NOT NULL,
         expires_at timestamptz,
         updated_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (instance, key)
       )`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE connector_state`);
  }
}
