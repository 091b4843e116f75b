/**
 * Issue 28, finding 3 (partly): a register row that belongs to no bill (a bill of entry with no supplier
 * GSTIN) is reported as an unreadable purchase with its reason, not dropped with only a log line.
 */
import { RULES_GSTIN, portalB2b, startRulesApp, type RulesApp } from './rules-books-app';

const SUPPLIER = '29AABCR6898M1ZD';
const PERIOD = '102026';

let rules: RulesApp;

beforeAll(async () => {
  rules = await startRulesApp({
    'purchases-2026-10.csv': [
      `V-1005,${SUPPLIER},Rao Steel,101,05-10-2026,INV,10000.00,1800.00,0,0,0,11800.00,29,N`,
      `V-1012,,Shenzhen Parts Ltd,BOE-7788123,12-10-2026,INV,200000.00,36000.00,0,0,0,236000.00,96,N`,
    ],
  });
  const imported = await rules.api.post(
    `/reconciliation/${RULES_GSTIN}/import?operator=asha`,
    portalB2b(PERIOD, [{ ctin: SUPPLIER, inum: '101', dt: '05-10-2026', txval: 10000, igst: 1800 }]),
  );
  expect(imported.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await rules?.close();
});

describe('rules: every purchase row accounted for', () => {
  it('reports a bill of entry with no supplier GSTIN as unreadable, with its reason', async () => {
    const report = await rules.api.get<{
      unreadablePurchases: { erpId: string; fieldErrors: { rule: string; message: string }[] }[];
    }>(`/reconciliation/${RULES_GSTIN}/${PERIOD}`);
    expect(report.status).toBe(200);
    expect(report.data.unreadablePurchases).toEqual([
      expect.objectContaining({
        erpId: 'india-purchases:V-1012',
        fieldErrors: [
          expect.objectContaining({
            rule: 'required',
            message: expect.stringMatching(/SupplierGSTIN: empty, so the row belongs to no document/),
          }),
        ],
      }),
    ]);
  });
});
