/**
 * The `gsp_session` token store as two app instances share it: each instance's own repository (own
 * pool, master key from the shared data dir) behind a real IRP client, the sandbox behind a forwarder
 * that counts what reached it. Tokens are sealed at rest, one authentication serves both instances
 * however they race, and a renewal ahead of expiry is done once for both.
 */
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import {
  ApiV1EinvoiceClient,
  GspEinvoiceClient,
  type EinvoiceProviderConfig,
} from '../../src/regimes/in-einvoice';
import { GspSessionRepository } from '../../src/database/repositories/gsp-session.repository';
import type { RunningSandbox } from '@erp-connector/sandbox';
import { einvoiceConfig } from '../../src/regimes/in-einvoice/einvoice-settings';
import {
  dropSampleAndPull,
  expectedDocuments,
  sandboxRegimeDefaults,
  SELLER_GSTIN,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type E2eApp,
} from '../einvoice-e2e/support';
import { startCountingForwarder, type CountingForwarder } from './counting-forwarder';

const GSP_AUTHENTICATE = '/einvoice/authenticate';
const API_AUTHENTICATE = '/oauth/token';
const UNKNOWN_DOCUMENT = ['INV', 'NOT/REGISTERED', '02/11/2026'] as const;

describe('gsp_session: provider tokens shared by two app instances through Postgres', () => {
  let sandbox: RunningSandbox;
  let gspForwarder: CountingForwarder;
  let apiForwarder: CountingForwarder;
  let first: E2eApp;
  let second: E2eApp;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    gspForwarder = await startCountingForwarder(sandbox.urls.einvoiceGsp);
    apiForwarder = await startCountingForwarder(sandbox.urls.einvoiceApi);
    const providerSettings = { baseUrl: gspForwarder.url };
    first = await startE2eApp({ sandbox, providerSettings });
    second = await startE2eApp({
      sandbox,
      providerSettings,
      databaseUrl: first.databaseUrl,
      dataDir: first.dataDir,
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await gspForwarder?.close();
    await apiForwarder?.close();
    await sandbox?.stop();
  });

  /** The in-einvoice settings the apps' own providers get, pointed at `baseUrl`. */
  function providerConfig(catalog: 'A' | 'B', baseUrl: string): EinvoiceProviderConfig {
    const defaults = sandboxRegimeDefaults(sandbox, undefined, catalog)['in-einvoice'];
    return einvoiceConfig({ ...defaults, baseUrl, gstin: SELLER_GSTIN, rateLimit: { limit: 0 } });
  }

  async function sealedRows(): Promise<{ key: string; token: string | null }[]> {
    const client = new Client({ connectionString: first.databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ key: string; token: string | null }>('SELECT key, token FROM gsp_session'))
        .rows;
    } finally {
      await client.end();
    }
  }

  it('authenticates once for both instances racing for a token, and keeps the token sealed at rest', async () => {
    expect(first.app.get(DataSource)).not.toBe(second.app.get(DataSource));
    const config = providerConfig('A', gspForwarder.url);
    const clients = [first, second].map(
      (t) => new GspEinvoiceClient(config, { tokenStore: t.app.get(GspSessionRepository) }),
    );
    const lookups = clients.flatMap((client) =>
      Array.from({ length: 4 }, () => client.getIrnByDocDetails(...UNKNOWN_DOCUMENT)),
    );
    expect(await Promise.all(lookups)).toEqual(Array(8).fill(undefined));

    expect(gspForwarder.count(GSP_AUTHENTICATE)).toBe(1);
    expect(clients[0].tokens.fetches + clients[1].tokens.fetches).toBe(1);

    const key = clients[0].tokens.key;
    const stored = await second.app.get(GspSessionRepository).get(key);
    expect(stored).toBeDefined();
    expect(sandbox.einvoice.gspTokens.verify(stored!.token)).toBeDefined();
    const sek = stored!.extra?.sek;
    expect(sek).toEqual(expect.any(String));

    const rows = await sealedRows();
    expect(rows.map((row) => row.key)).toEqual([key]);
    const atRest = rows[0].token ?? '';
    expect(atRest).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    for (const secret of [stored!.token, sek!]) {
      for (const encoding of ['utf8', 'base64', 'base64url', 'hex'] as const) {
        expect(atRest).not.toContain(Buffer.from(secret).toString(encoding));
      }
    }
  });

  it("lets the apps' own pipelines use the stored token: the example file registered with no more authentication", async () => {
    await dropSampleAndPull(first.url, first.inbox);
    const docs = await settledDocuments(first.url, expectedDocuments().length, 30_000);
    expect(docs.every((doc) => doc.submissions.every((s) => s.state === 'WRITTEN_BACK'))).toBe(true);
    const generates = gspForwarder.paths.filter((path) => path.includes('/GENERATE/'));
    expect(generates).toHaveLength(docs.length);
    expect(gspForwarder.count(GSP_AUTHENTICATE)).toBe(1);
  });

  it('renews ahead of expiry once for both instances when the IRP hands back the same token (catalog A)', async () => {
    const config = providerConfig('A', gspForwarder.url);
    let aheadMs = 0;
    const now = () => Date.now() + aheadMs;
    const clients = [first, second].map(
      (t) => new GspEinvoiceClient(config, { tokenStore: t.app.get(GspSessionRepository), now }),
    );
    const lookupsByBoth = () =>
      Promise.all(
        clients.flatMap((client) =>
          Array.from({ length: 3 }, () => client.getIrnByDocDetails(...UNKNOWN_DOCUMENT)),
        ),
      );
    const before = gspForwarder.count(GSP_AUTHENTICATE);
    const original = await first.app.get(GspSessionRepository).get(clients[0].tokens.key);

    // 356 minutes on, the 6 h token has 4 minutes left: inside the margin, still valid at the IRP,
    // which answers a new authentication with that same token.
    aheadMs = 356 * 60_000;
    await lookupsByBoth();
    expect(gspForwarder.count(GSP_AUTHENTICATE)).toBe(before + 1);
    for (let probe = 1; probe <= 3; probe += 1) {
      aheadMs += 11_000;
      await lookupsByBoth();
    }
    expect(gspForwarder.count(GSP_AUTHENTICATE)).toBe(before + 1);
    const kept = await second.app.get(GspSessionRepository).get(clients[0].tokens.key);
    expect(kept!.token).toBe(original!.token);
  });

  it('renews a token ahead of its expiry once for both instances (catalog B)', async () => {
    const config = providerConfig('B', apiForwarder.url);
    let aheadMs = 0;
    const now = () => Date.now() + aheadMs;
    const clients = [first, second].map(
      (t) => new ApiV1EinvoiceClient(config, { tokenStore: t.app.get(GspSessionRepository), now }),
    );
    const lookupsByBoth = () =>
      Promise.all(
        clients.flatMap((client) =>
          Array.from({ length: 3 }, () => client.getIrnByDocDetails(...UNKNOWN_DOCUMENT)),
        ),
      );
    const store = first.app.get(GspSessionRepository);

    await lookupsByBoth();
    expect(apiForwarder.count(API_AUTHENTICATE)).toBe(1);
    const original = await store.get(clients[0].tokens.key);

    // Both clocks now 56 minutes on: the 1 h token has 4 minutes left, inside the 5-minute margin, and
    // is still good at the sandbox and in the database (whose clock has not moved).
    aheadMs = 56 * 60_000;
    await lookupsByBoth();
    expect(apiForwarder.count(API_AUTHENTICATE)).toBe(2);
    const renewed = await store.get(clients[0].tokens.key);
    expect(renewed!.token).not.toBe(original!.token);
    expect(sandbox.einvoice.apiTokens.verify(renewed!.token)).toBeDefined();

    await lookupsByBoth();
    expect(apiForwarder.count(API_AUTHENTICATE)).toBe(2);
  });
});
