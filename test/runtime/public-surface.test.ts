/**
 * What anyone can read without a key: the API documentation answers 401 (a browser gets a sign-in
 * prompt, the key as password), and `/health` says only whether each check is up; folder paths, ERP
 * URLs and the checks' messages are for callers with an API key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { json } from '../support/http';
import { createServer, type Server, type Socket } from 'node:net';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

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
    // The checks run in the background: wait for the first round to have seen Tally.
    await eventually(async () => {
      const details = (await json(await fetch(`${t.url}/health`))).details;
      return details['connector:tally-books'] ? true : undefined;
    });
    const anonymous = await fetch(`${t.url}/health`);
    // The Tally company is not reachable: degraded, not unready (issue 30).
    expect(anonymous.status).toBe(200);
    const publicText = await anonymous.text();
    const publicBody = JSON.parse(publicText);
    expect(publicBody.status).toBe('ok');
    expect(publicBody.degraded).toEqual(['connector:tally-books']);
    expect(publicBody.details).toEqual({
      database: { status: 'up' },
      queue: { status: 'up' },
      'connector:books': { status: 'up' },
      'connector:tally-books': { status: 'down' },
      disk: { status: 'up' },
    });
    for (const secret of [inbox, t.dataDir, tallyUrl, '127.0.0.1:9', tmpdir()]) {
      expect(publicText).not.toContain(secret);
    }

    const detailed = await fetch(`${t.url}/health`, { headers: { 'X-API-Key': TEST_API_KEY } });
    expect(detailed.status).toBe(200);
    const body = await json(detailed);
    expect(body.details['connector:tally-books'].message).toContain('127.0.0.1:9');
    expect(body.details['connector:tally-books'].ageSeconds).toBeGreaterThanOrEqual(0);
    expect(body.details['connector:books'].message).toBeDefined();
    expect(body.details.queue.queued).toBeDefined();
    expect(body.sandbox).toBeUndefined(); // no in-process sandbox here
  });

  it('/health/live and /health/ready answer from memory, without calling the ERP (issue 30)', async () => {
    const live = await fetch(`${t.url}/health/live`);
    expect(live.status).toBe(200);
    expect(await json(live)).toEqual({ status: 'up' });
    const ready = await fetch(`${t.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await json(ready)).toEqual({
      status: 'ok',
      checks: { database: { status: 'up' }, queue: { status: 'up' } },
    });
  });
});

describe('health while the ERP hangs (issue 30)', () => {
  let hanging: Server;
  const held: Socket[] = [];
  let connections = 0;
  let t: TestApp;
  beforeAll(async () => {
    // A Tally that takes every connection and never answers.
    hanging = createServer((socket) => {
      connections += 1;
      held.push(socket);
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as { port: number };
    t = await startTestApp({
      regimes: [],
      config: {
        schedule: {
          pullEverySeconds: 3600,
          sweepEverySeconds: 3600,
          healthCheckEverySeconds: 3600,
          healthCheckTimeoutSeconds: 1,
        },
      },
      connectors: [
        {
          name: 'tally-books',
          kind: 'tally',
          regimes: ['in-einvoice'],
          config: { url: `http://127.0.0.1:${port}`, companyName: 'Demo Traders', timeoutMs: 60000 },
        },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
    held.forEach((socket) => socket.destroy());
    await new Promise((resolve) => hanging.close(resolve));
  });

  it('answers twenty anonymous probes at once, calls the ERP no more for them, and marks it down by its bound', async () => {
    const before = connections;
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${t.url}/health`)));
    for (const answer of answers) expect(answer.status).toBe(200);
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(connections).toBe(before);
    // The background check gives up after its bound (1 s here) and says so, with the key.
    const down = await eventually(async () => {
      const body = await json(await fetch(`${t.url}/health`, { headers: { 'X-API-Key': TEST_API_KEY } }));
      return body.details['connector:tally-books']?.status === 'down' ? body : undefined;
    });
    expect(down.details['connector:tally-books'].message).toMatch(/no answer within 1 s/);
    expect(down.degraded).toEqual(['connector:tally-books']);
  });
});
