/**
 * A transparent HTTP forwarder in front of one sandbox service that records the path of every request
 * it passes on: "how many times did the IRP see /einvoice/authenticate" without reaching into the
 * sandbox. Requests and answers go through unchanged (method, headers, body, status).
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingForwarder {
  url: string;
  /** Paths (without the query) of every request forwarded so far, in order. */
  paths: string[];
  count(path: string): number;
  close(): Promise<void>;
}

export async function startCountingForwarder(target: string): Promise<CountingForwarder> {
  const upstream = new URL(target);
  const paths: string[] = [];
  const server: Server = createServer((incoming: IncomingMessage, answer: ServerResponse) => {
    paths.push(new URL(incoming.url ?? '/', upstream).pathname);
    const outgoing = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (reply) => {
        answer.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(answer);
      },
    );
    outgoing.on('error', () => answer.destroy());
    incoming.pipe(outgoing);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    count: (path) => paths.filter((seen) => seen === path).length,
    close: () =>
      new Promise<void>((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
}
