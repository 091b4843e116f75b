/**
 * A provider's answer kept with an error is stored with the submission and shown by the API: the one
 * redaction list masks what it carries (a gateway echoing the session's token in a 5xx body).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CircuitBreaker, ComplianceHttpClient, REDACTED } from '../../src/compliance/http';

describe('errors carry redacted provider answers', () => {
  let server: Server;
  let url: string;
  let status = 503;

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      res
        .writeHead(status, { 'content-type': 'application/json', 'retry-after': '120' })
        .end('{"message":"down","AuthToken":"live-token-123","sek":"c2Vr","irn":"kept"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (idempotent: boolean) =>
    new ComplianceHttpClient({
      provider: 'redaction-test',
      policy: { maxAttempts: 1, maxRetryAfterMs: 1_000 },
      circuitBreaker: new CircuitBreaker({ failureThreshold: 0 }),
      sleep: () => Promise.resolve(),
    })
      .send({ operation: 'generate', method: 'POST', url, data: {}, idempotent, rateKey: 'redaction-test' })
      .then(
        () => {
          throw new Error('expected the call to fail');
        },
        (e: unknown) => e as { options: { response: unknown } },
      );

  it.each([
    [503, false],
    [503, true],
    [429, true],
  ])('HTTP %i (idempotent: %s)', async (answered, idempotent) => {
    status = answered;
    const error = await send(idempotent);
    expect(error.options.response).toEqual({
      message: 'down',
      AuthToken: REDACTED,
      sek: REDACTED,
      irn: 'kept',
    });
    expect(JSON.stringify(error)).not.toContain('live-token-123');
  });
});
