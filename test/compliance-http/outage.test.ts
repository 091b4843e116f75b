/**
 * A provider in an outage (every answer 503), over real HTTP on an ephemeral port: a non-idempotent call
 * is sent once and ends as an unknown outcome (the provider retried on its side; the document is looked
 * up before anything is sent again), and the provider's circuit opens so that many documents do not
 * keep hammering it (issue #20 item 12: ~100 requests/s during a 3-minute 503 outage).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CircuitBreaker, ComplianceHttpClient } from '../../src/compliance/http';
import { ComplianceError } from '../../src/compliance/regime';

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('a provider answering 503 to everything', () => {
  let hits = 0;
  let down: { server: Server; url: string };

  beforeAll(async () => {
    down = await listen((req, res) => {
      hits += 1;
      req.resume();
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"Service Unavailable"}');
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => down.server.close(resolve));
  });
  beforeEach(() => {
    hits = 0;
  });

  const client = (breaker: CircuitBreaker) =>
    new ComplianceHttpClient({
      provider: 'outage-test',
      policy: { maxAttempts: 3, backoffBaseMs: 1, backoffMaxMs: 2 },
      circuitBreaker: breaker,
      sleep: () => Promise.resolve(),
    });

  it('sends a generate once and calls its 503 an unknown outcome, not a transient failure', async () => {
    const error = await client(new CircuitBreaker({ failureThreshold: 0 }))
      .send({
        operation: 'generate',
        method: 'POST',
        url: `${down.url}/einvoice/type/GENERATE/version/V1_03`,
        data: { DocDtls: { No: 'INV-1' } },
        idempotent: false,
        rateKey: 'outage-test',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ComplianceError);
    expect(error).toMatchObject({ errorClass: 'unknown-outcome', options: { code: 'HTTP_503' } });
    expect(hits).toBe(1);
  });

  it('retries an idempotent read, then reports it transient', async () => {
    const error = await client(new CircuitBreaker({ failureThreshold: 0 }))
      .send({
        operation: 'get',
        method: 'GET',
        url: `${down.url}/einvoice/type/GETIRN/version/V1_03`,
        idempotent: true,
        rateKey: 'outage-test',
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ errorClass: 'transient', options: { code: 'HTTP_503' } });
    expect(hits).toBe(3);
  });

  it('opens the circuit: 100 documents during the outage cost a handful of requests, then one probe', async () => {
    let now = 1_000_000;
    const breaker = new CircuitBreaker({ failureThreshold: 5, openMs: 30_000 }, () => now);
    const http = client(breaker);
    const send = () =>
      http
        .send({
          operation: 'generate',
          method: 'POST',
          url: `${down.url}/api/v1/generate-irn`,
          data: {},
          idempotent: false,
          rateKey: 'outage-test',
        })
        .then(
          () => new ComplianceError('config', 'answered'),
          (e: unknown) => e as ComplianceError,
        );
    const errors: ComplianceError[] = [];
    for (let i = 0; i < 100; i++) errors.push(await send());
    expect(hits).toBe(5);
    const refused = errors.filter((e) => e.options.code === 'CIRCUIT_OPEN');
    expect(refused).toHaveLength(95);
    expect(refused[0]).toMatchObject({ errorClass: 'transient' });
    expect(refused[0].options.retryAfterMs).toBeGreaterThanOrEqual(29_000);

    now += 30_001;
    await send();
    await send();
    expect(hits).toBe(6);
    expect(breaker.isOpen(http.circuitKey(`${down.url}/x`))).toBe(true);
  });
});

describe('a provider that comes back', () => {
  it('closes the circuit after a good answer to the probe', async () => {
    let status = 503;
    let hits = 0;
    const flaky = await listen((req, res) => {
      hits += 1;
      req.resume();
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
    try {
      let now = 0;
      const breaker = new CircuitBreaker({ failureThreshold: 2, openMs: 1_000 }, () => now);
      const http = new ComplianceHttpClient({
        provider: 'flaky',
        policy: { maxAttempts: 1 },
        circuitBreaker: breaker,
      });
      const read = () =>
        http
          .send({ operation: 'get', method: 'GET', url: `${flaky.url}/x`, idempotent: true, rateKey: 'f' })
          .catch((e: unknown) => e);
      await read();
      await read();
      expect(await read()).toMatchObject({ options: { code: 'CIRCUIT_OPEN' } });
      status = 200;
      now += 1_001;
      expect(await read()).toMatchObject({ status: 200 });
      expect(await read()).toMatchObject({ status: 200 });
      expect(hits).toBe(4);
    } finally {
      await new Promise((resolve) => flaky.server.close(resolve));
    }
  });
});
