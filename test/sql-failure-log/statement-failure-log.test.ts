/**
 * A failing SQL statement is logged by its name and the documents' ids, never with its parameters: the
 * service runs as its own process (its log is what an operator's log shipper would get), a CHECK
 * constraint makes the document INSERT fail, and the whole log is searched for the invoice's contents.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { migrateDatabase } from '../../src/app-schema';
import { sampleIndiaInvoice, SAMPLE_BUYER_GSTIN } from '../../src/domain/__fixtures__';
import { postSignedWebhook } from '../support/http';
import { createMigratedTestDatabase } from '../support/test-database';
import { TEST_API_KEY } from '../support/test-app';

const SECRET = 'whsec-sqllog-0123456789abcdef0123456789';
const BUYER_NAME = 'Quokka Zebra Holdings LLP';
const BUYER_STREET = 'Plot 99, Wombat Industrial Estate';

describe('a failing SQL statement in the log', () => {
  let db: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let child: ChildProcessWithoutNullStreams;
  let url: string;
  let log = '';

  beforeAll(async () => {
    db = await createMigratedTestDatabase('sql_failure_log');
    await migrateDatabase(db.url);
    const client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query(
      `ALTER TABLE document ADD CONSTRAINT no_boom CHECK (doc_number IS DISTINCT FROM 'BOOM/0001')`,
    );
    await client.end();
    dataDir = mkdtempSync(join(tmpdir(), 'sql-failure-log-'));
    child = spawn(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', join(__dirname, '..', 'einvoice-e2e', 'child-app.ts')],
      {
        cwd: resolve(__dirname, '..', '..'),
        env: {
          ...process.env,
          LOG_LEVEL: 'info',
          E2E_CHILD_OPTIONS: JSON.stringify({
            databaseUrl: db.url,
            regimeDefaults: {},
            rawConfig: {
              server: { port: 0, roles: ['api'], dataDir },
              database: { url: db.url },
              security: { apiKeys: [TEST_API_KEY] },
              connectors: [
                { name: 'hook', kind: 'webhook', regimes: ['in-einvoice'], config: { secret: SECRET } },
              ],
            },
          }),
        },
      },
    );
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    url = await new Promise<string>((found, failed) => {
      const timer = setTimeout(() => failed(new Error(`child app did not start: ${log}`)), 60_000);
      const poll = setInterval(() => {
        const match = /LISTENING (\S+)/.exec(log);
        if (!match) return;
        clearInterval(poll);
        clearTimeout(timer);
        found(match[1]);
      }, 50);
    });
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await db?.drop();
  });

  it('names the statement and the document, and carries none of the invoice', async () => {
    const invoice = sampleIndiaInvoice({ documentNumber: 'BOOM/0001' });
    invoice.buyer.legalName = BUYER_NAME;
    invoice.buyer.address.line1 = BUYER_STREET;
    const res = await postSignedWebhook(
      url,
      'hook',
      SECRET,
      JSON.stringify({ ...invoice, externalId: 'order-boom-1' }),
    );
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain(BUYER_NAME);

    await new Promise((settle) => setTimeout(settle, 500));
    const failureLines = log.split('\n').filter((line) => line.includes('no_boom'));
    expect(failureLines.length).toBeGreaterThan(0);
    expect(failureLines.join('\n')).toContain('INSERT INTO document');
    expect(failureLines.join('\n')).toContain('order-boom-1');
    for (const secret of [BUYER_NAME, BUYER_STREET, SAMPLE_BUYER_GSTIN, 'Steel almirah']) {
      expect([secret, log.includes(secret)]).toEqual([secret, false]);
    }
  });
});
