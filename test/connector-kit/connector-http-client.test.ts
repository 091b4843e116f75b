/**
 * The kit's HTTP client against a real HTTP server on an ephemeral port: answers and failures come back
 * as the contract's classed errors, a slow server hits the timeout, redirects are not followed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectorHttpClient } from '../../src/connectors/kit';

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

describe('ConnectorHttpClient', () => {
  let server: Server;
  let baseUrl: string;
  let handler: Handler;

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => handler(request, response, body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const client = (timeoutMs = 2_000) =>
    new ConnectorHttpClient({
      name: 'Test ERP',
      baseUrl,
      timeoutMs,
      headers: { accept: 'application/json' },
    });

  it('sends JSON and reads JSON', async () => {
    handler = (request, response, body) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ method: request.method, url: request.url, got: JSON.parse(body) }));
    };
    const answer = await client().send({ path: '/Login', query: { a: '1' }, body: { UserName: 'x' } });
    expect(answer.json()).toEqual({ method: 'POST', url: '/Login?a=1', got: { UserName: 'x' } });
  });

  it.each([
    [401, 'config'],
    [403, 'config'],
    [429, 'transient'],
    [503, 'transient'],
    [404, 'system'],
    [400, 'system'],
  ])('HTTP %i is a %s error', async (status, errorClass) => {
    handler = (_request, response) => {
      response.statusCode = status;
      if (status === 429) response.setHeader('retry-after', '3');
      response.end('{"error":{"message":"refused"}}');
    };
    const error = await client()
      .send({ path: '/Items' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ConnectorError', errorClass, details: { status } });
    if (status === 429) expect(error).toMatchObject({ details: { retryAfterMs: 3000 } });
  });

  it('a status the caller expects is returned, not thrown', async () => {
    handler = (_request, response) => {
      response.statusCode = 404;
      response.end('{}');
    };
    await expect(client().send({ path: '/Items/1', accept: [404] })).resolves.toMatchObject({ status: 404 });
  });

  it('a redirect is not followed', async () => {
    let followed = false;
    handler = (request, response) => {
      if (request.url === '/elsewhere') followed = true;
      response.statusCode = 302;
      response.setHeader('location', '/elsewhere');
      response.end();
    };
    await expect(client().send({ path: '/Login', body: 'secret' })).rejects.toMatchObject({
      errorClass: 'system',
      details: { status: 302 },
    });
    expect(followed).toBe(false);
  });

  it('a server that does not answer in time: transient', async () => {
    handler = () => undefined; // never answers
    await expect(client(200).send({ path: '/slow' })).rejects.toMatchObject({
      errorClass: 'transient',
      details: { code: 'ETIMEDOUT' },
    });
  });

  it('nothing listening: transient, never sent', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = new ConnectorHttpClient({
      name: 'ERP',
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 1_000,
    });
    await expect(nowhere.send({ path: '/' })).rejects.toMatchObject({
      errorClass: 'transient',
      details: { code: 'ECONNREFUSED', neverSent: true },
    });
  });
});
