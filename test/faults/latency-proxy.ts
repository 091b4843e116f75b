/**
 * A TCP forwarder in front of PostgreSQL that holds every chunk the server sends back for `delayMs`
 * before passing it on, in order: each statement (and each connection's start-up) answers that much
 * later, as a database on a slow link or under load does. The client's bytes go through at once.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface LatencyProxy {
  /** `databaseUrl` with its host and port pointed at the proxy. */
  url: string;
  close(): Promise<void>;
}

export async function startLatencyProxy(databaseUrl: string, delayMs: number): Promise<LatencyProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    // Equal delays keep the chunks in order (timers of one delay fire first in, first out).
    upstream.on('data', (chunk: Buffer) => {
      setTimeout(() => {
        if (!client.destroyed) client.write(chunk);
      }, delayMs);
    });
    upstream.on('end', () => setTimeout(() => client.end(), delayMs));
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}
