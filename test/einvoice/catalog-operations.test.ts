/**
 * The operations beyond generate/cancel/get over real HTTP against the sandbox: e-way bill by IRN (validity
 * maths at fixed clock times, 2230 on cancel), rejected documents, SYNC_GSTIN_FROMCP, B2C QR (catalog A)
 * and the signed QR of an IRN (catalog B).
 */
import { generateKeyPairSync } from 'node:crypto';
import {
  ApiV1EinvoiceClient,
  EinvoiceRegime,
  GspEinvoiceClient,
  IrpRejection,
  type EinvoiceProviderDeps,
  type EwaybillByIrnRequest,
} from '../../src/regimes/in-einvoice';
import { ComplianceError } from '../../src/compliance/regime';
import { ewaybillProvidersFromSettings } from '../../src/regimes/in-ewaybill';
import { SANDBOX_GSTINS, startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { interStateInvoice, todayIst, uniqueDocNo, type NicTestInvoice } from './nic-invoice.fixture';
import { providerConfig } from './sandbox-client-config';

const UNKNOWN_IRN = 'f'.repeat(64);
/** 10/03/2025 12:00 IST. */
const MARCH_10_NOON_IST = new Date('2025-03-10T06:30:00Z');
/** 11/03/2025 00:10 IST, while UTC is still on 10/03. */
const MARCH_11_JUST_AFTER_MIDNIGHT_IST = new Date('2025-03-10T18:40:00Z');

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { limit: 0, windowMs: 60_000 } });
});

afterAll(async () => {
  await sandbox.stop();
});

afterEach(() => {
  sandbox.clock.reset();
});

/** Clients follow the sandbox clock so token expiries stay coherent when a test sets the time. */
function deps(): EinvoiceProviderDeps {
  return { now: () => sandbox.clock.nowMs() };
}

function gspClient(): GspEinvoiceClient {
  return new GspEinvoiceClient(
    providerConfig(sandbox, 'A', { rateLimit: { limit: 0, windowMs: 60_000 } }),
    deps(),
  );
}

function apiClient(): ApiV1EinvoiceClient {
  return new ApiV1EinvoiceClient(
    providerConfig(sandbox, 'B', { rateLimit: { limit: 0, windowMs: 60_000 } }),
    deps(),
  );
}

function sandboxToday(): string {
  return todayIst(sandbox.clock.nowMs());
}

async function rejectionOf(promise: Promise<unknown>): Promise<IrpRejection> {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof IrpRejection)) throw new Error(`expected an IrpRejection, got ${String(error)}`);
  return error;
}

function withWrongTotal(invoice: NicTestInvoice): NicTestInvoice {
  return { ...invoice, ValDtls: { ...invoice.ValDtls, TotInvVal: invoice.ValDtls.TotInvVal + 500 } };
}

describe('catalog A e-way bill by IRN', () => {
  async function ewaybillAt(clockTime: Date, transport: Omit<EwaybillByIrnRequest, 'Irn'>) {
    sandbox.clock.set(clockTime);
    const client = gspClient();
    const invoice = interStateInvoice({ docDate: sandboxToday() });
    const { irn } = await client.generateIrn(invoice);
    return { client, irn, ewb: await client.generateEwaybillByIrn({ Irn: irn, ...transport }) };
  }

  it.each([
    ['100 km at noon', MARCH_10_NOON_IST, 100, 'R', '2025-03-11T23:59:00+05:30'],
    ['450 km at noon (3 days)', MARCH_10_NOON_IST, 450, 'R', '2025-03-13T23:59:00+05:30'],
    ['200 km exactly (1 day)', MARCH_10_NOON_IST, 200, 'R', '2025-03-11T23:59:00+05:30'],
    ['over-dimensional 45 km (3 days at 20 km/day)', MARCH_10_NOON_IST, 45, 'O', '2025-03-13T23:59:00+05:30'],
    ['over-dimensional 100 km (5 days)', MARCH_10_NOON_IST, 100, 'O', '2025-03-15T23:59:00+05:30'],
    [
      '100 km just after IST midnight counts from the IST day',
      MARCH_11_JUST_AFTER_MIDNIGHT_IST,
      100,
      'R',
      '2025-03-12T23:59:00+05:30',
    ],
  ] as const)('gives validity for %s', async (_name, clockTime, distance, vehType, validUpto) => {
    const { ewb } = await ewaybillAt(clockTime, {
      Distance: distance,
      TransMode: '1',
      VehNo: 'KA01AB1234',
      VehType: vehType,
    });
    // Twelve digits; real bills start 30, 32, 34 or 39 (reference captures), not one fixed prefix.
    expect(ewb.ewbNo).toMatch(/^3\d{11}$/);
    expect(ewb.ewbDate.slice(0, 10)).toBe(clockTime === MARCH_10_NOON_IST ? '2025-03-10' : '2025-03-11');
    expect(ewb.validUpto).toBe(validUpto);
  });

  it('marks the IRN e-way bill active: GETEWAYBILLIRN returns it, a second generate (4002) adopts it and CANCEL is 2230', async () => {
    const { client, irn, ewb } = await ewaybillAt(MARCH_10_NOON_IST, {
      Distance: 450,
      TransMode: '1',
      TransDocNo: 'LR-77',
      TransDocDt: '10/03/2025',
    });
    const fetched = await client.getEwaybillByIrn(irn);
    expect(fetched).toMatchObject({
      ewbNo: ewb.ewbNo,
      validUpto: '2025-03-13T23:59:00+05:30',
      status: 'ACT',
    });
    expect((await client.getByIrn(irn)).ewbNo).toBe(ewb.ewbNo);

    // A resend after an unknown outcome meets 4002: the IRN's active e-way bill is taken over, not refused.
    const again = await client.generateEwaybillByIrn({ Irn: irn, Distance: 10 });
    expect(again).toMatchObject({ ewbNo: ewb.ewbNo, adopted: true });

    const cancel = await rejectionOf(client.cancelIrn({ irn, reasonCode: '1', remark: 'duplicate' }));
    expect(cancel.errors.map((e) => e.code)).toEqual(['2230']);
    expect(cancel.errorClass).toBe('rejected');
    expect(sandbox.einvoice.irp.registry.find(irn)?.status).toBe('ACT');
  });

  it('cancels the IRN after cancelling its active e-way bill (2230) where the e-way bill API is configured', async () => {
    sandbox.clock.set(MARCH_10_NOON_IST);
    const { client, irn, ewb } = await ewaybillAt(MARCH_10_NOON_IST, {
      Distance: 100,
      TransMode: '1',
      VehNo: 'KA01AB1234',
    });
    const config = providerConfig(sandbox, 'A');
    const settings = {
      ewaybill: {
        catalog: 'A' as const,
        baseUrl: config.baseUrl,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        username: config.username,
        password: config.password,
        gstin: config.gstin,
        email: config.email,
      },
    };
    // As the in-einvoice module builds it: the instance's `ewaybill` settings give the e-way bill API.
    const regime = new EinvoiceRegime(() => client, ewaybillProvidersFromSettings());
    const withoutEwaybillApi = await regime.cancel({
      identifiers: { irn },
      reasonCode: '2',
      remark: 'typo',
      settings: {},
    });
    expect(withoutEwaybillApi).toMatchObject({ status: 'rejected', code: '2230' });

    const outcome = await regime.cancel({ identifiers: { irn }, reasonCode: '2', remark: 'typo', settings });
    expect(outcome).toMatchObject({ status: 'registered', identifiers: { irn } });
    expect(outcome.status === 'registered' && outcome.warnings?.map((w) => w.code)).toEqual([
      'EWB_CANCELLED',
    ]);
    expect(await client.getEwaybillByIrn(irn)).toMatchObject({ ewbNo: ewb.ewbNo, status: 'CNL' });
    expect(sandbox.einvoice.irp.registry.find(irn)?.status).toBe('CNL');
  });

  it('has no validity without Part-B, and reports the pin-to-pin distance when Distance is 0', async () => {
    const { ewb } = await ewaybillAt(MARCH_10_NOON_IST, { Distance: 0 });
    expect(ewb.validUpto).toBeUndefined();
    expect(ewb.info.map((entry) => entry.InfCd)).toEqual(['EWBPPD']);
  });

  it('answers unknown IRNs with 2148 and bad distances with 2140', async () => {
    const client = gspClient();
    const unknown = await rejectionOf(client.generateEwaybillByIrn({ Irn: UNKNOWN_IRN, Distance: 100 }));
    expect(unknown.errors.map((e) => e.code)).toEqual(['2148']);
    const missing = await rejectionOf(client.getEwaybillByIrn(UNKNOWN_IRN));
    expect(missing.errors.map((e) => e.code)).toEqual(['2148']);

    const { irn } = await client.generateIrn(interStateInvoice());
    const far = await rejectionOf(
      client.generateEwaybillByIrn({ Irn: irn, Distance: 4001, VehNo: 'KA01AB1' }),
    );
    expect(far.errors.map((e) => e.code)).toEqual(['2140']);
    const noEwb = await rejectionOf(client.getEwaybillByIrn(irn));
    expect(noEwb.errors.map((e) => e.code)).toEqual(['2148']);
  });
});

describe('catalog A GETREJECTEDIRNS', () => {
  it('lists the documents refused that IST day with their NIC codes, from both catalogs', async () => {
    sandbox.clock.set(MARCH_10_NOON_IST);
    const gsp = gspClient();
    const api = apiClient();
    const badTotal = withWrongTotal(interStateInvoice({ docDate: sandboxToday() }));
    const refusedA = await rejectionOf(gsp.generateIrn(badTotal));
    expect(refusedA.errors.map((e) => e.code)).toEqual(['2189']);

    const good = interStateInvoice({ docDate: sandboxToday() });
    const bulk = await api.bulkGenerateIrn([
      good,
      withWrongTotal(interStateInvoice({ docDate: sandboxToday() })),
    ]);
    expect(bulk.map((row) => [row.index, !!row.result, row.rejection?.errors[0]?.code])).toEqual([
      [0, true, undefined],
      [1, false, '2189'],
    ]);
    const duplicate = await rejectionOf(api.generateIrn(good));
    expect(duplicate.errors.map((e) => e.code)).toEqual(['2150']);

    const rejected = await gsp.getRejectedIrns('10/03/2025');
    const byDocNo = new Map(rejected.map((row) => [row.docNo, row]));
    expect(byDocNo.get(badTotal.DocDtls.No)).toMatchObject({
      sellerGstin: SANDBOX_GSTINS.karnatakaSeller,
      docType: 'INV',
      docDate: '10/03/2025',
      errors: [{ code: '2189', message: expect.stringContaining('Invalid total invoice value') }],
    });
    expect(byDocNo.get(badTotal.DocDtls.No)?.irn).toMatch(/^[0-9a-f]{64}$/);
    expect(byDocNo.get(badTotal.DocDtls.No)?.rejectedAt).toMatch(/^2025-03-10 12:00:\d{2}$/);
    expect(byDocNo.get(good.DocDtls.No)?.errors.map((e) => e.code)).toEqual(['2150']);
    expect(rejected.filter((row) => row.errors[0]?.code === '2189')).toHaveLength(2);

    expect((await gsp.getRejectedIrns('11/03/2025')).some((row) => row.docNo === badTotal.DocDtls.No)).toBe(
      false,
    );
  });

  it('answers a malformed date with 2140', async () => {
    const refused = await rejectionOf(gspClient().getRejectedIrns('2025-03-10'));
    expect(refused.errors.map((e) => e.code)).toEqual(['2140']);
  });
});

describe('catalog A SYNC_GSTIN_FROMCP', () => {
  it('returns the taxpayer from the common portal, and 3028 for an invalid GSTIN', async () => {
    const client = gspClient();
    const taxpayer = await client.syncGstinFromCp(SANDBOX_GSTINS.tamilNaduBuyer);
    expect(taxpayer).toMatchObject({ gstin: SANDBOX_GSTINS.tamilNaduBuyer, status: 'ACT', stateCode: '33' });
    expect(taxpayer.legalName).not.toBe('');
    const invalid = await rejectionOf(client.syncGstinFromCp('33AAACT2727Q1Z0'));
    expect(invalid.errors.map((e) => e.code)).toEqual(['3028']);
  });
});

describe('catalog A B2C QR', () => {
  it('signs the B2C payment QR, verified against the IRP key', async () => {
    const client = gspClient();
    const docNo = uniqueDocNo('B');
    const qr = await client.b2cQr({
      SellerGstin: SANDBOX_GSTINS.karnatakaSeller,
      DocTyp: 'INV',
      DocNo: docNo,
      DocDt: sandboxToday(),
      TotInvVal: 1180,
      CgstVal: 90,
      SgstVal: 90,
      PayeeUpiId: 'sandboxseller@okbank',
      PayeeName: 'Sandbox Seller',
    });
    expect(qr.signedQrCode.split('.')).toHaveLength(3);
    expect(qr.data).toMatchObject({
      SellerGstin: SANDBOX_GSTINS.karnatakaSeller,
      DocNo: docNo,
      TotInvVal: 1180,
      CgstVal: 90,
      IgstVal: 0,
      PayeeUpiId: 'sandboxseller@okbank',
    });
    expect(qr.data.UpiUri).toContain('am=1180.00');
    expect(sandbox.einvoice.registrations().some((r) => r.docNo === docNo)).toBe(false);
  });

  it('refuses without a payee (2142), for another GSTIN (2143), and a forged signature fails verification', async () => {
    const client = gspClient();
    const base = {
      SellerGstin: SANDBOX_GSTINS.karnatakaSeller,
      DocTyp: 'INV' as const,
      DocNo: uniqueDocNo('B'),
      DocDt: sandboxToday(),
      TotInvVal: 100,
    };
    expect((await rejectionOf(client.b2cQr(base))).errors.map((e) => e.code)).toEqual(['2142']);
    const other = {
      ...base,
      SellerGstin: SANDBOX_GSTINS.delhiBuyer,
      PayeeAccNo: '1234567890',
      PayeeIfsc: 'SBIN0001234',
    };
    expect((await rejectionOf(client.b2cQr(other))).errors.map((e) => e.code)).toEqual(['2143']);

    const foreignKeyClient = new GspEinvoiceClient(
      providerConfig(sandbox, 'A', {
        rateLimit: { limit: 0, windowMs: 60_000 },
        publicKeyPem: generateKeyPairSync('rsa', { modulusLength: 2048 })
          .publicKey.export({ type: 'spki', format: 'pem' })
          .toString(),
      }),
      deps(),
    );
    const forged = await foreignKeyClient
      .b2cQr({ ...base, PayeeUpiId: 'seller@okbank' })
      .catch((e: unknown) => e);
    expect(forged).toBeInstanceOf(ComplianceError);
    expect((forged as ComplianceError).options.code).toBe('SIGNATURE_INVALID');
  });
});

describe('catalog B /api/v1/qr', () => {
  it('returns the signed QR of an IRN it registered, and 2148 for an unknown IRN', async () => {
    const client = apiClient();
    const invoice = interStateInvoice();
    const generated = await client.generateIrn(invoice);
    const qr = await client.qr(generated.irn);
    expect(qr.signedQrCode).toBe(generated.signedQrCode);
    expect(qr.data).toMatchObject({
      Irn: generated.irn,
      DocNo: invoice.DocDtls.No,
      SellerGstin: invoice.SellerDtls.Gstin,
      ItemCnt: 2,
      MainHsnCode: '42033000',
    });
    const unknown = await rejectionOf(client.qr(UNKNOWN_IRN));
    expect(unknown.errors.map((e) => e.code)).toEqual(['2148']);
  });
});
