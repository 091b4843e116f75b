/**
 * Issue 28, finding 5, through the CSV register (`india-purchases`), the portal-JSON import and the report,
 * on real PostgreSQL and HTTP: an ISD invoice in GSTR-2B's isd section (shaped as the GSTN schema: doclist,
 * doctyp ISDI, itcelg) matches the invoice the books hold from that ISD, instead of two "missing" rows.
 */
import { RULES_GSTIN, portalB2b, startRulesApp, type RulesApp } from './rules-books-app';

const SUPPLIER = '29AABCR6898M1ZD';
const ISD = '29AABCI1234K1ZM';
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
    'purchases-2026-10.csv': [
      `V-1005,${SUPPLIER},Rao Steel,101,05-10-2026,INV,10000.00,1800.00,0,0,0,11800.00,29,N`,
      `V-1020,${ISD},Head Office ISD,ISD-55,20-10-2026,INV,0,0,450.00,450.00,0,900.00,29,N`,
    ],
  });
  const portal = portalB2b(PERIOD, [
    { ctin: SUPPLIER, inum: '101', dt: '05-10-2026', txval: 10000, igst: 1800 },
  ]);
  const docdata = (portal.data as { docdata: Record<string, unknown> }).docdata;
  docdata.isd = [
    {
      ctin: ISD,
      trdnm: 'Head Office ISD',
      supprd: PERIOD,
      supfildt: '13-11-2026',
      doclist: [
        {
          doctyp: 'ISDI',
          docnum: 'ISD-55',
          docdt: '20-10-2026',
          igst: 0,
          cgst: 450,
          sgst: 450,
          cess: 0,
          itcelg: 'Y',
        },
      ],
    },
  ];
  const imported = await rules.api.post(`/reconciliation/${RULES_GSTIN}/import?operator=asha`, portal);
  expect(imported.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await rules?.close();
});

describe('rules: ISD credit', () => {
  it('matches the ISD invoice of 2B with the invoice booked from the ISD', async () => {
    const report = await rules.api.get<{ matches: MatchView[] }>(`/reconciliation/${RULES_GSTIN}/${PERIOD}`);
    expect(report.status).toBe(200);
    const isd = report.data.matches.filter(
      (m) => m.gstr2bNumber === 'ISD-55' || m.erpId === 'india-purchases:V-1020',
    );
    expect(isd).toEqual([
      expect.objectContaining({
        category: 'exact',
        erpId: 'india-purchases:V-1020',
        gstr2bNumber: 'ISD-55',
        itcAtStake: '0.00',
        explanation: expect.arrayContaining([expect.stringMatching(/ISD document paired with the invoice/)]),
      }),
    ]);
  });
});
