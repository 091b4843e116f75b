/**
 * The simulated e-way bill system over real HTTP, driven by the product's own clients of both catalogs:
 * NIC's recorded exchanges replayed at their recorded instants (generate, Part-B, transporter, extend),
 * validity around the 200 km boundaries and for over-dimensional cargo, Part-A then Part-B, each window
 * (extension 8 h either side of expiry, cancel 24 h), consolidated bills, 604 across direct and by-IRN
 * bills, bulk generation with a per-row report, and the shared fault injection.
 */
import axios from 'axios';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { istDateTime } from '../../src/domain';
import {
  CatalogAEwaybillClient,
  CatalogBEwaybillClient,
  type EwaybillGenerateRequest,
  type EwaybillProvider,
  type EwaybillProviderConfig,
} from '../../src/regimes/in-ewaybill';
import { ClientRateLimiter } from '../../src/compliance/http';
import { ComplianceError } from '../../src/compliance/regime';
import {
  DEFAULT_EINVOICE_ACCOUNTS,
  SANDBOX_GSTINS,
  startSandbox,
  type RunningSandbox,
} from '@erp-connector/sandbox';
import { interStateInvoice, todayIst, uniqueDocNo } from '../einvoice/nic-invoice.fixture';
import { EMAIL, GspCaller } from './gsp-caller';

const CAPTURED_GSTIN = '05AAACG2115R1ZN';
const CAPTURED_TRANSPORTER = '05AAACG2140A1ZL';
const SELLER = SANDBOX_GSTINS.karnatakaSeller;
const account = {
  ...DEFAULT_EINVOICE_ACCOUNTS[0],
  gstins: [...DEFAULT_EINVOICE_ACCOUNTS[0].gstins, CAPTURED_GSTIN, CAPTURED_TRANSPORTER],
};
const captures = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/ewaybill/nic-ewaybill-captures.json'), 'utf8'),
) as Record<'generate' | 'updateVehicle' | 'updateTransporter' | 'extendValidity', Exchange>;

interface Exchange {
  request: Record<string, unknown>;
  response: Record<string, unknown>;
}

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({
    only: ['einvoice'],
    rateLimit: { limit: 0, windowMs: 60_000 },
    einvoice: { accounts: [account] },
  });
});

afterAll(async () => {
  await sandbox.stop();
});

afterEach(() => {
  sandbox.clock.reset();
});

function providerConfig(catalog: 'A' | 'B', gstin: string): EwaybillProviderConfig {
  return {
    catalog,
    baseUrl: catalog === 'A' ? sandbox.urls.einvoiceGsp : sandbox.urls.einvoiceApi,
    clientId: account.clientId,
    clientSecret: account.clientSecret,
    username: account.username,
    password: account.password,
    gstin,
    email: EMAIL,
    http: { maxAttempts: 1, backoffBaseMs: 1, backoffMaxMs: 2 },
  };
}

function catalogA(gstin: string = SELLER): CatalogAEwaybillClient {
  return new CatalogAEwaybillClient(providerConfig('A', gstin), {
    rateLimiter: new ClientRateLimiter({ limit: 0, windowMs: 1 }),
  });
}

function catalogB(gstin: string = SELLER): CatalogBEwaybillClient {
  return new CatalogBEwaybillClient(providerConfig('B', gstin), {
    rateLimiter: new ClientRateLimiter({ limit: 0, windowMs: 1 }),
  });
}

/** The captured request, as the seller's own document of today (sandbox clock). */
function bill(overrides: Record<string, unknown> = {}): EwaybillGenerateRequest {
  return {
    ...(captures.generate.request as unknown as EwaybillGenerateRequest),
    userGstin: SELLER,
    fromGstin: SELLER,
    fromStateCode: 29,
    actFromStateCode: 29,
    fromPincode: 560001,
    docNo: uniqueDocNo('E'),
    docDate: todayIst(sandbox.clock.nowMs()),
    ...overrides,
  };
}

/** Part-A only: no vehicle and no transport document yet. */
function partAOnly(overrides: Record<string, unknown> = {}): EwaybillGenerateRequest {
  const request = bill(overrides);
  delete request.vehicleNo;
  delete request.transMode;
  return request;
}

const at = (ist: string) => new Date(`${ist}+05:30`);

async function rejectionOf(promise: Promise<unknown>): Promise<ComplianceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ComplianceError);
  return error as ComplianceError;
}

describe('NIC recorded exchanges, replayed at their recorded instants', () => {
  it('generate, Part-B and transporter answer as NIC did', async () => {
    sandbox.clock.set(at('2022-10-05T12:39:00'));
    const client = catalogA(CAPTURED_GSTIN);
    // The capture's document number was replaced by the recorder ("test_invoice_no": an underscore the
    // system's docNo pattern refuses); any valid one stands in for it.
    const generated = await client.generate({
      ...(captures.generate.request as unknown as EwaybillGenerateRequest),
      docNo: uniqueDocNo('R'),
    });
    expect(generated).toMatchObject({
      ewbDate: captures.generate.response.ewayBillDate,
      validUpto: istDateTime(captures.generate.response.validUpto as string),
    });
    expect(generated.ewbNo).toMatch(/^\d{12}$/);

    sandbox.clock.set(at('2022-10-05T12:44:00'));
    const partB = await client.updatePartB({
      ...(captures.updateVehicle.request as unknown as Parameters<EwaybillProvider['updatePartB']>[0]),
      ewbNo: generated.ewbNo,
    });
    expect(partB).toMatchObject({
      updatedAt: captures.updateVehicle.response.vehUpdDate,
      validUpto: istDateTime(captures.updateVehicle.response.validUpto as string),
    });

    sandbox.clock.set(at('2022-10-05T12:45:00'));
    const transporter = await client.updateTransporter({
      ewbNo: generated.ewbNo,
      transporterId: CAPTURED_TRANSPORTER,
    });
    expect(transporter).toMatchObject({
      ewbNo: generated.ewbNo,
      updatedAt: captures.updateTransporter.response.transUpdateDate,
    });
    const details = await client.getEwaybill(generated.ewbNo);
    expect(details).toMatchObject({
      ewbNo: Number(generated.ewbNo),
      status: 'ACT',
      transporterId: CAPTURED_TRANSPORTER,
      actualDist: 10,
      noValidDays: 1,
      validUpto: '06/10/2022 11:59:00 PM',
    });
    expect((details.VehiclListDetails as { vehicleNo: string }[]).map((v) => v.vehicleNo)).toEqual([
      'GJ07DL9001',
      'GJ07DL9009',
    ]);
  });

  it('extends in the last hours of validity to the end of the next day, as recorded', async () => {
    sandbox.clock.set(at('2023-07-03T10:00:00'));
    const client = catalogA(CAPTURED_GSTIN);
    const generated = await client.generate({
      ...(captures.generate.request as unknown as EwaybillGenerateRequest),
      docNo: uniqueDocNo('X'),
      docDate: '03/07/2023',
    });
    expect(generated.validUpto).toBe('2023-07-04T23:59:00+05:30');
    sandbox.clock.set(at('2023-07-04T18:13:00'));
    const extended = await client.extendValidity({
      ...(captures.extendValidity.request as unknown as Parameters<EwaybillProvider['extendValidity']>[0]),
      ewbNo: generated.ewbNo,
    });
    expect(extended).toMatchObject({
      ewbNo: generated.ewbNo,
      updatedAt: captures.extendValidity.response.updatedDate,
      validUpto: istDateTime(captures.extendValidity.response.validUpto as string),
    });
    expect(await client.getEwaybill(generated.ewbNo)).toMatchObject({ extendedTimes: 1 });
  });
});

describe('validity', () => {
  it.each([
    [199, 'R', '2024-03-02T23:59:00+05:30'],
    [200, 'R', '2024-03-02T23:59:00+05:30'],
    [201, 'R', '2024-03-03T23:59:00+05:30'],
    [400, 'R', '2024-03-03T23:59:00+05:30'],
    [401, 'R', '2024-03-04T23:59:00+05:30'],
    [20, 'O', '2024-03-02T23:59:00+05:30'],
    [21, 'O', '2024-03-03T23:59:00+05:30'],
    [45, 'O', '2024-03-04T23:59:00+05:30'],
  ])('%i km, vehicle type %s, generated 01/03/2024 10:00 IST: valid up to %s', async (km, type, until) => {
    sandbox.clock.set(at('2024-03-01T10:00:00'));
    const generated = await catalogA().generate(
      bill({ transDistance: km, vehicleType: type, toPincode: 380015, fromPincode: 560001 }),
    );
    expect(generated.validUpto).toBe(until);
  });

  it('starts only with Part-B: a Part-A only bill has none until its vehicle is entered', async () => {
    sandbox.clock.set(at('2024-03-01T10:00:00'));
    const client = catalogA();
    const generated = await client.generate(partAOnly({ transDistance: 250 }));
    expect(generated.validUpto).toBeUndefined();
    expect(await client.getEwaybill(generated.ewbNo)).toMatchObject({ validUpto: null, noValidDays: 0 });
    // Part-B two days later: validity counts from then (250 km: two days).
    sandbox.clock.set(at('2024-03-03T09:00:00'));
    const partB = await client.updatePartB({
      ewbNo: generated.ewbNo,
      vehicleNo: 'KA01AB1234',
      fromPlace: 'Bengaluru',
      fromState: 29,
      reasonCode: 4,
      reasonRem: 'First time',
      transMode: 1,
    });
    expect(partB.validUpto).toBe('2024-03-05T23:59:00+05:30');
    // A vehicle change keeps that validity.
    const change = await client.updatePartB({
      ewbNo: generated.ewbNo,
      vehicleNo: 'KA01AB5678',
      fromPlace: 'Tumakuru',
      fromState: 29,
      reasonCode: 1,
      reasonRem: 'Break down',
      transMode: 1,
    });
    expect(change.validUpto).toBe('2024-03-05T23:59:00+05:30');
  });
});

describe('operations inside and outside their windows', () => {
  const partB = (ewbNo: string, reasonCode: number | string = 2) => ({
    ewbNo,
    vehicleNo: 'KA01AB1234',
    fromPlace: 'Bengaluru',
    fromState: 29,
    reasonCode,
    reasonRem: 'Transhipment',
    transMode: 1,
  });
  const extension = (ewbNo: string, remainingDistance = 150) => ({
    ewbNo,
    vehicleNo: 'KA01AB1234',
    fromPlace: 'Hubballi',
    fromState: 29,
    fromPincode: 580020,
    remainingDistance,
    transMode: 1,
    extnRsnCode: 1,
    extnRemarks: 'Flood',
    consignmentStatus: 'M',
  });

  it('Part-B: reason codes 1-4 only (307), not after validity lapsed (311)', async () => {
    sandbox.clock.set(at('2024-03-01T10:00:00'));
    const client = catalogA();
    const { ewbNo } = await client.generate(bill({ transDistance: 150 }));
    expect((await rejectionOf(client.updatePartB(partB(ewbNo, 5)))).options.code).toBe('307');
    expect((await client.updatePartB(partB(ewbNo))).validUpto).toBe('2024-03-02T23:59:00+05:30');
    sandbox.clock.set(at('2024-03-03T00:01:00'));
    expect((await rejectionOf(client.updatePartB(partB(ewbNo)))).options.code).toBe('311');
  });

  it('extension: refused before 8 h ahead of expiry (382), allowed inside, refused after 8 h past (382)', async () => {
    sandbox.clock.set(at('2024-03-01T10:00:00'));
    const client = catalogA();
    const early = await client.generate(bill({ transDistance: 150 }));
    const late = await client.generate(bill({ transDistance: 150 }));
    // Valid up to 02/03/2024 23:59: the window runs from 15:59 on the 2nd to 07:59 on the 3rd.
    sandbox.clock.set(at('2024-03-02T15:58:00'));
    expect((await rejectionOf(client.extendValidity(extension(early.ewbNo)))).options.code).toBe('382');
    sandbox.clock.set(at('2024-03-02T16:00:00'));
    expect((await client.extendValidity(extension(early.ewbNo))).validUpto).toBe('2024-03-03T23:59:00+05:30');
    sandbox.clock.set(at('2024-03-03T08:00:00'));
    expect((await rejectionOf(client.extendValidity(extension(late.ewbNo)))).options.code).toBe('382');
  });

  it('extension: remaining distance at most the original (390), reason codes (307), Part-B first (381)', async () => {
    sandbox.clock.set(at('2024-03-01T10:00:00'));
    const client = catalogA();
    const { ewbNo } = await client.generate(bill({ transDistance: 150 }));
    const partAOnlyBill = await client.generate(partAOnly({ transDistance: 150 }));
    sandbox.clock.set(at('2024-03-02T20:00:00'));
    expect((await rejectionOf(client.extendValidity(extension(ewbNo, 151)))).options.code).toBe('390');
    expect(
      (await rejectionOf(client.extendValidity({ ...extension(ewbNo), extnRsnCode: 3 }))).options.code,
    ).toBe('307');
    expect((await rejectionOf(client.extendValidity(extension(partAOnlyBill.ewbNo)))).options.code).toBe(
      '381',
    );
  });

  it('extension: never beyond 360 days from generation (821)', async () => {
    sandbox.clock.set(at('2024-01-01T10:00:00'));
    const client = catalogA();
    const { ewbNo } = await client.generate(bill({ transDistance: 150 }));
    // Extended (as many extensions would) to the 359th day: one more day reaches the 360th, then no more.
    sandbox.einvoice.ewaybill.store.find(ewbNo)!.validUntilMs = at('2024-12-25T23:59:00').getTime();
    sandbox.clock.set(at('2024-12-25T20:00:00'));
    expect((await client.extendValidity(extension(ewbNo, 150))).validUpto).toBe('2024-12-26T23:59:00+05:30');
    sandbox.clock.set(at('2024-12-26T20:00:00'));
    expect((await rejectionOf(client.extendValidity(extension(ewbNo, 150)))).options.code).toBe('821');
  });

  it('cancel: within 24 h of generation only (728), reasons 1-4 (307), not once verified (316)', async () => {
    sandbox.clock.set(at('2024-03-01T10:00:00'));
    const client = catalogA();
    const first = await client.generate(bill());
    const second = await client.generate(bill());
    const verified = await client.generate(bill());
    sandbox.einvoice.ewaybill.store.find(verified.ewbNo)!.verified = true;
    const cancel = (ewbNo: string, code = '2') => ({
      ewbNo,
      cancelRsnCode: code,
      cancelRmrk: 'Order cancelled',
    });
    expect((await rejectionOf(client.cancel(cancel(first.ewbNo, '5')))).options.code).toBe('307');
    expect((await rejectionOf(client.cancel(cancel(verified.ewbNo)))).options.code).toBe('316');
    sandbox.clock.set(at('2024-03-02T09:59:00'));
    expect(await client.cancel(cancel(first.ewbNo))).toMatchObject({ ewbNo: first.ewbNo });
    expect(await client.getEwaybill(first.ewbNo)).toMatchObject({ status: 'CNL' });
    sandbox.clock.set(at('2024-03-02T10:01:00'));
    expect((await rejectionOf(client.cancel(cancel(second.ewbNo)))).options.code).toBe('728');
  });

  it('transporter update: by the generator only (339), not after expiry (281)', async () => {
    sandbox.clock.set(at('2024-03-01T10:00:00'));
    const { ewbNo } = await catalogA().generate(bill({ transDistance: 100 }));
    const stranger = catalogA(SANDBOX_GSTINS.maharashtraSeller);
    expect(
      (await rejectionOf(stranger.updateTransporter({ ewbNo, transporterId: CAPTURED_TRANSPORTER }))).options
        .code,
    ).toBe('339');
    sandbox.clock.set(at('2024-03-03T00:00:00'));
    expect(
      (await rejectionOf(catalogA().updateTransporter({ ewbNo, transporterId: CAPTURED_TRANSPORTER })))
        .options.code,
    ).toBe('281');
  });
});

describe('catalog B Part-B and extension (PUT /update-part-b, PUT /extend)', () => {
  it('enters the vehicle of a Part-A only bill, then extends it in its window', async () => {
    sandbox.clock.set(at('2024-03-01T10:00:00'));
    const client = catalogB();
    const generated = await client.generate(partAOnly({ transDistance: 201 }));
    expect(generated.validUpto).toBeUndefined();
    const partB = await client.updatePartB({
      ewbNo: generated.ewbNo,
      vehicleNo: 'KA01AB1234',
      fromPlace: 'Bengaluru',
      fromState: 29,
      reasonCode: 4,
      reasonRem: 'First time',
      transMode: 1,
    });
    expect(partB.validUpto).toBe('2024-03-03T23:59:00+05:30');
    sandbox.clock.set(at('2024-03-03T22:00:00'));
    const extended = await client.extendValidity({
      ewbNo: generated.ewbNo,
      vehicleNo: 'KA01AB1234',
      fromPlace: 'Hubballi',
      fromState: 29,
      fromPincode: 580020,
      remainingDistance: 201,
      transMode: 1,
      extnRsnCode: 4,
      extnRemarks: 'Transhipment',
      consignmentStatus: 'M',
    });
    expect(extended.validUpto).toBe('2024-03-05T23:59:00+05:30');
  });
});

describe('consolidated e-way bills (gencewb, /consolidated)', () => {
  it('puts several active bills on one vehicle, starting the validity of Part-A only ones', async () => {
    sandbox.clock.set(at('2024-03-01T10:00:00'));
    const client = catalogA();
    const withVehicle = await client.generate(bill({ transDistance: 150 }));
    const partA = await client.generate(partAOnly({ transDistance: 450 }));
    const trip = {
      fromPlace: 'Bengaluru',
      fromState: 29,
      vehicleNo: 'KA05MN4321',
      transMode: 1,
      tripSheetEwbBills: [{ ewbNo: withVehicle.ewbNo }, { ewbNo: partA.ewbNo }],
    };
    const consolidated = await catalogB().consolidate(trip);
    expect(consolidated.consolidatedEwbNo).toMatch(/^\d{10}$/);
    const details = await client.getEwaybill(partA.ewbNo);
    expect(details).toMatchObject({ validUpto: '04/03/2024 11:59:00 PM' });
    expect((details.VehiclListDetails as { vehicleNo: string; tripshtNo: number }[])[0]).toMatchObject({
      vehicleNo: 'KA05MN4321',
      tripshtNo: Number(consolidated.consolidatedEwbNo),
    });
  });

  it('refuses a trip sheet holding a cancelled bill (391)', async () => {
    sandbox.clock.set(at('2024-03-01T10:00:00'));
    const client = catalogA();
    const active = await client.generate(bill());
    const cancelled = await client.generate(bill());
    await client.cancel({ ewbNo: cancelled.ewbNo, cancelRsnCode: '1', cancelRmrk: 'Duplicate' });
    const error = await rejectionOf(
      client.consolidate({
        fromPlace: 'Bengaluru',
        fromState: 29,
        vehicleNo: 'KA05MN4321',
        transMode: 1,
        tripSheetEwbBills: [{ ewbNo: active.ewbNo }, { ewbNo: cancelled.ewbNo }],
      }),
    );
    expect(error.options.code).toBe('391');
  });
});

describe('one bill per document (604)', () => {
  it('refuses a second direct bill for the same document, whichever catalog, and names the first', async () => {
    const request = bill();
    const first = await catalogA().generate(request);
    expect((await rejectionOf(catalogB().generate({ ...request }))).options.code).toBe('604');
    expect((await rejectionOf(catalogA().generate({ ...request }))).options.code).toBe('604');
    const byDocument = await axios.get<{ status_cd: string; data: Record<string, unknown> }>(
      `${sandbox.urls.einvoiceGsp}/ewaybillapi/v1.03/ewayapi/getewaybillgeneratedbyconsigner`,
      { params: { email: EMAIL, docType: 'INV', docNo: request.docNo }, headers: await gspHeaders() },
    );
    expect(byDocument.data).toMatchObject({ status_cd: '1', data: { ewbNo: Number(first.ewbNo) } });
  });

  it('makes a by-IRN bill and a direct one for the same document collide, both ways', async () => {
    const gsp = new GspCaller(sandbox);
    await gsp.authenticate();
    const invoice = interStateInvoice();
    const irn = String((await gsp.einvoice('GENERATE', invoice)).data.data?.Irn);
    const byIrn = await gsp.einvoice('GENERATE_EWAYBILL', {
      Irn: irn,
      Distance: 300,
      TransMode: '1',
      VehNo: 'KA01AB1234',
    });
    expect(byIrn.data.status_cd).toBe('1');
    const direct = bill({ docNo: invoice.DocDtls.No, docDate: invoice.DocDtls.Dt });
    expect((await rejectionOf(catalogA().generate(direct))).options.code).toBe('604');

    const other = interStateInvoice();
    const otherIrn = String((await gsp.einvoice('GENERATE', other)).data.data?.Irn);
    await catalogA().generate(bill({ docNo: other.DocDtls.No, docDate: other.DocDtls.Dt }));
    const refused = await gsp.einvoice('GENERATE_EWAYBILL', {
      Irn: otherIrn,
      Distance: 300,
      TransMode: '1',
      VehNo: 'KA01AB1234',
    });
    expect(refused.data.status_cd).toBe('0');
    expect(String(refused.data.status_desc)).toContain('604');
  });

  it('cancelling a by-IRN bill through the e-way bill API is what the IRP sees', async () => {
    const gsp = new GspCaller(sandbox);
    await gsp.authenticate();
    const invoice = {
      ...interStateInvoice(),
      EwbDtls: { Distance: 80, TransMode: '1', VehNo: 'KA01AB1234' },
    };
    const generated = await gsp.einvoice('GENERATE', invoice);
    const ewbNo = String(generated.data.data?.EwbNo);
    await catalogB().cancel({ ewbNo, cancelRsnCode: '2', cancelRmrk: 'Order cancelled' });
    const irn = String(generated.data.data?.Irn);
    expect(sandbox.einvoice.irp.registry.find(irn)?.ewayBill?.status).toBe('CNL');
  });
});

describe('bulk generation (catalog B /bulk-generate)', () => {
  it('answers a row per document: good rows generated, bad rows with their codes', async () => {
    const good = bill();
    const rows = await catalogB().bulkGenerate([
      good,
      bill({ transDistance: 4001 }),
      { ...good },
      bill({ itemList: [] }),
      bill(),
    ]);
    expect(rows.map((row) => (row.result ? 'ok' : row.error?.options.code))).toEqual([
      'ok',
      '221',
      '604',
      '233',
      'ok',
    ]);
    expect(rows.map((row) => row.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('takes at most 1,000 documents per call', async () => {
    const error = await rejectionOf(catalogB().bulkGenerate(Array.from({ length: 1001 }, () => bill())));
    expect(error.options.code).toBe('BULK_SIZE');
  });
});

describe('fault injection', () => {
  it('applies to the e-way bill routes of both catalogs', async () => {
    sandbox.einvoice.api.faults.queue({ path: '^/eway/cancel', fault: '503', count: 1 });
    const b = await rejectionOf(
      catalogB().cancel({ ewbNo: '300000000001', cancelRsnCode: '1', cancelRmrk: 'x' }),
    );
    expect(b.options.code).toBe('HTTP_503');
    const client = catalogA();
    const { ewbNo } = await client.generate(bill());
    sandbox.einvoice.gsp.faults.queue({ path: 'ewayapi/canewb', fault: 'drop-after-commit', count: 1 });
    await rejectionOf(client.cancel({ ewbNo, cancelRsnCode: '1', cancelRmrk: 'Duplicate' }));
    // The cancellation was recorded although its answer was lost.
    expect(sandbox.einvoice.ewaybill.store.find(ewbNo)?.status).toBe('CNL');
  });
});

async function gspHeaders(): Promise<Record<string, string>> {
  const headers = {
    client_id: account.clientId,
    client_secret: account.clientSecret,
    gstin: SELLER,
    ip_address: '127.0.0.1',
  };
  const auth = await axios.get<{ data: { authtoken: string } }>(
    `${sandbox.urls.einvoiceGsp}/ewaybillapi/v1.03/authenticate`,
    { params: { email: EMAIL, username: account.username, password: account.password }, headers },
  );
  return { ...headers, 'auth-token': auth.data.data.authtoken };
}
