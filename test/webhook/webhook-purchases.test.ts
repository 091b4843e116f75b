/**
 * Issue 28 through the webhook connector (real HTTP, real PostgreSQL): an ERP pushes its purchase bills,
 * a bill of entry without supplier GSTIN among them, to `POST /webhooks/:instance/purchases`; a bad item is
 * rejected with its field path while the others are kept; a re-push is idempotent, a changed one replaces
 * the bill, a cancellation removes it. A GSTR-2B with an IMPG entry, imported for the GSTIN reconciled
 * with that instance, then pairs the bill of entry (read back in pages of two).
 */
import axios, { type AxiosInstance } from 'axios';
import { DEFAULT_RETURNS_ACCOUNTS } from '@erp-connector/sandbox/returns';
import { json, postSignedWebhook } from '../support/http';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { portalB2b } from '../reconciliation/rules-books-app';

const SECRET = 'whsec-purchases-0123456789abcdef01234';
const ACCOUNT = DEFAULT_RETURNS_ACCOUNTS[0];
const GSTIN = ACCOUNT.gstin;
const SUPPLIER = '29AABCR6898M1ZD';
const BOE_ID = 'BOE:18272A:BOE:2566282:2026-27';

interface MatchView {
  category: string;
  erpId: string | null;
  gstr2bNumber: string | null;
  section: string | null;
}

let t: TestApp;
let api: AxiosInstance;

const push = (body: unknown, secret = SECRET) =>
  postSignedWebhook(t.url, 'erp', secret, JSON.stringify(body), { route: 'purchases' });

const invoice101 = (taxableValue: string, igst: string) => ({
  externalId: 'PV-101',
  supplierGstin: SUPPLIER,
  supplierName: 'Rao Steel',
  billNumber: '101',
  billDate: '2026-10-05',
  taxableValue,
  igst,
  placeOfSupply: '29',
});

const billOfEntry = {
  supplierName: 'Global Metals GmbH',
  documentType: 'BOE',
  billNumber: '2566282',
  billDate: '2026-10-18',
  portCode: '18272A',
  taxableValue: '40000.00',
  igst: '7200.00',
};

const firstBatch = {
  purchases: [
    invoice101('9000.00', '1620.00'),
    billOfEntry,
    { ...billOfEntry, billNumber: '2566283', portCode: 'MAA' },
    {
      externalId: 'PV-X',
      supplierGstin: SUPPLIER,
      billNumber: 'X-9',
      billDate: '2026-10-09',
      taxableValue: '500.00',
      igst: '90.00',
    },
    // Dated as the bill of entry: the pages of two break between them, on (bill date, erpId).
    {
      externalId: 'PV-102',
      supplierGstin: SUPPLIER,
      billNumber: '102',
      billDate: '2026-10-18',
      taxableValue: '2000.00',
      cgst: '180.00',
      sgst: '180.00',
    },
    {
      externalId: 'PV-NOV',
      supplierGstin: SUPPLIER,
      billNumber: '140',
      billDate: '2026-11-03',
      taxableValue: '700.00',
      igst: '126.00',
    },
  ],
};

function october(): Record<string, unknown> {
  const portal = portalB2b('102026', [
    { ctin: SUPPLIER, inum: '101', dt: '05-10-2026', txval: 10000, igst: 1800 },
  ]);
  (portal.data as { docdata: Record<string, unknown> }).docdata.impg = [
    {
      refdt: '28-10-2026',
      recdt: '30-10-2026',
      portcode: '18272A',
      boenum: '2566282',
      boedt: '18-10-2026',
      isamd: 'N',
      txval: 40000,
      igst: 7200,
      cess: 0,
    },
  ];
  return portal;
}

beforeAll(async () => {
  t = await startTestApp({
    roles: ['api'],
    connectors: [{ name: 'erp', kind: 'webhook', config: { secret: SECRET, purchasePageSize: 2 } }],
    config: {
      reconciliation: {
        enabled: true,
        checkEverySeconds: 3600,
        gstins: [
          {
            gstin: GSTIN,
            connector: 'erp',
            gateway: {
              // never called: the 2B is imported
              baseUrl: 'http://127.0.0.1:9',
              email: ACCOUNT.email,
              clientId: ACCOUNT.clientId,
              clientSecret: ACCOUNT.clientSecret,
              gstUsername: ACCOUNT.gstUsername,
              ipAddress: '10.1.2.3',
            },
          },
        ],
      },
    },
  });
  api = axios.create({ baseURL: t.url, headers: { 'x-api-key': TEST_API_KEY }, validateStatus: () => true });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('purchase bills pushed by webhook, reconciled against GSTR-2B', () => {
  it('keeps every readable bill, the bill of entry without GSTIN too, and rejects the bad one with its path', async () => {
    const res = await push(firstBatch);
    expect(res.status).toBe(200);
    const answer = await json(res);
    expect(answer.accepted).toEqual([
      { index: 0, erpId: 'PV-101', result: 'created' },
      { index: 1, erpId: BOE_ID, result: 'created' },
      { index: 3, erpId: 'PV-X', result: 'created' },
      { index: 4, erpId: 'PV-102', result: 'created' },
      { index: 5, erpId: 'PV-NOV', result: 'created' },
    ]);
    expect(answer.rejected).toEqual([
      {
        index: 2,
        errors: [expect.objectContaining({ path: 'portCode', rule: 'portCode', value: 'MAA' })],
      },
    ]);
  });

  it('changes nothing on a re-push of the same bills, and replaces a changed one', async () => {
    const again = await json(await push(firstBatch));
    expect(again.accepted.map((a: { result: string }) => a.result)).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
    ]);
    const corrected = await json(await push(invoice101('10000.00', '1800.00')));
    expect(corrected.accepted).toEqual([{ index: 0, erpId: 'PV-101', result: 'updated' }]);
  });

  it('removes a bill the ERP cancelled, and says when there was none', async () => {
    const cancel = { externalId: 'PV-X', cancelled: true };
    expect((await json(await push(cancel))).accepted).toEqual([
      { index: 0, erpId: 'PV-X', result: 'cancelled' },
    ]);
    expect((await json(await push([cancel]))).accepted).toEqual([
      { index: 0, erpId: 'PV-X', result: 'not-found' },
    ]);
  });

  it('answers 400 with field paths when nothing can be read, and 401 to a wrong signature', async () => {
    const bad = await push([{ ...billOfEntry, billDate: '18-10-2026' }]);
    expect(bad.status).toBe(400);
    const answer = await json(bad);
    expect(answer.accepted).toEqual([]);
    expect(answer.rejected).toEqual([
      { index: 0, errors: [expect.objectContaining({ path: 'billDate', rule: 'date.iso' })] },
    ]);
    const notBatch = await push({ purchases: 'all' });
    expect(notBatch.status).toBe(400);
    expect((await json(notBatch)).errors).toEqual([expect.objectContaining({ path: 'purchases' })]);
    const unsigned = await push(firstBatch, 'another-secret-entirely-xxxxxxxx');
    expect(unsigned.status).toBe(401);
  });

  it('reconciles the pushed register: the bill of entry pairs with the IMPG entry, the invoice as corrected', async () => {
    const imported = await api.post(`/reconciliation/${GSTIN}/import?operator=asha`, october());
    expect(imported.status).toBe(200);
    const report = await api.get<{ matches: MatchView[] }>(`/reconciliation/${GSTIN}/102026?limit=500`);
    expect(report.status).toBe(200);
    const rows = report.data.matches.map((m) => [m.erpId, m.category, m.section, m.gstr2bNumber]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['PV-101', 'exact', 'b2b', '101'],
        [BOE_ID, 'exact', 'impg', '2566282'],
        ['PV-102', 'missing-in-2b', null, null],
      ]),
    );
    // The cancelled bill is gone; November's is outside October's purchase range.
    expect(rows).toHaveLength(3);
  });
});
