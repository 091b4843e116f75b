/**
 * Catalog A contract: every operation of the published table, checked against recorded exchanges
 * (test/fixtures/providers/catalog-a/, built from the seed tables and the reference captures) on a local
 * HTTP server, without the simulator: path, method, query and header names, body field names and types,
 * and how the answer is read. Also the GSP's own error map: token renewal on every "expired" signal,
 * outage markers and the IRP's "try later" codes transient, InfoDtls as a JSON string, TokenExpiry odd
 * or missing.
 */
import { CircuitBreaker, ClientRateLimiter } from '../../src/compliance/http';
import { GspEinvoiceClient, IrpRejection } from '../../src/regimes/in-einvoice';
import { ComplianceError } from '../../src/compliance/regime';
import { ContractServer, loadFixture } from '../compliance-http/contract-server';
import { interStateInvoice } from './nic-invoice.fixture';

const fx = (name: string) => loadFixture(`catalog-a/${name}`);
const IRN = '706daeccda0ef6f818da78f3a2a05a1288731057373002289b46c3229289a2e7';
const HOUR = 3_600_000;

describe('catalog A (GSP gateway) against its recorded exchanges', () => {
  let server: ContractServer;
  let now: number;

  beforeAll(async () => {
    server = await new ContractServer().start();
  });
  afterAll(async () => {
    await server.stop();
  });
  beforeEach(() => {
    now = Date.UTC(2026, 10, 26, 6, 0, 0);
  });
  afterEach(() => {
    expect(server.mismatches).toEqual([]);
  });

  const client = () =>
    new GspEinvoiceClient(
      {
        catalog: 'A',
        baseUrl: server.url,
        clientId: 'recorded-client',
        clientSecret: 'recorded-secret',
        username: 'recorded-user',
        password: 'recorded-password',
        gstin: '02AMBPG7773M002',
        email: 'ops@example.test',
        http: { maxAttempts: 2, backoffBaseMs: 1, backoffMaxMs: 2 },
      },
      {
        now: () => now,
        warn: () => undefined,
        rateLimiter: new ClientRateLimiter({ limit: 0, windowMs: 1 }),
        circuitBreaker: new CircuitBreaker({ failureThreshold: 0 }),
      },
    );

  it('authenticate + GENERATE: the table fields sent, NIC answer and InfoDtls read', async () => {
    server.expect(fx('authenticate'), fx('GENERATE'));
    const result = await client().generateIrn(interStateInvoice());
    expect(result).toMatchObject({ irn: IRN, ackNo: '232210036743849', ewbNo: '391009149369' });
    expect(result.info).toEqual([{ InfCd: 'EWBPPD', Desc: 'Pin-Pin calc distance: 2467KM' }]);
    expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /einvoice/authenticate',
      'POST /einvoice/type/GENERATE/version/V1_03',
    ]);
  });

  it('GENERATE 2150 with InfoDtls as a JSON string: the DUPIRN details are read', async () => {
    server.expect(fx('authenticate'), fx('GENERATE-duplicate'));
    const error = (await client()
      .generateIrn(interStateInvoice())
      .catch((e: unknown) => e)) as IrpRejection;
    expect(error).toBeInstanceOf(IrpRejection);
    expect(error.hasCode('2150')).toBe(true);
    expect(error.duplicate()).toEqual({ irn: IRN, ackNo: '232210036743849', ackDate: '2023-10-02 16:26:00' });
  });

  it.each([
    ['GENERATE-2146', 'transient'],
    ['GENERATE-2147', 'transient'],
    // The gateway's outage markers: the IRP may have registered it, so it is looked up before any resend.
    ['GENERATE-GSPGSTDOWN', 'unknown-outcome'],
    ['GENERATE-GSPERR300', 'unknown-outcome'],
  ])('%s is %s, not a rejection', async (name, errorClass) => {
    server.expect(fx('authenticate'), fx(name));
    const error = await client()
      .generateIrn(interStateInvoice())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ComplianceError);
    expect(error).not.toBeInstanceOf(IrpRejection);
    expect(error).toMatchObject({ errorClass });
  });

  it.each(['GENERATE-1005', 'GENERATE-invalid-token-text', 'GENERATE-http-401', 'GENERATE-http-403'])(
    '%s renews the token once and sends again',
    async (name) => {
      server.expect(fx('authenticate'), fx(name), fx('authenticate'), fx('GENERATE'));
      const gsp = client();
      const result = await gsp.generateIrn(interStateInvoice());
      expect(result.irn).toBe(IRN);
      expect(gsp.tokens.fetches).toBe(2);
      expect(server.received.map((r) => r.path)).toEqual([
        '/einvoice/authenticate',
        '/einvoice/type/GENERATE/version/V1_03',
        '/einvoice/authenticate',
        '/einvoice/type/GENERATE/version/V1_03',
      ]);
    },
  );

  it('a missing TokenExpiry is taken as the documented 1 hour, not an authentication failure', async () => {
    server.expect(fx('authenticate-no-expiry'), fx('GETIRN'));
    const gsp = client();
    await gsp.getByIrn(IRN);
    const stored = await gsp.tokens.current();
    expect(stored.expiresAtMs).toBe(now + HOUR);
  });

  it('a TokenExpiry in dd/MM/yyyy hh:mm:ss AM/PM is read (IST)', async () => {
    // The gateway's clock (its Date header) agrees with this test's: the expiry is read as stated.
    const odd = fx('authenticate-odd-expiry');
    odd.response.headers = { ...odd.response.headers, date: new Date(now).toUTCString() };
    server.expect(odd, fx('GETIRN'));
    const gsp = client();
    await gsp.getByIrn(IRN);
    expect((await gsp.tokens.current()).expiresAtMs).toBe(Date.UTC(2099, 10, 30, 14 - 5, 18 - 30, 0));
  });

  it('GETIRN', async () => {
    server.expect(fx('authenticate'), fx('GETIRN'));
    expect(await client().getByIrn(IRN)).toMatchObject({ irn: IRN, ackNo: '232210036743849' });
    expect(server.received[1].query).toMatchObject({ param1: IRN, email: 'ops@example.test' });
  });

  it('GETIRNBYDOCDETAILS, and 2148 read as "none"', async () => {
    server.expect(fx('authenticate'), fx('GETIRNBYDOCDETAILS'));
    expect(await client().getIrnByDocDetails('INV', 'test_invoice_no', '16/09/2022')).toMatchObject({
      irn: IRN,
    });
    expect(server.received[1].headers).toMatchObject({ docnum: 'test_invoice_no', docdate: '16/09/2022' });
    server.expect(fx('authenticate'), fx('GETIRNBYDOCDETAILS-not-found'));
    expect(await client().getIrnByDocDetails('INV', 'nothing', '16/09/2022')).toBeUndefined();
  });

  it('GETREJECTEDIRNS', async () => {
    server.expect(fx('authenticate'), fx('GETREJECTEDIRNS'));
    const rows = await client().getRejectedIrns('16/09/2022');
    expect(rows).toEqual([
      expect.objectContaining({
        docNo: 'test_invoice_no',
        errors: [{ code: '2189', message: 'Invalid total invoice value' }],
      }),
    ]);
  });

  it('CANCEL, and 2230 (active e-way bill) kept as the IRP said it', async () => {
    server.expect(fx('authenticate'), fx('CANCEL'));
    expect(
      await client().cancelIrn({ irn: IRN, reasonCode: '2', remark: 'Data Entry Mistake' }),
    ).toMatchObject({
      irn: IRN,
      cancelDate: '2022-09-17 18:09:00',
    });
    server.expect(fx('authenticate'), fx('CANCEL-2230'));
    const refused = await client()
      .cancelIrn({ irn: IRN, reasonCode: '2', remark: 'x' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ errorClass: 'rejected', options: { code: '2230' } });
  });

  it('GENERATE_EWAYBILL and GETEWAYBILLIRN', async () => {
    server.expect(fx('authenticate'), fx('GENERATE_EWAYBILL'));
    expect(
      await client().generateEwaybillByIrn({
        Irn: IRN,
        Distance: 0,
        TransMode: '1',
        VehNo: 'KA12AB1234',
        VehType: 'R',
      }),
    ).toMatchObject({ ewbNo: '391009149369', validUpto: '2022-09-29T23:59:00+05:30' });
    server.expect(fx('authenticate'), fx('GETEWAYBILLIRN'));
    expect(await client().getEwaybillByIrn(IRN)).toMatchObject({ ewbNo: '391009149369', status: 'ACT' });
  });

  it('GSTNDETAILS and SYNC_GSTIN_FROMCP', async () => {
    server.expect(fx('authenticate'), fx('GSTNDETAILS'));
    expect(await client().gstinDetails('36AMBPG7773M002')).toMatchObject({ status: 'ACT', stateCode: '36' });
    server.expect(fx('authenticate'), fx('SYNC_GSTIN_FROMCP'));
    expect(await client().syncGstinFromCp('36AMBPG7773M002')).toMatchObject({
      legalName: '_Test Registered Customer',
    });
  });

  it('B2C QR by GET /einvoice/qrcode', async () => {
    server.expect(fx('authenticate'), fx('qrcode'));
    const qr = await client().b2cQr({
      SellerGstin: '02AMBPG7773M002',
      DocTyp: 'INV',
      DocNo: 'B2C-1',
      DocDt: '16/09/2022',
      TotInvVal: 118,
      CgstVal: 9,
      SgstVal: 9,
      PayeeUpiId: 'seller@okbank',
    });
    expect(qr.data).toMatchObject({ DocNo: 'B2C-1', TotInvVal: 118 });
    expect(server.received[1].query).toMatchObject({ TotInvVal: '118', PayeeUpiId: 'seller@okbank' });
  });
});
