/**
 * E-way bill contract, both catalogs: every operation of the published tables against recorded exchanges
 * (test/fixtures/providers/ewaybill-a/, ewaybill-b/, built from the seed tables and the reference
 * captures) on a local HTTP server, without the simulator.
 */
import {
  CatalogAEwaybillClient,
  CatalogBEwaybillClient,
  type EwaybillGenerateRequest,
  type EwaybillProviderConfig,
} from '../../src/regimes/in-ewaybill';
import { CircuitBreaker, ClientRateLimiter } from '../../src/compliance/http';
import { ComplianceError } from '../../src/compliance/regime';
import { ContractServer, loadFixture } from '../compliance-http/contract-server';

const generateRequest: EwaybillGenerateRequest = {
  supplyType: 'O',
  subSupplyType: '1',
  docType: 'INV',
  docNo: 'test_invoice_no',
  docDate: '05/10/2022',
  fromGstin: '05AAACG2115R1ZN',
  toGstin: '05AAACG2140A1ZL',
  totalValue: 100,
  transMode: '1',
  transDocNo: '',
  vehicleNo: 'GJ07DL9009',
  itemList: [
    {
      productName: 'Test Trading Goods 1',
      hsnCode: '61149090',
      quantity: 1,
      taxableAmount: 100,
      cgstRate: 9,
      sgstRate: 9,
      igstRate: 0,
    },
  ],
};
const partB = {
  ewbNo: '301002999920',
  vehicleNo: 'GJ07DL9001',
  fromPlace: 'Test City',
  fromState: 24,
  reasonCode: 3,
  reasonRem: 'Vehicle Info added',
  transMode: 1,
};
const extend = {
  ewbNo: '301002999920',
  vehicleNo: 'GJ07DL9009',
  fromPlace: 'Test',
  fromState: '24',
  fromPincode: 391510,
  remainingDistance: 5,
  transMode: 1,
  extnRsnCode: 1,
  extnRemarks: 'Natural Calamity',
  consignmentStatus: 'M',
};
const cancel = { ewbNo: '301002999920', cancelRsnCode: '3', cancelRmrk: 'For Test' };
const consolidate = {
  fromPlace: 'Test City',
  fromState: 24,
  vehicleNo: 'GJ07DL9009',
  transMode: 1,
  tripSheetEwbBills: [{ ewbNo: '301002999920' }],
};

describe('e-way bill providers against their recorded exchanges', () => {
  let server: ContractServer;
  beforeAll(async () => {
    server = await new ContractServer().start();
  });
  afterAll(async () => {
    await server.stop();
  });
  afterEach(() => {
    expect(server.mismatches).toEqual([]);
  });

  const config = (catalog: 'A' | 'B'): EwaybillProviderConfig => ({
    catalog,
    baseUrl: server.url,
    clientId: 'recorded-client',
    clientSecret: 'recorded-secret',
    username: 'recorded-user',
    password: 'recorded-password',
    gstin: '05AAACG2115R1ZN',
    email: 'ops@example.test',
    http: { maxAttempts: 2, backoffBaseMs: 1, backoffMaxMs: 2 },
  });
  const deps = () => ({
    rateLimiter: new ClientRateLimiter({ limit: 0, windowMs: 1 }),
    circuitBreaker: new CircuitBreaker({ failureThreshold: 0 }),
  });

  describe('catalog A (/ewaybillapi/v1.03)', () => {
    const a = (name: string) => loadFixture(`ewaybill-a/${name}`);
    const client = () => new CatalogAEwaybillClient(config('A'), deps());

    it('authenticate + genewaybill', async () => {
      server.expect(a('authenticate'), a('genewaybill'));
      expect(await client().generate(generateRequest)).toMatchObject({
        ewbNo: '301002999920',
        validUpto: '2022-10-06T23:59:00+05:30',
      });
      expect(server.received[0].query).toEqual({
        email: 'ops@example.test',
        username: 'recorded-user',
        password: 'recorded-password',
      });
    });

    it('GSPGSTDOWN on genewaybill is an unknown outcome (the bill is looked up before any resend)', async () => {
      server.expect(a('authenticate'), a('genewaybill-GSPGSTDOWN'));
      const error = await client()
        .generate(generateRequest)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ComplianceError);
      expect(error).toMatchObject({ errorClass: 'unknown-outcome' });
    });

    it('vehewb, extendvalidity, canewb, gencewb, updatetransporter, getewaybill', async () => {
      server.expect(a('authenticate'), a('vehewb'));
      expect(await client().updatePartB(partB)).toMatchObject({ validUpto: '2022-10-06T23:59:00+05:30' });
      server.expect(a('authenticate'), a('extendvalidity'));
      expect(await client().extendValidity(extend)).toMatchObject({ validUpto: '2023-07-05T23:59:00+05:30' });
      server.expect(a('authenticate'), a('canewb'));
      expect(await client().cancel(cancel)).toMatchObject({
        ewbNo: '301002999920',
        updatedAt: '04/10/2022 04:14:00 PM',
      });
      server.expect(a('authenticate'), a('gencewb'));
      expect(await client().consolidate(consolidate)).toMatchObject({ consolidatedEwbNo: '1300004521' });
      server.expect(a('authenticate'), a('updatetransporter'));
      expect(
        await client().updateTransporter({ ewbNo: '301002999920', transporterId: '05AAACG2140A1ZL' }),
      ).toMatchObject({ updatedAt: '05/10/2022 12:45:00 PM' });
      server.expect(a('authenticate'), a('getewaybill'));
      expect(await client().getEwaybill('301002999920')).toHaveProperty('VehiclListDetails');
      expect(server.received[1].query).toMatchObject({ ewbNo: '301002999920' });
    });
  });

  describe('catalog B ({base_url}/eway)', () => {
    const b = (name: string) => loadFixture(`ewaybill-b/${name}`);
    const client = (settings: EwaybillProviderConfig['catalogB'] = {}) =>
      new CatalogBEwaybillClient({ ...config('B'), catalogB: settings }, deps());

    it('token + /api/v1/generate, or /generate-ewb where configured', async () => {
      server.expect(b('token'), b('api-v1-generate'));
      expect(await client().generate(generateRequest)).toMatchObject({ ewbNo: '301002999920' });
      server.expect(b('token'), b('generate-ewb'));
      expect(await client({ generateOperation: 'generate-ewb' }).generate(generateRequest)).toMatchObject({
        ewbNo: '301002999920',
      });
    });

    it('bulk-generate: a row per document', async () => {
      server.expect(b('token'), b('bulk-generate'));
      const rows = await client().bulkGenerate([generateRequest, generateRequest]);
      expect(rows[0].result?.ewbNo).toBe('301002999920');
      expect(rows[1].error).toMatchObject({ errorClass: 'rejected', options: { code: '238' } });
    });

    it('update-part-b (PUT), extend (PUT), cancel, consolidated', async () => {
      server.expect(b('token'), b('update-part-b'));
      expect(await client().updatePartB(partB)).toMatchObject({ validUpto: '2022-10-06T23:59:00+05:30' });
      server.expect(b('token'), b('extend'));
      expect(await client().extendValidity(extend)).toMatchObject({ validUpto: '2023-07-05T23:59:00+05:30' });
      server.expect(b('token'), b('cancel'));
      expect(await client().cancel(cancel)).toMatchObject({ ewbNo: '301002999920' });
      server.expect(b('token'), b('consolidated'));
      expect(await client().consolidate(consolidate)).toMatchObject({ consolidatedEwbNo: '1300004521' });
    });

    it("a 502 after the provider's own retries is final: one request, an unknown outcome", async () => {
      server.expect(b('token'), b('cancel-502'));
      const error = await client()
        .cancel(cancel)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ errorClass: 'unknown-outcome', options: { code: 'HTTP_502' } });
      expect(server.received.map((r) => r.path)).toEqual(['/oauth/token', '/eway/cancel']);
    });
  });
});
