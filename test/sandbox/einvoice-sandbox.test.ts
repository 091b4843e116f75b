/** The simulated IRP over real HTTP: both catalogs, NIC behaviour, faults, rate limits and the clock. */
import axios, { type AxiosRequestConfig } from 'axios';
import { createHash, createPublicKey, createVerify } from 'node:crypto';
import {
  startSandbox,
  DEFAULT_EINVOICE_ACCOUNTS,
  SANDBOX_GSTINS,
  type RunningSandbox,
} from '@erp-connector/sandbox';
import { interStateInvoice, todayIst, uniqueDocNo } from '../einvoice/nic-invoice.fixture';

const account = DEFAULT_EINVOICE_ACCOUNTS[0];
const seller = SANDBOX_GSTINS.karnatakaSeller;
const HOUR = 3600_000;

let sandbox: RunningSandbox;
let gspHeaders: Record<string, string>;

const loose: AxiosRequestConfig = { validateStatus: () => true };

async function gspAuth(): Promise<Record<string, string>> {
  const headers = {
    client_id: account.clientId,
    client_secret: account.clientSecret,
    username: account.username,
    password: account.password,
    gstin: seller,
    ip_address: '127.0.0.1',
  };
  const auth = await axios.get(`${sandbox.urls.einvoiceGsp}/einvoice/authenticate?email=t@example.test`, {
    headers,
  });
  return { ...headers, 'auth-token': auth.data.data.AuthToken };
}

function gsp(operation: string, body?: unknown, extra: AxiosRequestConfig = {}) {
  const url = `${sandbox.urls.einvoiceGsp}/einvoice/type/${operation}/version/V1_03`;
  const config = {
    ...loose,
    ...extra,
    headers: { ...gspHeaders, ...extra.headers },
    params: { email: 't@example.test', ...extra.params },
  };
  return body === undefined ? axios.get(url, config) : axios.post(url, body, config);
}

function errorCodes(statusDesc: string): string[] {
  return (JSON.parse(statusDesc) as { ErrorCode: string }[]).map((error) => error.ErrorCode);
}

function verifyJws(jws: string, pem: string): { data: Record<string, unknown>; iss: string } {
  const [header, payload, signature] = jws.split('.');
  const ok = createVerify('RSA-SHA256')
    .update(`${header}.${payload}`)
    .verify(createPublicKey(pem), Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('signature does not verify');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { data: string; iss: string };
  return { data: JSON.parse(decoded.data) as Record<string, unknown>, iss: decoded.iss };
}

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { limit: 0, windowMs: 60_000 }, faultTimeoutMs: 300 });
  gspHeaders = await gspAuth();
});

afterAll(async () => {
  await sandbox.stop();
});

afterEach(() => {
  sandbox.clock.reset();
  sandbox.einvoice.gsp.faults.clear();
  sandbox.einvoice.gsp.rateLimiter.configure({ limit: 0, windowMs: 60_000 });
});

describe('catalog A (GSP gateway)', () => {
  it('generates an IRN by the NIC algorithm with a 15-digit AckNo and verifiable RS256 signatures', async () => {
    const invoice = interStateInvoice({ docNo: 'SB/24-25/0001', docDate: todayIst() });
    const res = await gsp('GENERATE', invoice);
    expect(res.data.status_cd).toBe('1');
    const data = res.data.data;
    const [d, m, y] = todayIst().split('/').map(Number);
    const fyStart = m >= 4 ? y : y - 1;
    const fy = `${fyStart}-${String((fyStart + 1) % 100).padStart(2, '0')}`;
    expect(data.Irn).toBe(createHash('sha256').update(`${seller}${fy}INVSB/24-25/0001`).digest('hex'));
    expect(d).toBeGreaterThan(0);
    expect(String(data.AckNo)).toMatch(/^\d{15}$/);
    expect(data.AckDt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const pem = (await axios.get<string>(`${sandbox.urls.einvoiceGsp}/__sandbox/einvoice/public-key`)).data;
    const signedInvoice = verifyJws(data.SignedInvoice, pem);
    expect(signedInvoice.iss).toBe('NIC Sandbox');
    expect(signedInvoice.data).toMatchObject({
      AckNo: data.AckNo,
      AckDt: data.AckDt,
      Irn: data.Irn,
      DocDtls: invoice.DocDtls,
    });
    const qr = verifyJws(data.SignedQRCode, pem);
    expect(Object.keys(qr.data)).toEqual([
      'SellerGstin',
      'BuyerGstin',
      'DocNo',
      'DocTyp',
      'DocDt',
      'TotInvVal',
      'ItemCnt',
      'MainHsnCode',
      'Irn',
      'IrnDt',
    ]);
    expect(qr.data).toMatchObject({
      ItemCnt: 2,
      MainHsnCode: '42033000',
      TotInvVal: 10625,
      IrnDt: data.AckDt,
    });

    // Flip a character inside the signature: the last one may only carry base64 padding bits.
    const [header, body, signature] = String(data.SignedQRCode).split('.');
    const middle = Math.floor(signature.length / 2);
    const flipped = signature[middle] === 'A' ? 'B' : 'A';
    const tampered = [header, body, signature.slice(0, middle) + flipped + signature.slice(middle + 1)].join(
      '.',
    );
    expect(() => verifyJws(tampered, pem)).toThrow('signature');
  });

  it('answers a duplicate with 2150 and DUPIRN info holding the existing registration', async () => {
    const invoice = interStateInvoice();
    const first = await gsp('GENERATE', invoice);
    const second = await gsp('GENERATE', invoice);
    expect(second.data.status_cd).toBe('0');
    expect(errorCodes(second.data.status_desc)).toEqual(['2150']);
    expect(second.data.info).toEqual([
      {
        InfCd: 'DUPIRN',
        Desc: { AckNo: first.data.data.AckNo, AckDt: first.data.data.AckDt, Irn: first.data.data.Irn },
      },
    ]);
    const registered = sandbox.einvoice.registrations().filter((r) => r.docNo === invoice.DocDtls.No);
    expect(registered).toHaveLength(1);
  });

  it.each([
    [
      '2143',
      (inv: ReturnType<typeof interStateInvoice>) =>
        Object.assign(inv.SellerDtls, { Gstin: SANDBOX_GSTINS.maharashtraSeller, Stcd: '27' }),
    ],
    [
      '3028',
      (inv: ReturnType<typeof interStateInvoice>) =>
        Object.assign(inv.BuyerDtls, { Gstin: '07AAACI1681G1ZX' }),
    ],
    [
      '2172',
      (inv: ReturnType<typeof interStateInvoice>) =>
        Object.assign(inv.BuyerDtls, { Gstin: SANDBOX_GSTINS.karnatakaBuyer, Stcd: '29', Pos: '29' }),
    ],
    ['2189', (inv: ReturnType<typeof interStateInvoice>) => Object.assign(inv.ValDtls, { TotInvVal: 10700 })],
    [
      '2182',
      (inv: ReturnType<typeof interStateInvoice>) =>
        Object.assign(inv.ValDtls, { AssVal: 9400, TotInvVal: 10525 }),
    ],
    ['2240', (inv: ReturnType<typeof interStateInvoice>) => Object.assign(inv.ItemList[0], { GstRt: 13 })],
    [
      '2193',
      (inv: ReturnType<typeof interStateInvoice>) => Object.assign(inv.ItemList[1], { Discount: 200 }),
    ],
    [
      '2163',
      (inv: ReturnType<typeof interStateInvoice>) =>
        Object.assign(inv.DocDtls, { Dt: todayIst(Date.now() + 3 * 24 * HOUR) }),
    ],
    [
      '2140',
      (inv: ReturnType<typeof interStateInvoice>) => Object.assign(inv.DocDtls, { No: '0-starts-with-zero' }),
    ],
  ])('rejects with NIC code %s', async (code, spoil) => {
    const invoice = interStateInvoice();
    spoil(invoice);
    const res = await gsp('GENERATE', invoice);
    expect(res.data.status_cd).toBe('0');
    expect(errorCodes(res.data.status_desc)).toContain(code);
    expect(sandbox.einvoice.registrations().some((r) => r.docNo === invoice.DocDtls.No)).toBe(false);
  });

  it('looks IRNs up by IRN and by document details, but not by IRN after 2 days (2283)', async () => {
    const invoice = interStateInvoice();
    const { Irn } = (await gsp('GENERATE', invoice)).data.data;
    const byDoc = await gsp('GETIRNBYDOCDETAILS', undefined, {
      params: { param1: 'INV' },
      headers: { docnum: invoice.DocDtls.No, docdate: invoice.DocDtls.Dt },
    });
    expect(byDoc.data.data.Irn).toBe(Irn);
    expect((await gsp('GETIRN', undefined, { params: { param1: Irn } })).data.data.Irn).toBe(Irn);
    sandbox.clock.advance(49 * HOUR);
    gspHeaders = await gspAuth();
    const late = await gsp('GETIRN', undefined, { params: { param1: Irn } });
    expect(errorCodes(late.data.status_desc)).toEqual(['2283']);
  });

  it('cancels within 24 h, refuses after (2270), while an e-way bill is active (2230), and never reuses a cancelled number (2278)', async () => {
    const cancelled = interStateInvoice();
    const { Irn } = (await gsp('GENERATE', cancelled)).data.data;
    const ok = await gsp('CANCEL', { Irn, CnlRsn: '2', CnlRem: 'Data entry mistake' });
    expect(ok.data.status_cd).toBe('1');
    expect(ok.data.data).toMatchObject({ Irn });
    expect(errorCodes((await gsp('CANCEL', { Irn, CnlRsn: '2', CnlRem: 'again' })).data.status_desc)).toEqual(
      ['9999'],
    );
    expect(errorCodes((await gsp('GENERATE', cancelled)).data.status_desc)).toEqual(['2278']);

    const withEwb = interStateInvoice();
    const ewbIrn = (await gsp('GENERATE', withEwb)).data.data.Irn;
    const ewb = await gsp('GENERATE_EWAYBILL', {
      Irn: ewbIrn,
      Distance: 450,
      TransMode: '1',
      VehNo: 'KA01AB1234',
      VehType: 'R',
    });
    expect(ewb.data.data.EwbValidTill).toMatch(/ 23:59:00$/);
    expect(
      errorCodes((await gsp('CANCEL', { Irn: ewbIrn, CnlRsn: '1', CnlRem: 'dup' })).data.status_desc),
    ).toEqual(['2230']);

    const late = interStateInvoice();
    const lateIrn = (await gsp('GENERATE', late)).data.data.Irn;
    sandbox.clock.advance(24 * HOUR + 60_000);
    gspHeaders = await gspAuth();
    expect(
      errorCodes((await gsp('CANCEL', { Irn: lateIrn, CnlRsn: '3', CnlRem: 'late' })).data.status_desc),
    ).toEqual(['2270']);
  });

  it('rejects an expired token with 1005 once the clock passes its expiry', async () => {
    gspHeaders = await gspAuth();
    sandbox.clock.advance(361 * 60_000);
    const res = await gsp('GSTNDETAILS', undefined, { params: { param1: SANDBOX_GSTINS.delhiBuyer } });
    expect(errorCodes(res.data.status_desc)).toEqual(['1005']);
    gspHeaders = await gspAuth();
    const again = await gsp('GSTNDETAILS', undefined, { params: { param1: SANDBOX_GSTINS.delhiBuyer } });
    expect(again.data.data).toMatchObject({ Gstin: SANDBOX_GSTINS.delhiBuyer, Status: 'ACT', StateCode: 7 });
  });
});

describe('catalog B (/einvoice, the published paths)', () => {
  async function bearer(): Promise<Record<string, string>> {
    const token = await axios.post(
      `${sandbox.urls.einvoiceApi}/oauth/token`,
      new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: account.clientId,
        client_secret: account.clientSecret,
      }).toString(),
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    expect(token.data).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    return { authorization: `Bearer ${token.data.access_token}` };
  }

  it('generates, answers duplicates with 409/2150 (shared register with catalog A) and expires tokens after 1 h', async () => {
    const headers = await bearer();
    const invoice = interStateInvoice();
    const res = await axios.post(`${sandbox.urls.einvoiceApi}/einvoice/api/v1/generate-irn`, invoice, {
      ...loose,
      headers,
    });
    expect(res.status).toBe(200);
    expect(String(res.data.data.AckNo)).toMatch(/^\d{15}$/);
    const viaGsp = await gsp('GENERATE', invoice);
    expect(errorCodes(viaGsp.data.status_desc)).toEqual(['2150']);
    const dup = await axios.post(`${sandbox.urls.einvoiceApi}/einvoice/api/v1/generate-irn`, invoice, {
      ...loose,
      headers,
    });
    expect(dup.status).toBe(409);
    expect(dup.data.errors[0].code).toBe('2150');
    expect(dup.data.info[0].Desc.Irn).toBe(res.data.data.Irn);

    sandbox.clock.advance(HOUR + 1000);
    const lookup = new URLSearchParams({
      docType: 'INV',
      docNum: invoice.DocDtls.No,
      docDate: invoice.DocDtls.Dt,
    });
    const expired = await axios.get(
      `${sandbox.urls.einvoiceApi}/einvoice/irn-by-docnumber?${lookup.toString()}`,
      {
        ...loose,
        headers,
      },
    );
    expect(expired.status).toBe(401);
  });

  it('bulk-generates up to 1,000 documents with a result per row', async () => {
    const headers = await bearer();
    const good = interStateInvoice();
    const bad = interStateInvoice();
    bad.ValDtls.TotInvVal = 1;
    const res = await axios.post(
      `${sandbox.urls.einvoiceApi}/einvoice/bulk-generate-irn`,
      { invoices: [good, bad, good] },
      { ...loose, headers },
    );
    expect(res.status).toBe(200);
    expect((res.data.results as { success: boolean }[]).map((row) => row.success)).toEqual([
      true,
      false,
      false,
    ]);
    expect(res.data.results[1].errors[0].code).toBe('2189');
    expect(res.data.results[2].errors[0].code).toBe('2150');
    const tooMany = await axios.post(
      `${sandbox.urls.einvoiceApi}/einvoice/bulk-generate-irn`,
      { invoices: Array.from({ length: 1001 }, () => good) },
      { ...loose, headers },
    );
    expect(tooMany.status).toBe(400);
  });

  it('registers a document sent several times at once exactly once: the others get 2150 with its IRN', async () => {
    // Signatures are made off the event loop, so these requests overlap inside the sandbox.
    const headers = await bearer();
    const invoice = interStateInvoice({ docNo: uniqueDocNo('C') });
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => gsp('GENERATE', invoice)),
      ...Array.from({ length: 3 }, () =>
        axios.post(`${sandbox.urls.einvoiceApi}/einvoice/api/v1/generate-irn`, invoice, {
          ...loose,
          headers,
        }),
      ),
    ]);
    const registered = sandbox.einvoice.registrations().filter((r) => r.docNo === invoice.DocDtls.No);
    expect(registered).toHaveLength(1);
    const [gspAnswers, apiAnswers] = [answers.slice(0, 3), answers.slice(3)];
    const succeeded =
      gspAnswers.filter((res) => res.data.status_cd === '1').length +
      apiAnswers.filter((res) => res.data.success === true).length;
    expect(succeeded).toBe(1);
    const duplicates = [
      ...gspAnswers
        .filter((res) => res.data.status_cd !== '1')
        .map((res) => errorCodes(res.data.status_desc)),
      ...apiAnswers
        .filter((res) => res.data.success !== true)
        .map((res) => (res.data.errors as { code: string }[]).map((error) => error.code)),
    ];
    expect(duplicates).toEqual(Array.from({ length: 5 }, () => ['2150']));
  });
});

describe('sandbox framework', () => {
  it('limits each key to the configured requests per window with 429 and Retry-After', async () => {
    sandbox.einvoice.gsp.rateLimiter.configure({ limit: 3, windowMs: 2000 });
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 5; i++) {
      const res = await gsp('GSTNDETAILS', undefined, { params: { param1: SANDBOX_GSTINS.delhiBuyer } });
      statuses.push(res.status);
      if (res.status === 429) retryAfter = String(res.headers['retry-after']);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });

  it('queues faults for the next N matching requests and records what drop-after-commit registered', async () => {
    const control = `${sandbox.urls.einvoiceGsp}/__sandbox`;
    await axios.post(`${control}/faults`, { path: 'GENERATE', fault: '503', count: 1 });
    await axios.post(`${control}/faults`, { path: 'GENERATE', fault: 'drop-after-commit', count: 1 });
    const invoice = interStateInvoice({ docNo: uniqueDocNo('D') });
    expect((await gsp('GENERATE', invoice)).status).toBe(503);
    await expect(gsp('GENERATE', invoice)).rejects.toMatchObject({ code: 'ECONNRESET' });
    const records = await axios.get(`${control}/records`);
    const mine = (records.data.registrations as { docNo: string }[]).filter(
      (r) => r.docNo === invoice.DocDtls.No,
    );
    expect(mine).toHaveLength(1);
    expect((await gsp('GENERATE', invoice, { headers: { 'X-Sandbox-Fault': '502' } })).status).toBe(502);
    const faults = await axios.get(`${control}/faults`);
    expect(faults.data.pending).toEqual([]);
  });

  it('hangs on a timeout fault longer than the client waits, without registering', async () => {
    const invoice = interStateInvoice();
    await expect(
      gsp('GENERATE', invoice, { headers: { 'X-Sandbox-Fault': 'timeout' }, timeout: 100 }),
    ).rejects.toMatchObject({
      code: 'ECONNABORTED',
    });
    expect(sandbox.einvoice.registrations().some((r) => r.docNo === invoice.DocDtls.No)).toBe(false);
  });

  it('sets and advances the clock through the control API', async () => {
    const control = `${sandbox.urls.einvoiceApi}/__sandbox/clock`;
    const set = await axios.post(control, { now: '2026-04-01T00:00:00.000Z' });
    expect(String(set.data.now)).toMatch(/^2026-04-01T00:00:0/);
    const advanced = await axios.post(control, { advanceMs: 2 * HOUR });
    expect(String(advanced.data.now)).toMatch(/^2026-04-01T02:00:0/);
    expect(sandbox.clock.now().toISOString().startsWith('2026-04-01T02:00')).toBe(true);
  });
});
