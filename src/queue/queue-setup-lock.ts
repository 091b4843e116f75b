/**
 * pg-boss's first start creates its schema and a partition table per queue. Several processes doing that
 * at once on an empty database deadlock in PostgreSQL ("deadlock detected") and the losers exit at boot,
 * as a compose file starting an api and N workers together does. The set-up is serialised across
 * processes by a session advisory lock on a connection of its own; once the schema exists it is a
 * handful of reads.
 */
import { Client } from 'pg';

const QUEUE_SETUP_LOCK = 'erp-connector:queue-setup';

export async function withQueueSetupLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: databaseUrl, application_name: 'queue-setup' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [QUEUE_SETUP_LOCK]);
    return await work();
  } finally {
    // Ending the session releases the lock as well; the explicit unlock keeps it short either way.
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [QUEUE_SETUP_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
