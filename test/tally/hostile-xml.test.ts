/**
 * Issue 20, item 6: an answer built to stall the connector (a start tag with 200,000 attributes, a 100 MB
 * text node) is refused once it passes the reader's bounds, over real HTTP, as a system error of check().
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';

const log = { info: (): void => undefined, warn: (): void => undefined };

async function hostileTally(
  body: (write: (text: string) => boolean) => void,
): Promise<{ url: string; sent: () => number; stop: () => Promise<void> }> {
  let sent = 0;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' });
    res.on('close', () => res.destroy());
    body((text) => {
      if (res.destroyed) return false;
      sent += text.length;
      res.write(text);
      return true;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent: () => sent,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function checkAgainst(url: string): Promise<{ ok: boolean; message: string; errorClass: unknown }> {
  const config = Object.assign(new TallyConfig(), { url, companyName: 'Any', timeoutMs: 30_000 });
  const connector = new TallyConnector('tally-hostile', config, { dataDir: '/tmp', log });
  try {
    const result = await connector.check();
    return { ok: result.ok, message: result.message, errorClass: result.details?.errorClass };
  } finally {
    await connector.close();
  }
}

/** Writes chunks produced by `next` until the client goes away or `limit` characters are out. */
function stream(
  write: (text: string) => boolean,
  head: string,
  next: (index: number) => string,
  limit: number,
): void {
  write(head);
  let index = 0;
  let total = 0;
  const pump = (): void => {
    while (total < limit) {
      const chunk = next(index++);
      total += chunk.length;
      if (!write(chunk)) return;
      if (index % 16 === 0) return void setImmediate(pump);
    }
  };
  pump();
}

describe('Tally reader against hostile answers', () => {
  it('refuses a 100 MB text node', async () => {
    const server = await hostileTally((write) =>
      stream(
        write,
        '<ENVELOPE><BODY><DATA><COLLECTION><COMPANY><NAME>',
        () => 'x'.repeat(65536),
        100 * 1024 * 1024,
      ),
    );
    try {
      const result = await checkAgainst(server.url);
      expect(result).toMatchObject({ ok: false, errorClass: 'system' });
      expect(result.message).toMatch(/text longer than \d+ characters: refused/);
      expect(server.sent()).toBeLessThan(100 * 1024 * 1024);
    } finally {
      await server.stop();
    }
  });

  it('refuses a start tag with 200,000 attributes', async () => {
    const server = await hostileTally((write) =>
      stream(
        write,
        '<ENVELOPE><BODY><DATA><COLLECTION><COMPANY',
        (index) => Array.from({ length: 1000 }, (_, k) => ` a${index}_${k}="1"`).join(''),
        200_000 * 12,
      ),
    );
    try {
      const result = await checkAgainst(server.url);
      expect(result).toMatchObject({ ok: false, errorClass: 'system' });
      expect(result.message).toMatch(/start tag longer than|more than 256 attributes/);
    } finally {
      await server.stop();
    }
  });
});
