import { Client } from 'pg';
import { createTestDatabase } from './test-database';

describe('test database harness', () => {
  it('gives each suite its own database on a real PostgreSQL', async () => {
    const db = await createTestDatabase('harness');
    const client = new Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ current_database: string; version: string }>(
      'select current_database(), version()',
    );
    await client.end();
    await db.drop();
    expect(rows[0].current_database).toBe(db.name);
    expect(rows[0].version).toMatch(/PostgreSQL 1[5-9]/);
  });
});
