/**
 * Latency injection over real HTTP: a wait set in the sandbox options, changed at run time through the
 * control API (fixed and spread), refused when malformed; the control API itself answers at once.
 */
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { json } from '../support/http';

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return performance.now() - started;
}

describe('sandbox latency injection', () => {
  let sandbox: RunningSandbox;
  let gsp: string;
  let publicKey: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ only: ['einvoice'], latency: { einvoiceGsp: { ms: 300 } } });
    gsp = sandbox.urls.einvoiceGsp;
    publicKey = `${gsp}/__sandbox/einvoice/public-key`;
  });
  afterAll(() => sandbox?.stop());

  it('waits the configured time per call on the service it names, not on the others', async () => {
    expect(await timed(publicKey)).toBeGreaterThanOrEqual(295);
    expect(await timed(`${sandbox.urls.einvoiceApi}/__sandbox/einvoice/public-key`)).toBeLessThan(250);
  });

  it('is changed at run time: a spread of 200 ± 50 ms, then none', async () => {
    const set = await fetch(`${gsp}/__sandbox/latency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 200, jitterMs: 50 }),
    });
    expect(await json(set)).toEqual({ ms: 200, jitterMs: 50 });
    expect(await json(await fetch(`${gsp}/__sandbox/latency`))).toEqual({ ms: 200, jitterMs: 50 });
    // Eight at once each take about one wait, not eight: a waiting call holds no other.
    const waits = await Promise.all(Array.from({ length: 8 }, () => timed(publicKey)));
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(145);
      expect(wait).toBeLessThan(1000);
    }
    await fetch(`${gsp}/__sandbox/latency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 0 }),
    });
    expect(await timed(publicKey)).toBeLessThan(150);
  });

  it('refuses a malformed setting with 400 and keeps the one it had; its own routes never wait', async () => {
    await fetch(`${gsp}/__sandbox/latency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 2000 }),
    });
    const bad = await fetch(`${gsp}/__sandbox/latency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 100, jitterMs: 500 }),
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error).toMatch(/jitterMs/);
    expect(await timed(`${gsp}/__sandbox/latency`)).toBeLessThan(500);
    expect(await json(await fetch(`${gsp}/__sandbox/latency`))).toEqual({ ms: 2000, jitterMs: 0 });
  });
});
