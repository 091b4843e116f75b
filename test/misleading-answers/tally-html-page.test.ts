/**
 * A web page where Tally's XML was expected (a proxy's error page, another server on the port) is
 * reported as what it is, not as "company is not open in Tally (open: none)".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TallyConnectorFactory } from '../../src/connectors/tally';

describe('Tally answering with an HTML page', () => {
  let server: Server;
  let url: string;
  let page = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'tally-html-'));

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['without a doctype', '<html><body><h1>Error</h1><p>Service unavailable</p></body></html>'],
    ['with a doctype', '<!DOCTYPE html><html><body><h1>Error</h1></body></html>'],
  ])('says the answer was an HTML page (%s), not that the company is not open', async (_case, html) => {
    page = html;
    const factory = new TallyConnectorFactory();
    const connector = factory.create(
      'tally',
      Object.assign(new factory.configClass(), { url, companyName: 'Deccan Fasteners' }),
      { dataDir, log: { info: () => undefined, warn: () => undefined } },
    );
    try {
      const check = await connector.check();
      expect(check.ok).toBe(false);
      expect(check.message).toBe(
        `${url} answered with an HTML page, not Tally's XML: is it TallyPrime's XML port?`,
      );
      expect(check.message).not.toMatch(/not open/);
      expect(check.details).toMatchObject({ errorClass: 'config' });
    } finally {
      await connector.close?.();
    }
  });
});
