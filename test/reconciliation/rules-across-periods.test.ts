/**
 * Issue 28 through the CSV register (`india-purchases` with its PortCode column), the portal-JSON import and
 * the report, on real PostgreSQL and HTTP, with 2B shaped as GSTN's sample (b2b, b2ba with oinum/oidt, impg
 * and impgsez with portcode/boenum/boedt):
 * - finding 4: bills of entry (a supplier abroad without GSTIN, a SEZ unit) pair with IMPG / IMPGSEZ by BOE
 *   number, their port codes compared;
 * - finding 7: a September bill the supplier reported in October's 2B pairs in October and closes in
 *   September (`in-other-period`), whichever period is reconciled first; an earlier bill October's 2B does
 *   not hold is not shown again in October;
 * - finding 6: an October B2BA amending a September bill supersedes it there (`amended`) and takes over the
 *   pairing with the books in October;
 * - finding 9: an amount-only pair is suggested with its reason;
 * - the purchase range chosen apart from the 2B period, and refused when unusable.
 */
import { REGISTER_HEADER, RULES_GSTIN, portalB2b, startRulesApp, type RulesApp } from './rules-books-app';

const SUPPLIER = '29AABCR6898M1ZD';
const LATE = '27AAACL1234F1ZZ';
const AMENDING = '24AAACA4321B1ZM';
const SEZ = '33AABCS9999K1ZJ';

interface MatchView {
  category: string;
  rule: string;
  erpId: string | null;
  gstr2bNumber: string | null;
  section: string | null;
  explanation: string[];
  itcAtStake: string;
  otherPeriod: string | null;
}

let rules: RulesApp;

const report = async (period: string): Promise<MatchView[]> => {
  const answer = await rules.api.get<{ matches: MatchView[] }>(
    `/reconciliation/${RULES_GSTIN}/${period}?limit=500`,
  );
  expect(answer.status).toBe(200);
  return answer.data.matches;
};
const ofBook = (rows: MatchView[], voucher: string) =>
  rows.filter((m) => m.erpId === `india-purchases:${voucher}`);
const ofNumber = (rows: MatchView[], number: string) => rows.filter((m) => m.gstr2bNumber === number);

function september(): Record<string, unknown> {
  const portal = portalB2b('092026', [
    { ctin: SUPPLIER, inum: 'S-1', dt: '03-09-2026', txval: 1000, igst: 180 },
    // The supplier first reported bill A-7 at 5,000; the books hold 5,500 (the bill as received).
    { ctin: AMENDING, inum: 'A-7', dt: '12-09-2026', txval: 5000, igst: 900 },
  ]);
  // A bill of entry customs later amended (the books hold the amended values).
  (portal.data as { docdata: Record<string, unknown> }).docdata.impg = [
    boeEntry('7777777', '15-09-2026', 10000, 'N'),
  ];
  return portal;
}

function amendment(period: string, inum: string, dt: string, txval: number, igst: number) {
  return [
    {
      ctin: AMENDING,
      trdnm: 'Amending Traders',
      supfildt: `11-${period.slice(0, 2)}-${period.slice(2)}`,
      supprd: period,
      inv: [
        {
          oinum: inum,
          oidt: dt,
          inum,
          typ: 'R',
          dt,
          val: txval + igst,
          pos: '24',
          rev: 'N',
          itcavl: 'Y',
          rsn: '',
          diffprcnt: 1,
          items: [{ num: 1, rt: 18, txval, igst, cgst: 0, sgst: 0, cess: 0 }],
        },
      ],
    },
  ];
}

function boeEntry(boenum: string, boedt: string, txval: number, isamd: 'Y' | 'N') {
  return {
    refdt: '28-10-2026',
    recdt: '30-10-2026',
    portcode: '18272A',
    boenum,
    boedt,
    isamd,
    txval,
    igst: txval * 0.18,
    cess: 0,
  };
}

function october(): Record<string, unknown> {
  const portal = portalB2b('102026', [
    { ctin: SUPPLIER, inum: '101', dt: '05-10-2026', txval: 10000, igst: 1800 },
    // L-9 of September, reported by the supplier only in October's return.
    { ctin: LATE, inum: 'L-9', dt: '20-09-2026', txval: 2000, igst: 360 },
    { ctin: SUPPLIER, inum: 'INV-001', dt: '07-10-2026', txval: 3000, igst: 540 },
  ]);
  const docdata = (portal.data as { docdata: Record<string, unknown> }).docdata;
  docdata.b2ba = amendment('102026', 'A-7', '12-09-2026', 5500, 990);
  docdata.impg = [
    boeEntry('2566282', '18-10-2026', 40000, 'N'),
    // Amended at customs (isamd Y): supersedes September's entry of the same BOE number.
    boeEntry('7777777', '15-09-2026', 10500, 'Y'),
  ];
  docdata.impgsez = [
    {
      ctin: SEZ,
      trdnm: 'SEZ Unit',
      boe: [
        {
          refdt: '28-10-2026',
          recdt: '30-10-2026',
          portcode: 'INMAA1',
          boenum: '1234567',
          boedt: '22-10-2026',
          isamd: 'N',
          txval: 8000,
          igst: 1440,
          cess: 0,
        },
      ],
    },
  ];
  return portal;
}

beforeAll(async () => {
  rules = await startRulesApp(
    {
      'purchases.csv': [
        `V-0901,${SUPPLIER},Rao Steel,S-1,03-09-2026,INV,1000.00,180.00,0,0,0,1180.00,29,N,`,
        `V-0902,${LATE},Late Filer,L-9,20-09-2026,INV,2000.00,360.00,0,0,0,2360.00,27,N,`,
        `V-0903,${AMENDING},Amending Traders,A-7,12-09-2026,INV,5500.00,990.00,0,0,0,6490.00,24,N,`,
        `V-0905,,Overseas Supplier,7777777,15-09-2026,BOE,10500.00,1890.00,0,0,0,12390.00,,N,18272A`,
        // September bill no 2B holds: missing in September, not shown in October.
        `V-0904,${SUPPLIER},Rao Steel,S-2,25-09-2026,INV,700.00,126.00,0,0,0,826.00,29,N,`,
        `V-1005,${SUPPLIER},Rao Steel,101,05-10-2026,INV,10000.00,1800.00,0,0,0,11800.00,29,N,`,
        `V-1006,${SUPPLIER},Rao Steel,0001,07-10-2026,INV,3000.00,540.00,0,0,0,3540.00,29,N,`,
        `V-1010,,Global Metals GmbH,2566282,18-10-2026,Bill of Entry,40000.00,7200.00,0,0,0,47200.00,,N,18272A`,
        `V-1011,${SEZ},SEZ Unit,1234567,22-10-2026,BOE,8000.00,1440.00,0,0,0,9440.00,,N,INMAA1`,
        // May: a mismatch the operator accepts; June's B2BA takes the pair and the decision over.
        `V-0501,${AMENDING},Amending Traders,A-5,08-05-2026,INV,3000.00,540.00,0,0,0,3540.00,24,N,`,
        // July and August, reconciled in the other order (August first).
        `V-0701,${LATE},Late Filer,L-3,15-07-2026,INV,1500.00,270.00,0,0,0,1770.00,27,N,`,
        `V-0702,${AMENDING},Amending Traders,A-2,10-07-2026,INV,2500.00,450.00,0,0,0,2950.00,24,N,`,
      ],
    },
    `${REGISTER_HEADER},PortCode`,
  );
}, 120_000);

afterAll(async () => {
  await rules?.close();
});

describe('reconciliation across periods, imports and residual pairs', () => {
  it('September first: the late bill and the bill later amended are open there', async () => {
    const imported = await rules.api.post(`/reconciliation/${RULES_GSTIN}/import?operator=asha`, september());
    expect(imported.status).toBe(200);
    const rows = await report('092026');
    expect(ofBook(rows, 'V-0902').map((m) => m.category)).toEqual(['missing-in-2b']);
    expect(ofBook(rows, 'V-0903').map((m) => [m.category, m.gstr2bNumber])).toEqual([['mismatch', 'A-7']]);
    expect(ofBook(rows, 'V-0901').map((m) => m.category)).toEqual(['exact']);
    expect(ofBook(rows, 'V-0905').map((m) => [m.category, m.gstr2bNumber])).toEqual([
      ['mismatch', '7777777'],
    ]);
  });

  it('October pairs the late September bill and the B2BA, and both close in September', async () => {
    const imported = await rules.api.post(`/reconciliation/${RULES_GSTIN}/import?operator=asha`, october());
    expect(imported.status).toBe(200);
    const oct = await report('102026');
    expect(ofBook(oct, 'V-0902').map((m) => [m.category, m.gstr2bNumber])).toEqual([['exact', 'L-9']]);
    expect(ofBook(oct, 'V-0902')[0].explanation).toContain(
      'a bill of an earlier month, reported by the supplier in GSTR-2B of 102026',
    );
    expect(ofBook(oct, 'V-0903').map((m) => [m.category, m.section])).toEqual([['exact', 'b2ba']]);
    // Earlier bills October's 2B does not hold, or that September already paired, are not shown again.
    expect(ofBook(oct, 'V-0904')).toEqual([]);
    expect(ofBook(oct, 'V-0901')).toEqual([]);

    const sep = await report('092026');
    expect(ofBook(sep, 'V-0902').map((m) => [m.category, m.otherPeriod, m.itcAtStake])).toEqual([
      ['in-other-period', '102026', '0.00'],
    ]);
    expect(ofNumber(sep, 'A-7').map((m) => [m.category, m.otherPeriod, m.erpId])).toEqual([
      ['amended', '102026', null],
    ]);
    expect(ofBook(sep, 'V-0903').map((m) => [m.category, m.otherPeriod])).toEqual([
      ['in-other-period', '102026'],
    ]);
    expect(ofBook(sep, 'V-0904').map((m) => m.category)).toEqual(['missing-in-2b']);
    // The bill of entry amended at customs: October's entry takes over the pair, September's is amended.
    expect(ofBook(oct, 'V-0905').map((m) => [m.category, m.section])).toEqual([['exact', 'impg']]);
    expect(ofNumber(sep, '7777777').map((m) => [m.category, m.otherPeriod])).toEqual([['amended', '102026']]);
    expect(ofBook(sep, 'V-0905').map((m) => [m.category, m.otherPeriod])).toEqual([
      ['in-other-period', '102026'],
    ]);
  });

  it('re-running September keeps what October settled (closes in both, whichever runs last)', async () => {
    const again = await rules.api.post(`/reconciliation/${RULES_GSTIN}/import?operator=asha`, september());
    expect(again.status).toBe(200);
    const sep = await report('092026');
    expect(ofBook(sep, 'V-0902').map((m) => [m.category, m.otherPeriod])).toEqual([
      ['in-other-period', '102026'],
    ]);
    expect(ofBook(sep, 'V-0903').map((m) => [m.category, m.otherPeriod])).toEqual([
      ['in-other-period', '102026'],
    ]);
    expect(ofNumber(sep, 'A-7').map((m) => [m.category, m.otherPeriod])).toEqual([['amended', '102026']]);
    expect(ofBook(sep, 'V-0904').map((m) => m.category)).toEqual(['missing-in-2b']);
  });

  it('August before July: the late July bill and the July bill amended in August close in July', async () => {
    const august = portalB2b('082026', [
      { ctin: LATE, inum: 'L-3', dt: '15-07-2026', txval: 1500, igst: 270 },
    ]);
    (august.data as { docdata: Record<string, unknown> }).docdata.b2ba = amendment(
      '082026',
      'A-2',
      '10-07-2026',
      2500,
      450,
    );
    expect((await rules.api.post(`/reconciliation/${RULES_GSTIN}/import?operator=asha`, august)).status).toBe(
      200,
    );
    const july = portalB2b('072026', [
      { ctin: AMENDING, inum: 'A-2', dt: '10-07-2026', txval: 2000, igst: 360 },
    ]);
    expect((await rules.api.post(`/reconciliation/${RULES_GSTIN}/import?operator=asha`, july)).status).toBe(
      200,
    );

    const aug = await report('082026');
    expect(ofBook(aug, 'V-0701').map((m) => [m.category, m.gstr2bNumber])).toEqual([['exact', 'L-3']]);
    expect(ofBook(aug, 'V-0702').map((m) => [m.category, m.section])).toEqual([['exact', 'b2ba']]);
    const jul = await report('072026');
    expect(ofBook(jul, 'V-0701').map((m) => [m.category, m.otherPeriod])).toEqual([
      ['in-other-period', '082026'],
    ]);
    expect(ofBook(jul, 'V-0702').map((m) => [m.category, m.otherPeriod])).toEqual([
      ['in-other-period', '082026'],
    ]);
    expect(ofNumber(jul, 'A-2').map((m) => [m.category, m.otherPeriod])).toEqual([['amended', '082026']]);
  });

  it('an amendment of a pair the operator decided takes the pair and the decision over', async () => {
    const may = portalB2b('052026', [
      { ctin: AMENDING, inum: 'A-5', dt: '08-05-2026', txval: 2900, igst: 522 },
    ]);
    expect((await rules.api.post(`/reconciliation/${RULES_GSTIN}/import?operator=asha`, may)).status).toBe(
      200,
    );
    const mismatch = ofBook(await report('052026'), 'V-0501');
    expect(mismatch.map((m) => m.category)).toEqual(['mismatch']);
    const accepted = await rules.api.post('/reconciliation/matches/actions', {
      operator: 'asha',
      action: 'accept',
      reason: 'supplier confirmed 3,000 by mail',
      matchIds: [(mismatch[0] as unknown as { id: string }).id],
    });
    expect(accepted.status).toBe(200);

    const june = portalB2b('062026', []);
    (june.data as { docdata: Record<string, unknown> }).docdata.b2ba = amendment(
      '062026',
      'A-5',
      '08-05-2026',
      3000,
      540,
    );
    expect((await rules.api.post(`/reconciliation/${RULES_GSTIN}/import?operator=asha`, june)).status).toBe(
      200,
    );
    const jun = ofBook(await report('062026'), 'V-0501') as unknown as (MatchView & {
      decision: string;
      decidedBy: string;
      decisionReason: string;
    })[];
    expect(
      jun.map((m) => [m.category, m.section, m.rule, m.decision, m.decidedBy, m.decisionReason]),
    ).toEqual([
      [
        'exact',
        'b2ba',
        'amendment-of-decided-pair',
        'accepted',
        'operator:asha',
        'supplier confirmed 3,000 by mail',
      ],
    ]);
    const mayAfter = await report('052026');
    expect(ofNumber(mayAfter, 'A-5').map((m) => [m.category, m.otherPeriod, m.erpId])).toEqual([
      ['amended', '062026', 'india-purchases:V-0501'],
    ]);
    // Re-importing June keeps the carried pair (decided rows stay as they are).
    expect((await rules.api.post(`/reconciliation/${RULES_GSTIN}/import?operator=asha`, june)).status).toBe(
      200,
    );
    expect(ofBook(await report('062026'), 'V-0501').map((m) => m.category)).toEqual(['exact']);
  });

  it('pairs bills of entry with IMPG (no GSTIN) and IMPGSEZ by BOE number, ports agreeing', async () => {
    const oct = await report('102026');
    expect(ofBook(oct, 'V-1010').map((m) => [m.category, m.gstr2bNumber, m.section])).toEqual([
      ['exact', '2566282', 'impg'],
    ]);
    expect(ofBook(oct, 'V-1011').map((m) => [m.category, m.gstr2bNumber, m.section])).toEqual([
      ['exact', '1234567', 'impgsez'],
    ]);
  });

  it('suggests an amount-only pair with its reason', async () => {
    const oct = await report('102026');
    const pair = ofBook(oct, 'V-1006');
    expect(pair.map((m) => [m.category, m.rule, m.gstr2bNumber])).toEqual([
      ['suggested', 'amount-only', 'INV-001'],
    ]);
    expect(pair[0].explanation[0]).toMatch(/^numbers "0001" and "INV-001" do not agree, but supplier/);
  });

  it('counts every row: no category holds a row twice, the summary adds up', async () => {
    const answer = await rules.api.get<{
      categories: Record<string, { count: number }>;
      matches: MatchView[];
    }>(`/reconciliation/${RULES_GSTIN}/102026?limit=500`);
    const total = Object.values(answer.data.categories).reduce((n, c) => n + c.count, 0);
    expect(total).toBe(answer.data.matches.length);
  });

  it('reads the purchase range an operator gives, and refuses an unusable one with the reason', async () => {
    const reversed = await rules.api.post(`/reconciliation/${RULES_GSTIN}/102026/run`, {
      operator: 'asha',
      purchasesFrom: '2026-10-31',
      purchasesTo: '2026-10-01',
    });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.data)).toContain('starts (2026-10-31) after it ends (2026-10-01)');
    const half = await rules.api.post(`/reconciliation/${RULES_GSTIN}/102026/run`, {
      operator: 'asha',
      purchasesFrom: '2026-10-01',
    });
    expect(half.status).toBe(400);
  });
});
