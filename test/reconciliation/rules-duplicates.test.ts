/**
 * Issue 28, findings 1 and 2, through the CSV register (`india-purchases`), the portal-JSON import and the
 * report, on real PostgreSQL and HTTP: bill 101 of October and bill 101 of last March are two bills (the
 * October one exact, nothing summed); two vouchers of one supplier bill are a double booking shown as
 * `duplicate-in-books` with both vouchers visible, not summed into a value mismatch.
 */
import { RULES_GSTIN, portalB2b, startRulesApp, type RulesApp } from './rules-books-app';

const SUPPLIER = '29AABCR6898M1ZD';
const PERIOD = '102026';

interface MatchView {
  category: string;
  erpId: string | null;
  gstr2bNumber: string | null;
  explanation: string[];
  itcAtStake: string;
}

let rules: RulesApp;

beforeAll(async () => {
  rules = await startRulesApp({
    'purchases-2026.csv': [
      `V-0311,${SUPPLIER},Rao Steel,101,15-03-2026,INV,1000.00,180.00,0,0,0,1180.00,29,N`,
      `V-1005,${SUPPLIER},Rao Steel,101,05-10-2026,INV,10000.00,1800.00,0,0,0,11800.00,29,N`,
      `V-1007,${SUPPLIER},Rao Steel,202,07-10-2026,INV,5000.00,900.00,0,0,0,5900.00,29,N`,
      `V-1008,${SUPPLIER},Rao Steel,202,07-10-2026,INV,5000.00,900.00,0,0,0,5900.00,29,N`,
    ],
  });
  const imported = await rules.api.post(
    `/reconciliation/${RULES_GSTIN}/import?operator=asha`,
    portalB2b(PERIOD, [
      { ctin: SUPPLIER, inum: '101', dt: '05-10-2026', txval: 10000, igst: 1800 },
      { ctin: SUPPLIER, inum: '202', dt: '07-10-2026', txval: 5000, igst: 900 },
    ]),
  );
  expect(imported.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await rules?.close();
});

async function matches(): Promise<MatchView[]> {
  const report = await rules.api.get<{ matches: MatchView[] }>(`/reconciliation/${RULES_GSTIN}/${PERIOD}`);
  expect(report.status).toBe(200);
  return report.data.matches;
}

describe('rules: one bill number, two bills', () => {
  it('does not sum bill 101 of October with bill 101 of last March', async () => {
    const bill101 = (await matches()).filter((m) => m.gstr2bNumber === '101');
    expect(bill101).toEqual([
      expect.objectContaining({ category: 'exact', erpId: 'india-purchases:V-1005', itcAtStake: '0.00' }),
    ]);
  });

  it('shows a double booking as duplicate-in-books with both vouchers, not a summed mismatch', async () => {
    const all = await matches();
    const twins = all.filter((m) => m.erpId?.endsWith('V-1007') || m.erpId?.endsWith('V-1008'));
    expect(twins.map((m) => [m.erpId, m.category]).sort()).toEqual([
      ['india-purchases:V-1007', 'duplicate-in-books'],
      ['india-purchases:V-1008', 'duplicate-in-books'],
    ]);
    expect(twins[0].explanation[0]).toMatch(/the books hold 2 documents numbered "202"/);
    expect(all.some((m) => m.category === 'mismatch')).toBe(false);
  });
});
