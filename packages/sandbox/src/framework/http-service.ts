import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningHttpService {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (or `host`), on `port` or an ephemeral one when it is 0/undefined. */
export async function startHttpService(
  listener: RequestListener,
  options: { host?: string; port?: number } = {},
): Promise<RunningHttpService> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer(listener);
  // Keep-alive sockets would hold `close()` open; hanging fault sockets are closed explicitly.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
