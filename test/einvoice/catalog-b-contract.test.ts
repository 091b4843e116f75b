/**
 * Catalog B contract: the published operations only (POST /api/v1/generate-irn, /bulk-generate-irn,
 * /cancel-irn, GET /irn-by-docnumber, /qr under {base_url}/einvoice) and the form-urlencoded OAuth2 token,
 * checked against recorded exchanges (test/fixtures/providers/catalog-b/) on a local HTTP server, without
 * the simulator; answers read by content (a 2xx carrying 2150 is a rejection with its DUPIRN, a 4xx
 * without errors[] is a rejection).
 */
import {
  ApiV1EinvoiceClient,
  IrpRejection,
  type EinvoiceProviderConfig,
} from '../../src/regimes/in-einvoice';
import { CircuitBreaker, ClientRateLimiter } from '../../src/compliance/http';
import { ComplianceError } from '../../src/compliance/regime';
import { ContractServer, loadFixture } from '../compliance-http/contract-server';
import { interStateInvoice } from './nic-invoice.fixture';

const fx = (name: string) => loadFixture(`catalog-b/${name}`);
const IRN = '706daeccda0ef6f818da78f3a2a05a1288731057373002289b46c3229289a2e7';

describe('catalog B (REST, OAuth2) against its recorded exchanges', () => {
  let server: ContractServer;
  const now = Date.UTC(2026, 10, 26, 6, 0, 0);

  beforeAll(async () => {
    server = await new ContractServer().start();
  });
  afterAll(async () => {
    await server.stop();
  });
  afterEach(() => {
    expect(server.mismatches).toEqual([]);
  });

  const client = (overrides: Partial<EinvoiceProviderConfig> = {}) =>
    new ApiV1EinvoiceClient(
      {
        catalog: 'B',
        baseUrl: server.url,
        clientId: 'recorded-client',
        clientSecret: 'recorded-secret',
        gstin: '02AMBPG7773M002',
        http: { maxAttempts: 2, backoffBaseMs: 1, backoffMaxMs: 2 },
        ...overrides,
      },
      {
        now: () => now,
        warn: () => undefined,
        rateLimiter: new ClientRateLimiter({ limit: 0, windowMs: 1 }),
        circuitBreaker: new CircuitBreaker({ failureThreshold: 0 }),
      },
    );

  it('token (form-urlencoded client credentials) + generate-irn', async () => {
    server.expect(fx('token'), fx('generate-irn'));
    const api = client();
    expect(await api.generateIrn(interStateInvoice())).toMatchObject({ irn: IRN, ackNo: '232210036743849' });
    expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /oauth/token',
      'POST /einvoice/api/v1/generate-irn',
    ]);
    expect(server.received[0].body).toBe(
      'grant_type=client_credentials&client_id=recorded-client&client_secret=recorded-secret',
    );
    expect((await api.tokens.current()).expiresAtMs).toBe(now + 3_600_000);
  });

  it('a token answer without expires_in lasts the documented hour; the token path is configurable', async () => {
    const moved = {
      ...fx('token-no-expiry'),
      request: { ...fx('token-no-expiry').request, path: '/auth/v2/token' },
    };
    server.expect(moved, fx('qr'));
    const api = client({ catalogB: { tokenPath: '/auth/v2/token' } });
    await api.qr(IRN);
    expect((await api.tokens.current()).expiresAtMs).toBe(now + 3_600_000);
  });

  it('a 2xx carrying IRP error 2150 is a rejection with its DUPIRN, not a malformed answer', async () => {
    server.expect(fx('token'), fx('generate-irn-2xx-duplicate'));
    const error = (await client()
      .generateIrn(interStateInvoice())
      .catch((e: unknown) => e)) as IrpRejection;
    expect(error).toBeInstanceOf(IrpRejection);
    expect(error).toMatchObject({ errorClass: 'rejected', options: { code: '2150' } });
    expect(error.duplicate()?.irn).toBe(IRN);
  });

  it('a 4xx without errors[] is a rejection carrying the answer text', async () => {
    server.expect(fx('token'), fx('generate-irn-400-plain'));
    const error = await client()
      .generateIrn(interStateInvoice())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IrpRejection);
    expect(error).toMatchObject({ errorClass: 'rejected', options: { code: 'HTTP_400' } });
    expect((error as Error).message).toContain('DocDtls.Dt must be dd/mm/yyyy');
  });

  it('2146 is transient', async () => {
    server.expect(fx('token'), fx('generate-irn-2146'));
    const error = await client()
      .generateIrn(interStateInvoice())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ComplianceError);
    expect(error).toMatchObject({ errorClass: 'transient', options: { code: '2146' } });
  });

  it('bulk-generate-irn: a row per document', async () => {
    server.expect(fx('token'), fx('bulk-generate-irn'));
    const rows = await client().bulkGenerateIrn([interStateInvoice(), interStateInvoice()]);
    expect(rows[0].result?.irn).toBe(IRN);
    expect(rows[1].rejection?.errors).toEqual([{ code: '2189', message: 'Invalid total invoice value' }]);
  });

  it('cancel-irn', async () => {
    server.expect(fx('token'), fx('cancel-irn'));
    expect(
      await client().cancelIrn({ irn: IRN, reasonCode: '2', remark: 'Data Entry Mistake' }),
    ).toMatchObject({
      cancelDate: '2022-09-17 18:09:00',
    });
  });

  it('irn-by-docnumber, and 404/2148 read as "none"', async () => {
    server.expect(fx('token'), fx('irn-by-docnumber'));
    expect(await client().getIrnByDocDetails('INV', 'test_invoice_no', '16/09/2022')).toMatchObject({
      irn: IRN,
    });
    expect(server.received[1].query).toEqual({
      docType: 'INV',
      docNum: 'test_invoice_no',
      docDate: '16/09/2022',
    });
    server.expect(fx('token'), fx('irn-by-docnumber-not-found'));
    expect(await client().getIrnByDocDetails('INV', 'nothing', '16/09/2022')).toBeUndefined();
  });

  it('qr', async () => {
    server.expect(fx('token'), fx('qr'));
    const qr = await client().qr(IRN);
    expect(qr.data).toMatchObject({ Irn: IRN, DocNo: 'SINV-CFY-00067', SellerGstin: '01AMBPG7773M002' });
  });

  it('offers no operation its table does not list', () => {
    const api = client() as unknown as Record<string, unknown>;
    expect(api.getByIrn).toBeUndefined();
    expect(api.gstinDetails).toBeUndefined();
  });
});
