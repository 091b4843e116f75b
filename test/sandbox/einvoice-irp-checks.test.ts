/**
 * The IRP's schema and business checks in the sandbox, over real HTTP: each refuses its bad case with
 * NIC's code and message and lets the good case through. Starts from a valid inter-state invoice
 * (Karnataka -> Delhi, IGST) and changes one thing.
 */
import {
  DEFAULT_EINVOICE_ACCOUNTS,
  gstinCheckDigit,
  SANDBOX_GSTINS,
  startSandbox,
  type RunningSandbox,
} from '@erp-connector/sandbox';
import { interStateInvoice, type NicTestInvoice } from '../einvoice/nic-invoice.fixture';
import { errorCodes, errorsOf, GspCaller } from './gsp-caller';

/** A seller registered under state code 28 (undivided Andhra Pradesh), which the state master lacks. */
const STATE_28_SELLER = `28AABCS1429B1Z${gstinCheckDigit('28AABCS1429B1Z')}`;

let sandbox: RunningSandbox;
let gsp: GspCaller;

beforeAll(async () => {
  const account = DEFAULT_EINVOICE_ACCOUNTS[0];
  sandbox = await startSandbox({
    only: ['einvoice'],
    rateLimit: { limit: 0, windowMs: 60_000 },
    einvoice: { accounts: [{ ...account, gstins: [...account.gstins, STATE_28_SELLER] }] },
  });
  gsp = new GspCaller(sandbox);
  await gsp.authenticate();
});

afterAll(async () => {
  await sandbox.stop();
});

type Change = (invoice: NicTestInvoice) => void;

async function generate(change: Change, caller = gsp) {
  const invoice = interStateInvoice({ seller: caller.gstin });
  change(invoice);
  const res = await caller.einvoice('GENERATE', invoice);
  const registered = sandbox.einvoice.registrations().some((r) => r.docNo === invoice.DocDtls.No);
  return { envelope: res.data, registered };
}

const item = (invoice: NicTestInvoice, index = 0) => invoice.ItemList[index];

/** Karnataka -> Karnataka: CGST and SGST at half the rate each instead of IGST. */
const intraState: Change = (invoice) => {
  Object.assign(invoice.BuyerDtls, {
    Gstin: SANDBOX_GSTINS.karnatakaBuyer,
    Stcd: '29',
    Pos: '29',
    Pin: 560002,
  });
  Object.assign(item(invoice, 0), { IgstAmt: 0, CgstAmt: 112.5, SgstAmt: 112.5 });
  Object.assign(item(invoice, 1), { IgstAmt: 0, CgstAmt: 450, SgstAmt: 450 });
  Object.assign(invoice.ValDtls, { IgstVal: 0, CgstVal: 562.5, SgstVal: 562.5 });
};

const TAX_TOTALS = {
  CgstAmt: 'CgstVal',
  SgstAmt: 'SgstVal',
  IgstAmt: 'IgstVal',
  CesAmt: 'CesVal',
  CesNonAdvlAmt: 'CesVal',
  StateCesAmt: 'StCesVal',
  StateCesNonAdvlAmt: 'StCesVal',
} as const;

/**
 * Sets taxes on the first item and carries them, as the items' sums, into its total, ValDtls and
 * TotInvVal, so that only the check under test can refuse.
 */
function withItemTax(
  invoice: NicTestInvoice,
  taxes: Partial<Record<keyof typeof TAX_TOTALS, number>> & { CesRt?: number; StateCesRt?: number },
): void {
  const first = item(invoice);
  const values = invoice.ValDtls as Record<string, number>;
  let added = 0;
  for (const [field, total] of Object.entries(TAX_TOTALS)) {
    const amount = taxes[field as keyof typeof TAX_TOTALS];
    if (amount === undefined) continue;
    const change = amount - Number(first[field] ?? 0);
    values[total] = (values[total] ?? 0) + change;
    added += change;
  }
  Object.assign(first, taxes, { TotItemVal: Number(first.TotItemVal) + added });
  values.TotInvVal += added;
}

/** Abroad: buyer URP in "other country" (96, PIN 999999). */
const exportTo =
  (supplyType: 'EXPWOP' | 'EXPWP'): Change =>
  (invoice) => {
    invoice.TranDtls.SupTyp = supplyType;
    Object.assign(invoice.BuyerDtls, { Gstin: 'URP', Stcd: '96', Pos: '96', Pin: 999999 });
    for (const line of invoice.ItemList) Object.assign(line, { IgstAmt: 0, TotItemVal: line.AssAmt });
    Object.assign(invoice.ValDtls, { IgstVal: 0, TotInvVal: 9500 });
  };

const warehouse = { Nm: 'Sandbox Warehouse', Addr1: '3 Industrial Road', Loc: 'Bengaluru', Pin: 560058 };
const consignee = { LglNm: 'Capital Buyer LLP', Addr1: '4 Janpath', Loc: 'New Delhi', Pin: 110001 };

describe('refused with NIC code and message', () => {
  it.each<[string, Change, string[], string]>([
    [
      'RndOffAmt beyond +/-99.99 (schema)',
      (inv) => Object.assign(inv.ValDtls, { RndOffAmt: 100, TotInvVal: 10725 }),
      ['2140'],
      'The field ValDtls.RndOffAmt must be between -99.99 and 99.99.',
    ],
    [
      'a five-digit PIN (schema)',
      (inv) => Object.assign(inv.SellerDtls, { Pin: 56001 }),
      ['2140'],
      'The field SellerDtls.Pin must be between 100000 and 999999.',
    ],
    [
      'a PIN as text (schema type)',
      (inv) => Object.assign(inv.SellerDtls, { Pin: '560001' }),
      ['2140'],
      'The field SellerDtls.Pin must be a number.',
    ],
    [
      'a missing required member (schema)',
      (inv) => delete inv.SellerDtls.Pin,
      ['2140'],
      'The SellerDtls.Pin field is required.',
    ],
    [
      'a product description over 300 characters (schema length)',
      (inv) => Object.assign(item(inv), { PrdDesc: 'x'.repeat(301) }),
      ['2140'],
      'The field ItemList[0].PrdDesc must be a string with a minimum length of 3 and a maximum length of 300.',
    ],
    [
      'a vehicle number with dashes (schema pattern)',
      (inv) =>
        Object.assign(inv, {
          EwbDtls: { Distance: 100, TransMode: '1', VehNo: 'KA-01-AB-1234', VehType: 'R' },
        }),
      ['2140'],
      "The field EwbDtls.VehNo must match the regular expression '^([A-Z|a-z|0-9]{4,20})$'.",
    ],
    [
      'a unit outside the UQC master',
      (inv) => Object.assign(item(inv), { Unit: 'PCE' }),
      ['2177'],
      'Invalid item unit code(s)-PCE',
    ],
    [
      'buyer state code 25',
      (inv) => Object.assign(inv.BuyerDtls, { Stcd: '25' }),
      ['2260'],
      'Invalid recipient state code',
    ],
    [
      'buyer state code 99',
      (inv) => Object.assign(inv.BuyerDtls, { Stcd: '99' }),
      ['2260'],
      'Invalid recipient state code',
    ],
    [
      'place of supply 28',
      (inv) => Object.assign(inv.BuyerDtls, { Pos: '28' }),
      ['2243'],
      'POS should be valid state for B2B transaction',
    ],
    [
      'dispatch state code 25',
      (inv) => Object.assign(inv, { DispDtls: { ...warehouse, Stcd: '25' } }),
      ['2200'],
      'Invalid state code 25 in dispatch details or ship details',
    ],
    [
      "a buyer PIN outside the buyer's state",
      (inv) => Object.assign(inv.BuyerDtls, { Pin: 560001 }),
      ['3039'],
      'Buyer Details:Pincode-560001 does not belong to the state-7',
    ],
    [
      "a seller PIN outside the seller's state",
      (inv) => Object.assign(inv.SellerDtls, { Pin: 110001 }),
      ['3039'],
      'Seller Details:Pincode-110001 does not belong to the state-29',
    ],
    [
      'a ship-to PIN outside the ship-to state',
      (inv) => Object.assign(inv, { ShipDtls: { ...consignee, Pin: 400001, Stcd: '07' } }),
      ['3039'],
      'Ship Details:Pincode-400001 does not belong to the state-7',
    ],
    [
      'CGST and SGST unequal on an intra-state item',
      (inv) => {
        intraState(inv);
        Object.assign(item(inv), { SgstAmt: 112 });
        Object.assign(inv.ValDtls, { SgstVal: 562, TotInvVal: 10624.5 });
      },
      ['2227'],
      'SGST and CGST Amounts should be equal for HSN - 61051000',
    ],
    [
      'CGST and SGST off the rate by more than a rupee',
      (inv) => {
        intraState(inv);
        Object.assign(item(inv), { CgstAmt: 120, SgstAmt: 120, TotItemVal: 4740 });
        Object.assign(inv.ValDtls, { CgstVal: 570, SgstVal: 570, TotInvVal: 10640 });
      },
      ['2234'],
      'Invalid SGST and CGST Amounts for HSN - 61051000.',
    ],
    [
      'IGST off the rate by more than a rupee',
      (inv) => withItemTax(inv, { IgstAmt: 230 }),
      ['2235'],
      'IGST amount given with HSN -61051000 is Invalid',
    ],
    [
      'cess off its rate',
      (inv) => withItemTax(inv, { CesRt: 1, CesAmt: 100 }),
      ['2266'],
      'Cess amount given with HSN -61051000 is invalid',
    ],
    [
      'state cess off its rate',
      (inv) => withItemTax(inv, { StateCesRt: 2, StateCesAmt: 10 }),
      ['2267'],
      'State Cess amount given with HSN -61051000 is Invalid',
    ],
    [
      'CGST and SGST on an inter-state item',
      (inv) => withItemTax(inv, { CgstAmt: 50, SgstAmt: 50 }),
      ['2174'],
      'For inter-state transaction, CGST and SGST amounts are not applicable; only IGST amount is applicable',
    ],
    [
      'an export with payment carrying no IGST',
      exportTo('EXPWP'),
      ['2235', '2235'],
      'IGST amount given with HSN -61051000 is Invalid',
    ],
    [
      'two items with the same serial number (not a schema error)',
      (inv) => Object.assign(item(inv, 1), { SlNo: '1' }),
      ['2233'],
      'Duplicate SI nos are not allowed in items',
    ],
    [
      "a buyer state code other than its GSTIN's state",
      (inv) => Object.assign(inv.BuyerDtls, { Stcd: '29', Pin: 560002 }),
      ['2265'],
      'Recipient GSTIN state code does not match with the state code passed in recipient details',
    ],
    [
      'SGST total 2 off the items',
      (inv) => {
        intraState(inv);
        Object.assign(inv.ValDtls, { SgstVal: 564.5 });
      },
      ['2183'],
      'SGST value of all items must be equal to total SGST Value',
    ],
    [
      'CGST total 2 off the items',
      (inv) => {
        intraState(inv);
        Object.assign(inv.ValDtls, { CgstVal: 560.5 });
      },
      ['2184'],
      'CGST value of all items must be equal to total CGST value',
    ],
    [
      'IGST total 1.01 off the items',
      (inv) => Object.assign(inv.ValDtls, { IgstVal: 1126.01 }),
      ['2185'],
      'IGST value of all items must be equal to total IGST Value',
    ],
    [
      'cess total leaving out the non-ad-valorem cess',
      (inv) => {
        withItemTax(inv, { CesRt: 1, CesAmt: 45, CesNonAdvlAmt: 10 });
        Object.assign(inv.ValDtls, { CesVal: 45 });
      },
      ['2186'],
      'Cess value of all items must be equal to total CessValue',
    ],
    [
      'state cess total leaving out the non-ad-valorem state cess',
      (inv) => {
        withItemTax(inv, { StateCesRt: 2, StateCesAmt: 90, StateCesNonAdvlAmt: 5 });
        Object.assign(inv.ValDtls, { StCesVal: 90 });
      },
      ['2187'],
      'State Cess Value of all items must be equal to total State CessValue',
    ],
    [
      'an item total 2 over its parts',
      (inv) => Object.assign(item(inv), { TotItemVal: 4727 }),
      ['2194'],
      'Invalid total item value for HSN - 61051000',
    ],
    [
      'an item total leaving out its tax, neither reverse charge nor export with payment',
      (inv) => {
        Object.assign(item(inv), { TotItemVal: 4500 });
        Object.assign(inv.ValDtls, { TotInvVal: 10400 });
      },
      ['2194'],
      'Invalid total item value for HSN - 61051000',
    ],
  ])('%s', async (_name, change, codes, message) => {
    const { envelope, registered } = await generate(change);
    expect(errorCodes(envelope)).toEqual(codes);
    expect(
      errorsOf(envelope)
        .map((error) => error.ErrorMessage)
        .join(' | '),
    ).toContain(message);
    expect(registered).toBe(false);
  });

  it('a seller state code outside the master (28)', async () => {
    const seller28 = new GspCaller(sandbox, STATE_28_SELLER);
    await seller28.authenticate();
    const { envelope, registered } = await generate(() => undefined, seller28);
    expect(errorsOf(envelope)).toEqual([{ ErrorCode: '2259', ErrorMessage: 'Invalid supplier state code' }]);
    expect(registered).toBe(false);
  });

  it('the same checks behind catalog B, with HTTP 400', async () => {
    const token = await fetch(`${sandbox.urls.einvoiceApi}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: DEFAULT_EINVOICE_ACCOUNTS[0].clientId,
        client_secret: DEFAULT_EINVOICE_ACCOUNTS[0].clientSecret,
      }).toString(),
    }).then((res) => res.json() as Promise<{ access_token: string }>);
    const invoice = interStateInvoice();
    Object.assign(item(invoice), { Unit: 'PCE' });
    const res = await fetch(`${sandbox.urls.einvoiceApi}/einvoice/api/v1/generate-irn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` },
      body: JSON.stringify(invoice),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errors: [{ code: '2177', message: 'Invalid item unit code(s)-PCE' }],
    });
  });
});

describe('accepted', () => {
  it.each<[string, Change]>([
    ['the unchanged inter-state invoice', () => undefined],
    ['RndOffAmt at +99.99', (inv) => Object.assign(inv.ValDtls, { RndOffAmt: 99.99, TotInvVal: 10724.99 })],
    ['RndOffAmt at -99.99', (inv) => Object.assign(inv.ValDtls, { RndOffAmt: -99.99, TotInvVal: 10525.01 })],
    ['a 300-character product description', (inv) => Object.assign(item(inv), { PrdDesc: 'x'.repeat(300) })],
    [
      'an e-way bill part with a plain vehicle number',
      (inv) =>
        Object.assign(inv, { EwbDtls: { Distance: 100, TransMode: '1', VehNo: 'KA01AB1234', VehType: 'R' } }),
    ],
    ['another UQC master unit', (inv) => Object.assign(item(inv), { Unit: 'PCS' })],
    ['intra-state CGST and SGST at half the rate each', intraState],
    ['IGST within the 1-rupee tolerance', (inv) => Object.assign(item(inv), { IgstAmt: 225.9 })],
    ['cess at its rate', (inv) => withItemTax(inv, { CesRt: 1, CesAmt: 45 })],
    [
      'cess and state cess totals including their non-ad-valorem amounts',
      (inv) =>
        withItemTax(inv, {
          CesRt: 1,
          CesAmt: 45,
          CesNonAdvlAmt: 10,
          StateCesRt: 2,
          StateCesAmt: 90,
          StateCesNonAdvlAmt: 5,
        }),
    ],
    ['an IGST total exactly 1 off the items', (inv) => Object.assign(inv.ValDtls, { IgstVal: 1126 })],
    ['an item total exactly 1 under its parts', (inv) => Object.assign(item(inv), { TotItemVal: 4724 })],
    [
      'an item total carrying the line other charges',
      (inv) => {
        Object.assign(item(inv), { OthChrg: 50, TotItemVal: 4775 });
        Object.assign(inv.ValDtls, { TotInvVal: 10675 });
      },
    ],
    [
      'a reverse-charge item total leaving out its tax',
      (inv) => {
        inv.TranDtls.RegRev = 'Y';
        Object.assign(item(inv), { TotItemVal: 4500 });
        Object.assign(inv.ValDtls, { TotInvVal: 10400 });
      },
    ],
    [
      'an export with payment whose item totals leave out the IGST',
      (inv) => {
        exportTo('EXPWP')(inv);
        Object.assign(item(inv, 0), { IgstAmt: 225 });
        Object.assign(item(inv, 1), { IgstAmt: 900 });
        Object.assign(inv.ValDtls, { IgstVal: 1125 });
      },
    ],
    [
      'a credit note, whose tax the IRP does not hold to the rate',
      (inv) => {
        inv.DocDtls.Typ = 'CRN';
        withItemTax(inv, { IgstAmt: 230 });
      },
    ],
    ['an export without payment and no IGST, buyer PIN 999999 in "other country"', exportTo('EXPWOP')],
    [
      'dispatch-from and ship-to PINs in their states',
      (inv) =>
        Object.assign(inv, {
          DispDtls: { ...warehouse, Stcd: '29' },
          ShipDtls: { ...consignee, Stcd: '07' },
        }),
    ],
  ])('%s', async (_name, change) => {
    const { envelope, registered } = await generate(change);
    expect(errorsOf(envelope)).toEqual([]);
    expect(envelope.status_cd).toBe('1');
    expect(registered).toBe(true);
  });
});
