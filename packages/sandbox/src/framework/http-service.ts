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
  // Connections are kept between calls as the authorities' front ends keep them (Node's 5 s default;
  // `close()` ends idle ones itself). A 1 s timeout here made every Node client open a connection per
  // call: its agent retires a socket one second before the server's advertised Keep-Alive timeout.
  server.keepAliveTimeout = 5000;
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
