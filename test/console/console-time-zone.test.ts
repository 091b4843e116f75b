/**
 * The console's time zone is the business's (server.timeZone), not a constant: a Saudi business sees its
 * times in Asia/Riyadh (issue 29). The page carries it in a meta the console reads; a zone the runtime does
 * not know is refused at boot with the setting named.
 */
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ServerConfig } from '../../src/config';
import { startTestApp, type TestApp } from '../support/test-app';

describe('console time zone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ regimes: [], connectors: [], config: { server: { timeZone: 'Asia/Riyadh' } } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the page with the configured zone, and an ETag of that page', async () => {
    const page = await fetch(`${t.url}/console`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<meta name="business-time-zone" content="Asia/Riyadh" />');
    const again = await fetch(`${t.url}/console`, {
      headers: { 'If-None-Match': page.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });

  it('refuses a zone the runtime does not know, naming the setting', () => {
    const errors = validateSync(plainToInstance(ServerConfig, { timeZone: 'Mars/Olympus' }));
    expect(errors.map((e) => Object.values(e.constraints ?? {}).join())).toEqual([
      'timeZone must be an IANA time zone such as Asia/Kolkata or Asia/Riyadh, got "Mars/Olympus"',
    ]);
  });
});
