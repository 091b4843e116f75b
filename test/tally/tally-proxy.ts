/**
 * A pass-through HTTP proxy in front of the Tally simulator that can rewrite an answer, for tests that need
 * an answer the simulator would not give (a day-wise count row Tally could write but nobody can read).
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TallyProxy {
  url: string;
  stop(): Promise<void>;
}

export async function startTallyProxy(
  target: string,
  rewrite: (answer: string, request: string) => string,
): Promise<TallyProxy> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const upstream = http.request(
        target,
        { method: 'POST', headers: { 'Content-Type': req.headers['content-type'] ?? 'text/xml' } },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const text = rewrite(Buffer.concat(parts).toString('utf8'), body.toString('utf8'));
            res.writeHead(answer.statusCode ?? 200, { 'Content-Type': 'text/xml; charset=utf-8' });
            res.end(text);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
