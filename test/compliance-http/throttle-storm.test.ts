/**
 * A 429 storm over real HTTP: the provider answers 429 with Retry-After for two seconds. The first
 * callers' 429 holds every caller of the provider key (later callers send nothing until Retry-After has
 * passed), the hold is visible (ProviderThrottle: which provider, for how long), and afterwards every
 * call is answered exactly once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientRateLimiter, ComplianceHttpClient, ProviderThrottle } from '../../src/compliance/http';

let server: Server;
let url: string;
let stormEndsAt = 0;
const arrivals: { at: number; id: string; status: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '';
    const now = Date.now();
    if (stormEndsAt === 0) stormEndsAt = now + 2000;
    if (now < stormEndsAt) {
      arrivals.push({ at: now, id, status: 429 });
      res.writeHead(429, { 'retry-after': '2', 'content-type': 'application/json' }).end('{}');
      return;
    }
    arrivals.push({ at: now, id, status: 200 });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

it('holds every caller for Retry-After, says so, and answers each call once afterwards', async () => {
  const throttle = new ProviderThrottle();
  const client = new ComplianceHttpClient({
    provider: 'storm-gsp',
    rateLimiter: new ClientRateLimiter(),
    throttle,
    policy: { maxAttempts: 1 },
  });
  const call = (id: string) =>
    client.send<{ id: string }>({
      operation: 'read',
      method: 'GET',
      url: `${url}/read?id=${id}`,
      idempotent: true,
      rateKey: 'storm-gsp|client',
    });

  const first = call('a0');
  while (arrivals.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const early = call('a1');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const held = throttle.snapshot();
  expect(held).toHaveLength(1);
  expect(held[0]).toMatchObject({ provider: 'storm-gsp', reason: 'provider-429' });
  expect(held[0].secondsLeft).toBeGreaterThan(0);
  const late = Array.from({ length: 20 }, (_, i) => call(`b${i}`));
  const answers = await Promise.all([first, early, ...late]);

  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  const during = arrivals.filter((a) => a.status === 429);
  // Only the first caller met the storm: everyone after it waited for its Retry-After.
  expect(during.map((a) => a.id)).toEqual(['a0']);
  const ok = arrivals.filter((a) => a.status === 200).map((a) => a.id);
  expect(ok.sort()).toEqual(['a0', 'a1', ...late.map((_, i) => `b${i}`)].sort());
  expect(new Set(ok).size).toBe(ok.length);
  expect(throttle.snapshot()).toEqual([]);
}, 20_000);
