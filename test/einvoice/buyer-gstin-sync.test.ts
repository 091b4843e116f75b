/**
 * 3028 for a buyer the IRP's master does not know yet, 3029 for one it still has as cancelled: the regime
 * syncs the GSTIN from the GST common portal once (catalog A's SYNC_GSTIN_FROMCP) and sends again only if
 * the portal reports it active. Against the sandbox over real HTTP.
 */
import { createEinvoiceProvider, EinvoiceRegime, IrpRejection } from '../../src/regimes/in-einvoice';
import { InMemoryTokenStore } from '../../src/compliance/http';
import { blamesUnsyncedBuyer } from '../../src/regimes/in-einvoice/buyer-gstin-sync';
import type { SubmitContext } from '../../src/compliance/regime';
import type { NicEinvoiceV11 } from '../../src/mappers/irn';
import { SANDBOX_GSTINS, startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { interStateInvoice, type NicTestInvoice } from './nic-invoice.fixture';
import { providerConfig } from './sandbox-client-config';
import { submitContext } from '../support/submit-context';

/** Registered at the common portal, not yet at the IRP; cancelled there. */
const UNSYNCED_INACTIVE_BUYER = '07AABCU3321K1ZG';
/** Registered and active at the common portal, not yet at the IRP. */
const UNSYNCED_ACTIVE_BUYER = '07AAGFN5512P1ZX';
/** Another such buyer, for catalog B: a sync through catalog A would cure it, so no test shares it. */
const UNSYNCED_ACTIVE_BUYER_B = '07AAHFK2209R1ZZ';
/** Active again at the common portal; the IRP's master still has it as cancelled. */
const STALE_ACTIVE_BUYER = '07AAJCS4410L1Z8';
/** Cancelled at the common portal, and so in the IRP's master. */
const INACTIVE_BUYER = '07AAKFT7731M1ZK';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({
    only: ['einvoice'],
    rateLimit: { limit: 0, windowMs: 60_000 },
    einvoice: {
      inactiveGstins: [UNSYNCED_INACTIVE_BUYER, INACTIVE_BUYER],
      unsyncedGstins: [UNSYNCED_INACTIVE_BUYER, UNSYNCED_ACTIVE_BUYER, UNSYNCED_ACTIVE_BUYER_B],
      staleInactiveGstins: [STALE_ACTIVE_BUYER],
    },
  });
});

afterAll(async () => {
  await sandbox.stop();
});

function regime(catalog: 'A' | 'B'): EinvoiceRegime {
  const provider = createEinvoiceProvider(providerConfig(sandbox, catalog), {
    tokenStore: new InMemoryTokenStore(),
  });
  return new EinvoiceRegime(() => provider);
}

const context: SubmitContext = submitContext();

const asPayload = (invoice: NicTestInvoice) => invoice as unknown as NicEinvoiceV11;

function generateAnswersOf(invoice: NicTestInvoice): string[] {
  return sandbox.einvoice
    .generateRequests()
    .filter((r) => r.docNo === invoice.DocDtls.No)
    .map((r) => (r.registered ? 'registered' : r.errorCodes.join(',')));
}

function syncsOf(gstin: string): number {
  return sandbox.einvoice.gstinSyncs().filter((synced) => synced === gstin).length;
}

describe('in-einvoice regime: 3028 for a buyer not yet synced to the IRP', () => {
  it('syncs once and, the GSTIN being cancelled at the portal, stays REJECTED with 3028 after one GENERATE', async () => {
    const invoice = interStateInvoice({ buyer: UNSYNCED_INACTIVE_BUYER });
    const outcome = await regime('A').submit(asPayload(invoice), context);
    expect(outcome).toMatchObject({ status: 'rejected', code: '3028' });
    const message = outcome.status === 'rejected' ? outcome.message : '';
    expect(message).toContain(`3028: GSTIN is invalid: Recipient GSTIN ${UNSYNCED_INACTIVE_BUYER}`);
    expect(message).toContain(`SYNC_GSTIN_FROMCP: GSTIN ${UNSYNCED_INACTIVE_BUYER} has status CNL`);
    expect(generateAnswersOf(invoice)).toEqual(['3028']);
    expect(syncsOf(UNSYNCED_INACTIVE_BUYER)).toBe(1);
  });

  it('stays REJECTED with 3028 and the sync failure when the portal does not know the GSTIN', async () => {
    const unknownBuyer = '07AACCR8846M1ZR';
    const invoice = interStateInvoice({ buyer: unknownBuyer });
    const outcome = await regime('A').submit(asPayload(invoice), context);
    expect(outcome).toMatchObject({ status: 'rejected', code: '3028' });
    expect(outcome.status === 'rejected' && outcome.message).toContain('SYNC_GSTIN_FROMCP failed: 3028');
    expect(generateAnswersOf(invoice)).toEqual(['3028']);
    expect(syncsOf(unknownBuyer)).toBe(1);
  });

  it('through catalog B, which has no sync, is rejected as before', async () => {
    const invoice = interStateInvoice({ buyer: UNSYNCED_ACTIVE_BUYER_B });
    const outcome = await regime('B').submit(asPayload(invoice), context);
    expect(outcome).toMatchObject({ status: 'rejected', code: '3028' });
    expect(generateAnswersOf(invoice)).toEqual(['3028']);
    expect(syncsOf(UNSYNCED_ACTIVE_BUYER_B)).toBe(0);
  });

  it('through catalog A syncs the active GSTIN once and registers on the second GENERATE', async () => {
    const invoice = interStateInvoice({ buyer: UNSYNCED_ACTIVE_BUYER });
    const outcome = await regime('A').submit(asPayload(invoice), context);
    expect(outcome.status).toBe('registered');
    expect(outcome.status === 'registered' && outcome.warnings?.map((w) => w.code)).toEqual(['GSTIN_SYNCED']);
    expect(generateAnswersOf(invoice)).toEqual(['3028', 'registered']);
    expect(syncsOf(UNSYNCED_ACTIVE_BUYER)).toBe(1);
  });
});

describe('in-einvoice regime: 3029 for a buyer the IRP has as not active', () => {
  it('syncs the GSTIN the portal has active again and registers on the second GENERATE', async () => {
    const invoice = interStateInvoice({ buyer: STALE_ACTIVE_BUYER });
    const outcome = await regime('A').submit(asPayload(invoice), context);
    expect(outcome.status).toBe('registered');
    expect(outcome.status === 'registered' && outcome.warnings).toEqual([
      {
        code: 'GSTIN_SYNCED',
        message: expect.stringContaining(
          `the IRP had buyer GSTIN ${STALE_ACTIVE_BUYER} as not active (3029)`,
        ),
      },
    ]);
    expect(generateAnswersOf(invoice)).toEqual(['3029', 'registered']);
    expect(syncsOf(STALE_ACTIVE_BUYER)).toBe(1);
  });

  it('stays REJECTED with 3029 after one GENERATE when the portal has the GSTIN cancelled too', async () => {
    const invoice = interStateInvoice({ buyer: INACTIVE_BUYER });
    const outcome = await regime('A').submit(asPayload(invoice), context);
    expect(outcome).toMatchObject({ status: 'rejected', code: '3029' });
    expect(outcome.status === 'rejected' && outcome.message).toContain(
      `SYNC_GSTIN_FROMCP: GSTIN ${INACTIVE_BUYER} has status CNL`,
    );
    expect(generateAnswersOf(invoice)).toEqual(['3029']);
    expect(syncsOf(INACTIVE_BUYER)).toBe(1);
  });
});

describe('which 3028 or 3029 a buyer sync can cure', () => {
  const buyer = SANDBOX_GSTINS.delhiBuyer;
  const refused = (...errors: { code: string; message: string }[]) => new IrpRejection(errors, [], {});

  it('one naming the buyer, or no GSTIN at all', () => {
    expect(blamesUnsyncedBuyer(refused({ code: '3028', message: `GSTIN is invalid: ${buyer}` }), buyer)).toBe(
      true,
    );
    expect(blamesUnsyncedBuyer(refused({ code: '3028', message: 'GSTIN is invalid' }), buyer)).toBe(true);
    expect(
      blamesUnsyncedBuyer(refused({ code: '3029', message: `GSTIN is not active: ${buyer}` }), buyer),
    ).toBe(true);
  });

  it('not one naming another GSTIN, another code alongside, or an unregistered (URP) buyer', () => {
    const seller = SANDBOX_GSTINS.karnatakaSeller;
    expect(
      blamesUnsyncedBuyer(refused({ code: '3028', message: `GSTIN is invalid: ${seller}` }), buyer),
    ).toBe(false);
    expect(
      blamesUnsyncedBuyer(
        refused({ code: '3028', message: `GSTIN is invalid: ${buyer}` }, { code: '2258', message: 'state' }),
        buyer,
      ),
    ).toBe(false);
    expect(blamesUnsyncedBuyer(refused({ code: '3028', message: 'GSTIN is invalid' }), 'URP')).toBe(false);
  });
});
