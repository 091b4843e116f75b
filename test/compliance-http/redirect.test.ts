/**
 * A compliance API that answers with a redirect: the client returns the answer and sends nothing to the
 * Location it names (a signed invoice or a token request goes where it was configured to, or nowhere).
 * Real HTTP on ephemeral ports.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ComplianceHttpClient } from '../../src/compliance/http';

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('ComplianceHttpClient and redirects', () => {
  const elsewhere: string[] = [];
  let target: { server: Server; url: string };
  let redirecting: { server: Server; url: string };

  beforeAll(async () => {
    target = await listen((req, res) => {
      elsewhere.push(`${req.method} ${req.url}`);
      res.end('{}');
    });
    redirecting = await listen((req, res) => {
      req.resume();
      res.writeHead(307, { Location: `${target.url}/stolen` }).end();
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => target.server.close(resolve));
    await new Promise((resolve) => redirecting.server.close(resolve));
  });

  it('returns a 307 as the answer and sends nothing to its Location', async () => {
    const client = new ComplianceHttpClient({ provider: 'test' });
    const answer = await client.send({
      operation: 'generate',
      method: 'post',
      url: `${redirecting.url}/generate`,
      headers: { authorization: 'Bearer secret-token' },
      data: { Irn: 'x' },
      idempotent: false,
      rateKey: 'test',
    });
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(`${target.url}/stolen`);
    expect(elsewhere).toEqual([]);
  });
});
