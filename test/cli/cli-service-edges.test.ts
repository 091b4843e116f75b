/**
 * What the CLI does when the service is not the current one or not there: nothing listening, an older
 * server without the cancel route, a proxy answering HTML. A small real HTTP server stands in for the
 * service where the real one cannot be made to answer that way.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { runCli } from './cli-harness';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

async function listen(handler: Handler): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}`, seen };
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve));

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const cancelArgs = (id: string) => [
  'cancel',
  id,
  '--reason-code',
  '3',
  '--remark',
  'order cancelled by buyer',
  '--operator',
  'ravi',
  '--reason',
  'buyer cancelled PO 4471',
];

describe('CLI against an absent or different service', () => {
  it('names the URL when nothing listens there and exits 3', async () => {
    const { server, url } = await listen(() => undefined);
    await close(server);
    const out = await runCli(['connector', 'list'], { env: { CONNECTOR_URL: url, CONNECTOR_API_KEY: 'k' } });
    expect(out.code).toBe(3);
    expect(out.stderr).toContain(`cannot reach the connector service at ${url} (ECONNREFUSED)`);
    expect(out.stdout).toBe('');
  });

  it('refuses a URL that is not http(s) as a usage error', async () => {
    const out = await runCli(['documents', 'list', '--url', 'ftp://example.invalid', '--api-key', 'k']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('the service URL must be http or https');
  });

  it('cancel posts {reasonCode, remark, operator, reason} with the API key and prints the new state', async () => {
    const { server, url, seen } = await listen((_req, _body, res) => json(res, 200, { state: 'CANCELLED' }));
    try {
      const id = randomUUID();
      const out = await runCli(cancelArgs(id), { env: { CONNECTOR_URL: url, CONNECTOR_API_KEY: 'key-1' } });
      expect(out.code).toBe(0);
      expect(out.stdout).toBe(`cancellation of submission ${id} accepted: now CANCELLED\n`);
      expect(seen).toHaveLength(1);
      expect(seen[0].method).toBe('POST');
      expect(seen[0].url).toBe(`/submissions/${id}/cancel`);
      expect(seen[0].headers['x-api-key']).toBe('key-1');
      expect(seen[0].headers['content-type']).toBe('application/json');
      expect(JSON.parse(seen[0].body)).toEqual({
        reasonCode: '3',
        remark: 'order cancelled by buyer',
        operator: 'ravi',
        reason: 'buyer cancelled PO 4471',
      });
    } finally {
      await close(server);
    }
  });

  it('cancel against an older server without the route (404 "Cannot POST" or 405) says so clearly', async () => {
    let status = 404;
    const { server, url } = await listen((req, _body, res) =>
      status === 404
        ? json(res, 404, { message: `Cannot POST ${req.url}`, error: 'Not Found', statusCode: 404 })
        : json(res, 405, { message: 'Method Not Allowed', statusCode: 405 }),
    );
    try {
      const env = { CONNECTOR_URL: url, CONNECTOR_API_KEY: 'k' };
      const notFound = await runCli(cancelArgs(randomUUID()), { env });
      expect(notFound.code).toBe(1);
      expect(notFound.stderr).toContain('this connector service does not support cancelling yet');
      status = 405;
      const notAllowed = await runCli(cancelArgs(randomUUID()), { env });
      expect(notAllowed.stderr).toContain('this connector service does not support cancelling yet');
    } finally {
      await close(server);
    }
  });

  it('cancel of an unknown submission keeps the server message (a 404 that is not a missing route)', async () => {
    const { server, url } = await listen((req, _body, res) =>
      json(res, 404, { message: `no submission ${req.url?.split('/')[2]}`, statusCode: 404 }),
    );
    try {
      const id = randomUUID();
      const out = await runCli(cancelArgs(id), { env: { CONNECTOR_URL: url, CONNECTOR_API_KEY: 'k' } });
      expect(out.code).toBe(1);
      expect(out.stderr).toContain(`HTTP 404: no submission ${id}`);
    } finally {
      await close(server);
    }
  });

  it('shows the start of a non-JSON error body (e.g. from a proxy)', async () => {
    const { server, url } = await listen((_req, _body, res) =>
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>'),
    );
    try {
      const out = await runCli(['submissions', 'list'], {
        env: { CONNECTOR_URL: url, CONNECTOR_API_KEY: 'k' },
      });
      expect(out.code).toBe(1);
      expect(out.stderr).toContain('HTTP 502: <html>502 Bad Gateway</html>');
    } finally {
      await close(server);
    }
  });

  it('help lists the commands and exit codes and exits 0; an unknown command exits 2', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const name of ['connector', 'upload', 'documents', 'submissions', 'cancel', 'watch'])
      expect(help.stdout).toMatch(new RegExp(`^ {2}${name}\\b`, 'm'));
    expect(help.stdout).toContain('3 service unreachable');
    const unknown = await runCli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
  });
});
