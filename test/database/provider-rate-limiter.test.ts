/**
 * A GSP's allowance shared by processes: two limiters, each on its own pool of one database (two
 * processes), sending to a provider over real HTTP through the compliance client, never exceed the
 * allowance together in any window (issue #20: N workers x limit exceeded the GSP's allowance with a
 * limiter per process); a 429 seen by one pauses the other.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { CircuitBreaker, ComplianceHttpClient, type RateLimiter } from '../../src/compliance/http';
import { dataSourceOptions } from '../../src/database/data-source';
import { migrateDatabase } from '../../src/app-schema';
import { ProviderRateLimiter } from '../../src/database/repositories/provider-rate-limiter';
import { createMigratedTestDatabase } from '../support/test-database';

const RATE = { limit: 5, windowMs: 1_000 };
const KEY = 'gsp-test|client-1';

/** The most arrivals in any window of `windowMs`. */
function busiestWindow(arrivals: number[], windowMs: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j < sorted.length && sorted[j] - sorted[i] < windowMs) j++;
    most = Math.max(most, j - i);
  }
  return most;
}

describe('ProviderRateLimiter: one allowance for every process on the database', () => {
  let db: { url: string; drop(): Promise<void> };
  let pools: DataSource[];
  let server: Server;
  let url: string;
  let arrivals: number[];

  beforeAll(async () => {
    db = await createMigratedTestDatabase('rate_limit');
    await migrateDatabase(db.url);
    pools = await Promise.all(
      [1, 2].map(async () => new DataSource({ ...dataSourceOptions(db.url, 4) }).initialize()),
    );
    server = createServer((req, res) => {
      arrivals.push(Date.now());
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.destroy()));
    await new Promise((closed) => server.close(closed));
    await db.drop();
  });
  beforeEach(() => {
    arrivals = [];
  });

  const client = (rateLimiter: RateLimiter) =>
    new ComplianceHttpClient({ provider: 'gsp-test', rateLimiter, circuitBreaker: new CircuitBreaker() });

  const sendMany = (c: ComplianceHttpClient, count: number) =>
    Promise.all(
      Array.from({ length: count }, () =>
        c.send({
          operation: 'generate',
          method: 'post',
          url: `${url}/generate`,
          data: {},
          idempotent: false,
          rateKey: KEY,
        }),
      ),
    );

  it('two processes sending 15 each stay within 5 per second together', async () => {
    const [a, b] = pools.map((pool) => client(new ProviderRateLimiter(pool, RATE)));
    const started = Date.now();
    await Promise.all([sendMany(a, 15), sendMany(b, 15)]);
    expect(arrivals).toHaveLength(30);
    // A turn is taken by the database's clock, the request arrives some tens of ms later: a window
    // shortened by that jitter. Two limiters of 5 each (one per process) put 10 into the first one.
    expect(busiestWindow(arrivals, RATE.windowMs - 200)).toBeLessThanOrEqual(RATE.limit);
    // 30 sends at 5 a second: the first 5 at once, the last no sooner than 5 windows later.
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * RATE.windowMs - 100);
  }, 30_000);

  it('a 429 pause taken by one process holds the other too', async () => {
    const first = new ProviderRateLimiter(pools[0], { limit: 100, windowMs: 1_000 });
    const second = new ProviderRateLimiter(pools[1], { limit: 100, windowMs: 1_000 });
    const pauseKey = 'gsp-test|client-paused';
    first.pause(pauseKey, 1_500);
    // The pause reaches the database asynchronously (pause() answers at once); give it a moment.
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await second.acquire(pauseKey);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_200);
  }, 10_000);
});
