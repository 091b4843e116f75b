/**
 * The run matches a period a shard of suppliers at a time (reconciliation.matchShardRows): the same
 * register and GSTR-2B give the same verdicts whether every supplier is a shard of its own (1 row a shard)
 * or the whole period is one shard. The data holds every pairing that reaches across GSTINs or numbers:
 * a supplier's other GSTIN of one PAN (`pan`), bills of entry of a supplier abroad (no GSTIN) and of a SEZ
 * unit (a GSTIN in 2B, none in the books), a double booking, an amount-only pair, a renumbered bill and a September bill reported
 * late in October's 2B (the look-back).
 */
import { gstinCheckDigit } from '../../src/domain';
import { REGISTER_HEADER, RULES_GSTIN, portalB2b, startRulesApp, type RulesApp } from './rules-books-app';

const PERIOD = '102026';
// Two GSTINs of one PAN (AABCR6898M): Karnataka and Maharashtra.
const RAO_KA = '29AABCR6898M1ZD';
const RAO_MH = '27AABCR6898M1ZH';
const LATE = '27AAACL1234F1ZZ';
const SEZ = '33AABCS9999K1ZJ';
const OTHERS = Array.from({ length: 8 }, (_, i) => {
  const first14 = `29AAAC${String.fromCharCode(65 + i)}${1000 + i}Q1Z`;
  return first14 + gstinCheckDigit(first14);
});

interface MatchView {
  category: string;
  rule: string;
  erpId: string | null;
  billNumber?: string | null;
  gstr2bNumber: string | null;
  section: string | null;
  differences: unknown[];
  explanation: string[];
  itcAtStake: string;
  otherPeriod: string | null;
}

const register = [
  // The books name the Karnataka GSTIN; 2B reports the bill under the Maharashtra one.
  `V-1,${RAO_KA},Rao Steel,R-55,03-10-2026,INV,1000.00,180.00,0,0,0,1180.00,29,N,`,
  `V-2,${RAO_KA},Rao Steel,R-56,04-10-2026,INV,2000.00,360.00,0,0,0,2360.00,29,N,`,
  // A September bill the supplier reported only in October.
  `V-3,${LATE},Late Filer,L-9,20-09-2026,INV,2000.00,360.00,0,0,0,2360.00,27,N,`,
  // Bills of entry: a supplier abroad (no GSTIN) and a SEZ unit.
  `V-4,,Global Metals GmbH,2566282,18-10-2026,BOE,40000.00,7200.00,0,0,0,47200.00,,N,18272A`,
  // The SEZ unit's bill of entry booked without its GSTIN: paired by BOE number with 2B's impgsez entry.
  `V-5,,SEZ Unit,1234567,22-10-2026,BOE,8000.00,1440.00,0,0,0,9440.00,,N,INMAA1`,
  ...OTHERS.flatMap((gstin, i) => [
    `V-${10 + i},${gstin},Supplier ${i},B-${i},0${1 + (i % 9)}-10-2026,INV,${500 + i}.00,${90 + i}.00,0,0,0,${590 + 2 * i}.00,29,N,`,
    // Renumbered in 2B (leading zeros), another number altogether (amount-only), or booked twice.
    `V-${20 + i},${gstin},Supplier ${i},${i % 2 === 0 ? `${7 + i}` : `AB-${i}`},11-10-2026,INV,${3000 + i}.00,${540 + i}.00,0,0,0,${3540 + 2 * i}.00,29,N,`,
    ...(i === 3
      ? [
          `V-${30 + i},${gstin},Supplier ${i},B-${i},0${1 + (i % 9)}-10-2026,INV,${500 + i}.00,${90 + i}.00,0,0,0,${590 + 2 * i}.00,29,N,`,
        ]
      : []),
  ]),
  // Only in the books.
  `V-40,${OTHERS[5]},Supplier 5,NOT-IN-2B,15-10-2026,INV,100.00,18.00,0,0,0,118.00,29,N,`,
];

function october(): Record<string, unknown> {
  const portal = portalB2b(PERIOD, [
    { ctin: RAO_MH, inum: 'R-55', dt: '03-10-2026', txval: 1000, igst: 180 },
    { ctin: RAO_KA, inum: 'R-56', dt: '04-10-2026', txval: 2000, igst: 360 },
    { ctin: LATE, inum: 'L-9', dt: '20-09-2026', txval: 2000, igst: 360 },
    ...OTHERS.flatMap((ctin, i) => [
      { ctin, inum: `B-${i}`, dt: `0${1 + (i % 9)}-10-2026`, txval: 500 + i, igst: 90 + i },
      {
        ctin,
        inum: i % 2 === 0 ? `000${7 + i}` : `ZZ-${100 + i}`,
        dt: '11-10-2026',
        txval: 3000 + i,
        igst: 540 + i,
      },
    ]),
    // Only in 2B.
    { ctin: OTHERS[6], inum: 'NOT-IN-BOOKS', dt: '16-10-2026', txval: 200, igst: 36 },
  ]);
  const docdata = (portal.data as { docdata: Record<string, unknown> }).docdata;
  const entry = (boenum: string, boedt: string, txval: number, portcode: string) => ({
    refdt: '28-10-2026',
    recdt: '30-10-2026',
    portcode,
    boenum,
    boedt,
    isamd: 'N',
    txval,
    igst: txval * 0.18,
    cess: 0,
  });
  docdata.impg = [entry('2566282', '18-10-2026', 40000, '18272A')];
  docdata.impgsez = [{ ctin: SEZ, trdnm: 'SEZ Unit', boe: [entry('1234567', '22-10-2026', 8000, 'INMAA1')] }];
  return portal;
}

async function verdicts(matchShardRows: number): Promise<MatchView[]> {
  const rules: RulesApp = await startRulesApp({ 'purchases.csv': register }, `${REGISTER_HEADER},PortCode`, {
    matchShardRows,
  });
  try {
    const imported = await rules.api.post(`/reconciliation/${RULES_GSTIN}/import?operator=asha`, october());
    expect(imported.status).toBe(200);
    const answer = await rules.api.get<{ matches: MatchView[] }>(
      `/reconciliation/${RULES_GSTIN}/${PERIOD}?limit=500`,
    );
    expect(answer.status).toBe(200);
    // Which twin of a double booking takes the 2B document follows the rows' ids, new in each service:
    // twins are told apart by their bill only, and the ids in their explanation left out.
    return answer.data.matches
      .map((m) => ({
        category: m.category,
        rule: m.rule,
        erpId: m.category === 'duplicate-in-books' ? `a twin of ${m.billNumber}` : m.erpId,
        gstr2bNumber: m.gstr2bNumber,
        section: m.section,
        differences: m.differences,
        explanation: m.explanation.map((line) => line.replace(/\(ids [^)]*\)/, '(ids)')),
        itcAtStake: m.itcAtStake,
        otherPeriod: m.otherPeriod,
      }))
      .map((m) => JSON.stringify(m))
      .sort()
      .map((m) => JSON.parse(m) as MatchView);
  } finally {
    await rules.close();
  }
}

describe('reconciliation in shards of suppliers', () => {
  it('gives the verdicts of one whole-period shard when every supplier is a shard of its own', async () => {
    const whole = await verdicts(1_000_000);
    const sharded = await verdicts(1);
    const of = (rows: MatchView[], voucher: string) =>
      rows.filter((m) => m.erpId === `india-purchases:${voucher}`).map((m) => [m.category, m.gstr2bNumber]);
    // The data reaches every rule that pairs across GSTINs, numbers or months.
    expect(of(sharded, 'V-1')).toEqual([['pan', 'R-55']]);
    expect(of(sharded, 'V-3')).toEqual([['exact', 'L-9']]);
    expect(of(sharded, 'V-4')).toEqual([['exact', '2566282']]);
    expect(of(sharded, 'V-5')).toEqual([['exact', '1234567']]);
    expect(of(sharded, 'V-20')).toEqual([['suggested', '0007']]);
    expect(of(sharded, 'V-21')).toEqual([['suggested', 'ZZ-101']]);
    expect(
      sharded
        .filter((m) => m.category === 'duplicate-in-books')
        .map((m) => m.gstr2bNumber)
        .sort(),
    ).toEqual(['B-3', null]);
    expect(of(sharded, 'V-40')).toEqual([['missing-in-2b', null]]);
    expect(sharded.filter((m) => m.category === 'missing-in-books').map((m) => m.gstr2bNumber)).toEqual([
      'NOT-IN-BOOKS',
    ]);
    expect(sharded).toEqual(whole);
  }, 180_000);
});
