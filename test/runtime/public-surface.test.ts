/**
 * What anyone can read without a key: the API documentation answers 401 (a browser gets a sign-in
 * prompt, the key as password), and `/health` says only whether each check is up; folder paths, ERP
 * URLs and the checks' messages are for callers with an API key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { json } from '../support/http';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

describe('public surface: API documentation and health', () => {
  const inbox = mkdtempSync(join(tmpdir(), 'runtime-public-inbox-'));
  const tallyUrl = 'http://127.0.0.1:9/tally-not-listening';
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      regimes: [],
      connectors: [
        {
          name: 'books',
          kind: 'csv',
          regimes: ['in-einvoice'],
          config: { inboxDir: inbox, profile: 'india-b2b-lines', pollIntervalMs: 60000 },
        },
        {
          name: 'tally-books',
          kind: 'tally',
          regimes: ['in-einvoice'],
          config: { url: tallyUrl, companyName: 'Demo Traders' },
        },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(inbox, { recursive: true, force: true });
  });

  it.each(['/docs', '/docs/', '/docs-json', '/docs-yaml'])('%s needs an API key', async (path) => {
    const anonymous = await fetch(`${t.url}${path}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(await anonymous.text()).not.toMatch(/openapi|swagger/i);
    const wrong = await fetch(`${t.url}${path}`, { headers: { 'X-API-Key': 'not-the-key' } });
    expect(wrong.status).toBe(401);

    expect((await fetch(`${t.url}${path}`, { headers: { 'X-API-Key': TEST_API_KEY } })).status).toBe(200);
    const basic = `Basic ${Buffer.from(`operator:${TEST_API_KEY}`).toString('base64')}`;
    expect((await fetch(`${t.url}${path}`, { headers: { Authorization: basic } })).status).toBe(200);
  });

  it('/health tells anyone the statuses only; paths, URLs and messages need a key', async () => {
    const anonymous = await fetch(`${t.url}/health`);
    expect(anonymous.status).toBe(503); // the Tally company is not reachable
    const publicText = await anonymous.text();
    const publicBody = JSON.parse(publicText);
    expect(publicBody.status).toBe('error');
    expect(publicBody.details).toEqual({
      database: { status: 'up' },
      queue: { status: 'up' },
      'connector:books': { status: 'up' },
      'connector:tally-books': { status: 'down' },
    });
    for (const secret of [inbox, t.dataDir, tallyUrl, '127.0.0.1:9', tmpdir()]) {
      expect(publicText).not.toContain(secret);
    }

    const detailed = await fetch(`${t.url}/health`, { headers: { 'X-API-Key': TEST_API_KEY } });
    expect(detailed.status).toBe(503);
    const body = await json(detailed);
    expect(body.details['connector:tally-books'].message).toContain('127.0.0.1:9');
    expect(body.details['connector:books'].message).toBeDefined();
    expect(body.details.queue.queued).toBeDefined();
    expect(body.sandbox).toBeUndefined(); // no in-process sandbox here
  });
});
