/**
 * The console's search runs in PostgreSQL (`GET /documents?q=`): an invoice number by its beginning in
 * any case, a buyer by GSTIN, a registration by IRN; the total counts every match, not a page of them;
 * LIKE's wildcards in the search are plain characters.
 */
import type { RunningSandbox } from '@erp-connector/sandbox';
import {
  api,
  dropSampleAndPull,
  expectedDocuments,
  settledDocuments,
  startE2eApp,
  startEinvoiceSandbox,
  type E2eApp,
} from '../einvoice-e2e/support';
import { json, type Json } from '../support/http';

describe('GET /documents?q= searches invoice number, buyer GSTIN and IRN', () => {
  let sandbox: RunningSandbox;
  let t: E2eApp;
  const expected = expectedDocuments();

  beforeAll(async () => {
    sandbox = await startEinvoiceSandbox();
    t = await startE2eApp({ sandbox });
    await dropSampleAndPull(t.url, t.inbox);
    await settledDocuments(t.url, expected.length);
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.stop();
  });

  async function search(q: string, page = ''): Promise<{ total: number; numbers: string[] }> {
    const res = await api(t.url, `/documents?q=${encodeURIComponent(q)}${page}`);
    expect(res.status).toBe(200);
    const body: Json = await json(res);
    return {
      total: body.total,
      numbers: (body.items as { docNumber: string }[]).map((d) => d.docNumber).sort(),
    };
  }

  it('finds an invoice by the beginning of its number, in any case', async () => {
    const target = expected[1].docNumber;
    expect((await search(target.toLowerCase())).numbers).toEqual([target]);
    const prefix = target.slice(0, -1);
    const sharing = expected
      .filter((d) => d.docNumber.startsWith(prefix))
      .map((d) => d.docNumber)
      .sort();
    expect(sharing.length).toBeGreaterThan(1);
    expect((await search(prefix)).numbers).toEqual(sharing);
  });

  it('finds the invoices of a buyer by GSTIN, typed in any case, with the total of all matches', async () => {
    const gstin = expected[0].buyerGstin;
    const theirs = expected
      .filter((d) => d.buyerGstin === gstin)
      .map((d) => d.docNumber)
      .sort();
    expect(theirs.length).toBeLessThan(expected.length);
    const all = await search(gstin.toLowerCase());
    expect(all).toEqual({ total: theirs.length, numbers: theirs });
    const firstPage = await search(gstin, '&limit=1');
    expect(firstPage.total).toBe(theirs.length);
    expect(firstPage.numbers).toHaveLength(1);
  });

  it('finds an invoice by its IRN', async () => {
    expect((await search(expected[2].irn)).numbers).toEqual([expected[2].docNumber]);
  });

  it('takes % and _ as the characters they are', async () => {
    expect(await search('%')).toEqual({ total: 0, numbers: [] });
    expect(await search('_')).toEqual({ total: 0, numbers: [] });
  });

  it('refuses an overlong search with 400', async () => {
    expect((await api(t.url, `/documents?q=${'A'.repeat(101)}`)).status).toBe(400);
  });
});
