/**
 * Catalog A's gateway behaviour over real HTTP: the `email` query parameter every call must carry, and
 * the e-way bill side's authenticate + cancel, which lets an IRN whose e-way bill was generated with it
 * be cancelled once the e-way bill is.
 */
import axios from 'axios';
import {
  DEFAULT_EINVOICE_ACCOUNTS,
  SANDBOX_GSTINS,
  startSandbox,
  type RunningSandbox,
} from '@erp-connector/sandbox';
import { interStateInvoice } from '../einvoice/nic-invoice.fixture';
import { EMAIL, errorCodes, GspCaller, type GspEnvelope } from './gsp-caller';

const HOUR = 3600_000;
const account = DEFAULT_EINVOICE_ACCOUNTS[0];
const EWB_DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/;

let sandbox: RunningSandbox;
let gsp: GspCaller;

beforeAll(async () => {
  sandbox = await startSandbox({ only: ['einvoice'], rateLimit: { limit: 0, windowMs: 60_000 } });
  gsp = new GspCaller(sandbox);
  await gsp.authenticate();
});

afterAll(async () => {
  await sandbox.stop();
});

afterEach(async () => {
  sandbox.clock.reset();
  await gsp.authenticate();
});

/** Catalog A's e-way bill API, authenticated for `gstin`. */
async function ewayBillApi(gstin: string = SANDBOX_GSTINS.karnatakaSeller) {
  const base = `${sandbox.urls.einvoiceGsp}/ewaybillapi/v1.03`;
  const headers = {
    client_id: account.clientId,
    client_secret: account.clientSecret,
    gstin,
    ip_address: '127.0.0.1',
  };
  const auth = await axios.get<GspEnvelope>(`${base}/authenticate`, {
    params: { email: EMAIL, username: account.username, password: account.password },
    headers,
  });
  expect(auth.data.status_cd).toBe('1');
  const token = String(auth.data.data?.authtoken);
  return {
    cancel: async (body: unknown, options: { token?: string; email?: string | null } = {}) => {
      const email = options.email === null ? {} : { email: options.email ?? EMAIL };
      const res = await axios.post<GspEnvelope>(`${base}/ewayapi/canewb`, body, {
        params: email,
        headers: { ...headers, 'auth-token': options.token ?? token },
      });
      return res.data;
    },
  };
}

/** An IRN generated with its e-way bill (EwbDtls), and that e-way bill's number. */
async function irnWithEwayBill(): Promise<{ irn: string; ewbNo: number }> {
  const invoice = {
    ...interStateInvoice(),
    EwbDtls: { Distance: 450, TransMode: '1', VehNo: 'KA01AB1234', VehType: 'R' },
  };
  const res = await gsp.einvoice('GENERATE', invoice);
  expect(res.data.status_cd).toBe('1');
  return { irn: String(res.data.data?.Irn), ewbNo: Number(res.data.data?.EwbNo) };
}

describe('the email query parameter', () => {
  it('is required to authenticate: without it (or with something not an address) no token is issued', async () => {
    const url = `${sandbox.urls.einvoiceGsp}/einvoice/authenticate`;
    const issued = sandbox.einvoice.gspTokens.issued;
    for (const params of [{}, { email: '' }, { email: 'ops.example.test' }]) {
      const res = await axios.get<GspEnvelope>(url, { params, headers: gsp.credentialHeaders() });
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ status_cd: '0', data: null });
      expect(res.data.status_desc).toContain('email is required');
    }
    expect(sandbox.einvoice.gspTokens.issued).toBe(issued);
  });

  it('is required by every operation: a GENERATE without it registers nothing, with it registers', async () => {
    const invoice = interStateInvoice();
    const without = await gsp.einvoice('GENERATE', invoice, { params: { email: undefined } });
    expect(without.data).toMatchObject({ status_cd: '0', data: null });
    expect(without.data.status_desc).toContain('email is required');
    expect(sandbox.einvoice.registrations().some((r) => r.docNo === invoice.DocDtls.No)).toBe(false);
    expect((await gsp.einvoice('GENERATE', invoice)).data.status_cd).toBe('1');
  });

  it('is required by the e-way bill side too', async () => {
    const { ewbNo } = await irnWithEwayBill();
    const api = await ewayBillApi();
    const res = await api.cancel(
      { ewbNo: String(ewbNo), cancelRsnCode: '2', cancelRmrk: 'Order cancelled' },
      { email: null },
    );
    expect(res.status_cd).toBe('0');
    expect(res.status_desc).toContain('email is required');
    expect(sandbox.einvoice.registrations().find((r) => r.ewayBill?.ewbNo === ewbNo)?.ewayBill?.status).toBe(
      'ACT',
    );
  });
});

describe('cancelling the e-way bill of an IRN (POST /ewaybillapi/v1.03/ewayapi/canewb)', () => {
  it('lets the IRN be cancelled once its e-way bill is (2230 before), and only once', async () => {
    const { irn, ewbNo } = await irnWithEwayBill();
    expect(
      errorCodes((await gsp.einvoice('CANCEL', { Irn: irn, CnlRsn: '2', CnlRem: 'mistake' })).data),
    ).toEqual(['2230']);
    const api = await ewayBillApi();
    const cancelled = await api.cancel({
      ewbNo: String(ewbNo),
      cancelRsnCode: '3',
      cancelRmrk: 'Data Entry Mistake',
    });
    expect(cancelled).toMatchObject({ status_cd: '1', data: { ewayBillNo: String(ewbNo) } });
    expect(String(cancelled.data?.cancelDate)).toMatch(EWB_DATE_TIME);
    expect(
      errorCodes(await api.cancel({ ewbNo: String(ewbNo), cancelRsnCode: '3', cancelRmrk: 'again' })),
    ).toEqual(['312']);
    const ewb = await gsp.einvoice('GETEWAYBILLIRN', undefined, { params: { param1: irn } });
    expect(ewb.data.data).toMatchObject({ EwbNo: ewbNo, Status: 'CNL' });
    const irnCancel = await gsp.einvoice('CANCEL', { Irn: irn, CnlRsn: '2', CnlRem: 'mistake' });
    expect(irnCancel.data).toMatchObject({ status_cd: '1', data: { Irn: irn } });
  });

  it('cancels an e-way bill generated later through GENERATE_EWAYBILL the same way', async () => {
    const generated = await gsp.einvoice('GENERATE', interStateInvoice());
    const irn = String(generated.data.data?.Irn);
    const ewb = await gsp.einvoice('GENERATE_EWAYBILL', {
      Irn: irn,
      Distance: 120,
      TransMode: '1',
      VehNo: 'KA01AB1234',
    });
    const api = await ewayBillApi();
    const res = await api.cancel({
      ewbNo: ewb.data.data?.EwbNo,
      cancelRsnCode: '1',
      cancelRmrk: 'Duplicate',
    });
    expect(res.status_cd).toBe('1');
    expect((await gsp.einvoice('CANCEL', { Irn: irn, CnlRsn: '1', CnlRem: 'dup' })).data.status_cd).toBe('1');
  });

  it.each<[string, string, (ewbNo: number) => unknown]>([
    ['no remark', '386', (ewbNo) => ({ ewbNo: String(ewbNo), cancelRsnCode: '2' })],
    [
      'a reason outside 1-4',
      '307',
      (ewbNo) => ({ ewbNo: String(ewbNo), cancelRsnCode: '7', cancelRmrk: 'x' }),
    ],
    [
      'a remark over 50 characters',
      '308',
      (ewbNo) => ({ ewbNo, cancelRsnCode: '4', cancelRmrk: 'r'.repeat(51) }),
    ],
    ['a malformed e-way bill number', '131', () => ({ ewbNo: '39AB', cancelRsnCode: '2', cancelRmrk: 'x' })],
    [
      'an e-way bill that does not exist',
      '312',
      () => ({ ewbNo: '100000000001', cancelRsnCode: '2', cancelRmrk: 'x' }),
    ],
  ])('refuses %s with %s and leaves the e-way bill active', async (_name, code, body) => {
    const { ewbNo } = await irnWithEwayBill();
    const api = await ewayBillApi();
    expect(errorCodes(await api.cancel(body(ewbNo)))).toEqual([code]);
    expect(sandbox.einvoice.registrations().find((r) => r.ewayBill?.ewbNo === ewbNo)?.ewayBill?.status).toBe(
      'ACT',
    );
  });

  it("refuses another GSTIN's e-way bill (312) and an unknown token (105)", async () => {
    const { ewbNo } = await irnWithEwayBill();
    const body = { ewbNo: String(ewbNo), cancelRsnCode: '2', cancelRmrk: 'Order cancelled' };
    const other = await ewayBillApi(SANDBOX_GSTINS.maharashtraSeller);
    expect(errorCodes(await other.cancel(body))).toEqual(['312']);
    const mine = await ewayBillApi();
    expect(errorCodes(await mine.cancel(body, { token: 'forged' }))).toEqual(['105']);
    expect((await mine.cancel(body)).status_cd).toBe('1');
  });

  it('refuses after 24 hours (728), so the IRN stays uncancellable (2230)', async () => {
    const { irn, ewbNo } = await irnWithEwayBill();
    sandbox.clock.advance(24 * HOUR + 60_000);
    await gsp.authenticate();
    const api = await ewayBillApi();
    expect(
      errorCodes(await api.cancel({ ewbNo: String(ewbNo), cancelRsnCode: '2', cancelRmrk: 'late' })),
    ).toEqual(['728']);
    expect(
      errorCodes((await gsp.einvoice('CANCEL', { Irn: irn, CnlRsn: '2', CnlRem: 'late' })).data),
    ).toEqual(['2230']);
  });

  it('authenticates only known credentials (108) for GSTINs of the account (111)', async () => {
    const url = `${sandbox.urls.einvoiceGsp}/ewaybillapi/v1.03/authenticate`;
    const headers = {
      client_id: account.clientId,
      client_secret: account.clientSecret,
      ip_address: '127.0.0.1',
    };
    const wrongPassword = await axios.get<GspEnvelope>(url, {
      params: { email: EMAIL, username: account.username, password: 'wrong' },
      headers: { ...headers, gstin: SANDBOX_GSTINS.karnatakaSeller },
    });
    expect(errorCodes(wrongPassword.data)).toEqual(['108']);
    const foreignGstin = await axios.get<GspEnvelope>(url, {
      params: { email: EMAIL, username: account.username, password: account.password },
      headers: { ...headers, gstin: SANDBOX_GSTINS.delhiBuyer },
    });
    expect(errorCodes(foreignGstin.data)).toEqual(['111']);
  });
});
