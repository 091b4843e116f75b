/**
 * The host's clock an hour off the authority's (a jump of ±1 h, or a host without time sync): the
 * gateway's token still lasts the 6 h the gateway gave it, by the gateway's own clock. Each lookup below
 * must reach the IRP once, never first with a token the IRP already counts as expired, and the client
 * must not authenticate again while the token is good.
 */
import type { RunningSandbox } from '@erp-connector/sandbox';
import { GspEinvoiceClient } from '../../src/regimes/in-einvoice';
import { einvoiceConfig } from '../../src/regimes/in-einvoice/einvoice-settings';
import { SELLER_GSTIN, sandboxRegimeDefaults, startEinvoiceSandbox } from '../einvoice-e2e/support';
import { startCountingForwarder, type CountingForwarder } from './counting-forwarder';

const AUTHENTICATE = '/einvoice/authenticate';
const LOOKUP = '/einvoice/type/GETIRNBYDOCDETAILS/version/V1_03';
const UNKNOWN_DOCUMENT = ['INV', 'NOT/REGISTERED', '02/11/2026'] as const;
const HOUR = 3600_000;
const MINUTE = 60_000;

describe('GSP token expiry with the host clock an hour off the authority', () => {
  let sandbox: RunningSandbox;
  let forwarder: CountingForwarder;

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    forwarder = await startCountingForwarder(sandbox.urls.einvoiceGsp);
  });
  afterAll(async () => {
    await forwarder?.close();
    await sandbox?.stop();
  });
  afterEach(() => sandbox.clock.reset());

  /** A catalog A client whose clock reads `hostAheadMs` off the authority's. */
  function clientWithHostClock(hostAheadMs: number): GspEinvoiceClient {
    const defaults = sandboxRegimeDefaults(sandbox, undefined, 'A')['in-einvoice'];
    const config = einvoiceConfig({
      ...defaults,
      baseUrl: forwarder.url,
      gstin: SELLER_GSTIN,
      rateLimit: { limit: 0 },
    });
    return new GspEinvoiceClient(config, { now: () => sandbox.clock.nowMs() + hostAheadMs });
  }

  async function lookupOnce(client: GspEinvoiceClient): Promise<{ authentications: number; sent: number }> {
    const [authentications, sent] = [forwarder.count(AUTHENTICATE), forwarder.count(LOOKUP)];
    expect(await client.getIrnByDocDetails(...UNKNOWN_DOCUMENT)).toBeUndefined();
    return {
      authentications: forwarder.count(AUTHENTICATE) - authentications,
      sent: forwarder.count(LOOKUP) - sent,
    };
  }

  it.each([
    ['behind', -HOUR],
    ['ahead of', HOUR],
  ])(
    'host clock an hour %s the authority: one authentication per token life, no refused call',
    async (_, hostAheadMs) => {
      const client = clientWithHostClock(hostAheadMs);
      expect(await lookupOnce(client)).toEqual({ authentications: 1, sent: 1 });

      // 5 h 50 min on by both clocks: 10 minutes left by the gateway, the token is used as it is.
      sandbox.clock.advance(5 * HOUR + 50 * MINUTE);
      expect(await lookupOnce(client)).toEqual({ authentications: 0, sent: 1 });

      // 6 h 1 min: expired at the gateway. A host clock an hour behind read it as good for another
      // hour, and its next call was refused before it authenticated again.
      sandbox.clock.advance(11 * MINUTE);
      expect(await lookupOnce(client)).toEqual({ authentications: 1, sent: 1 });
    },
  );
});
