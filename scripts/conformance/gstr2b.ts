/**
 * GSTR-2B against the real formats in ../shared/reference/india: every reference 2B sample parsed
 * without errors, each docdata section of GSTN's sample read into documents (amendments replacing
 * originals), the schema digest's sections and ITC codes known to the parser, and the matching engine
 * on the india-compliance Purchase Reconciliation Tool's test cases. Prints `N passed, N failed`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GSTR2B_SECTIONS, parseGstr2b } from '../../src/compliance/returns';
import { DEFAULT_MATCH_CONFIG, reconcile, type RecoDocument } from '../../src/reconciliation/matching';

const REFERENCE = resolve(process.cwd(), '../shared/reference/india');

type Check = [name: string, run: () => boolean | string];

function json(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(REFERENCE, file), 'utf8')) as Record<string, unknown>;
}

function sampleChecks(): Check[] {
  const samples = readdirSync(join(REFERENCE, 'samples')).filter((f) => /gstr_?2b/i.test(f));
  return samples.flatMap((file): Check[] => {
    const body = json(join('samples', file));
    const result = parseGstr2b(body);
    const docdata = ((body.data as Record<string, unknown>).docdata ?? {}) as Record<string, unknown[]>;
    return [
      [
        `${file}: parsed without field errors`,
        () => result.errors.length === 0 || JSON.stringify(result.errors),
      ],
      ...Object.keys(docdata).map((section): Check => [
        `${file}: section ${section} read`,
        () =>
          [...(result.return?.documents ?? []), ...(result.return?.replaced ?? [])].some(
            (d) => d.section === section,
          ) || `no document from ${section}`,
      ]),
      [
        `${file}: amendments replace the originals they name`,
        () =>
          (result.return?.documents ?? []).every(
            (d) =>
              !result.return?.replaced.some(
                (r) =>
                  r.supplierGstin === d.supplierGstin && r.number === d.number && r.section === d.section,
              ),
          ),
      ],
    ];
  });
}

function digestChecks(): Check[] {
  const digest = json('gstr2b_schema_digest.json');
  const sections = Object.keys(digest.docdata as Record<string, unknown>).flatMap((key) => key.split('|'));
  const definitions = digest.definitions as Record<string, unknown>;
  return [
    [
      'schema digest: every docdata section is one the parser reads',
      () => sections.every((s) => (GSTR2B_SECTIONS as readonly string[]).includes(s)) || sections.join(','),
    ],
    [
      'schema digest: ITC availability codes Y/N/T accepted',
      () => {
        const codes = definitions['yntenum (itcavl)'] as string[];
        return codes.every((code) => {
          const body = {
            data: {
              gstin: '01AABCE2207R1Z5',
              rtnprd: '032020',
              docdata: {
                b2b: [
                  {
                    ctin: '01AABCE2207R1Z5',
                    inv: [{ inum: 'A1', dt: '01-03-2020', itcavl: code, txval: 1 }],
                  },
                ],
              },
            },
          };
          return parseGstr2b(body).return?.documents[0]?.itcAvailability === code;
        });
      },
    ],
  ];
}

/** The PRT's own cases (india-compliance): purchase and inward supply of one company GSTIN. */
function prtChecks(): Check[] {
  const cases = json('samples/india_compliance_test_purchase_reconciliation_tool.json').TEST_CASES as Record<
    string,
    {
      PURCHASE_INVOICE?: { bill_no: string; is_out_state?: number };
      INWARD_SUPPLY: { bill_no: string; items?: Record<string, number>[] };
      RECONCILED_DATA: { match_status: string; bill_date: string; supplier_gstin: string };
    }[]
  >;
  const doc = (
    id: string,
    number: string,
    data: { bill_date: string; supplier_gstin: string },
    items?: Record<string, number>[],
  ): RecoDocument => {
    const item = items?.[0] ?? { taxable_value: 10000, cgst: 900, sgst: 900 };
    const text = (value: number | undefined) => String(value ?? 0);
    return {
      id,
      supplierGstin: data.supplier_gstin,
      kind: 'INV',
      number,
      date: data.bill_date,
      taxableValue: text(item.taxable_value),
      igst: text(item.igst),
      cgst: text(item.cgst),
      sgst: text(item.sgst),
      cess: '0',
    };
  };
  // PRT calls a difference under Rs 1 a "Suggested Match"; here the tolerance (default Rs 1) makes it exact, with the rounding named.
  const expected: Record<string, string> = { 'Exact Match': 'exact', 'Suggested Match': 'suggested' };
  const checks: Check[] = [];
  for (const [name, list] of Object.entries(cases)) {
    for (const testCase of list) {
      if (!testCase.PURCHASE_INVOICE || name === 'TEST_DIFFERENT_COMPANY_GSTIN_MISMATCH') continue;
      const data = testCase.RECONCILED_DATA;
      // The tool's test purchase is 10,000 at 18%: IGST when the supplier is out of state, else CGST + SGST.
      const bookItems = testCase.PURCHASE_INVOICE.is_out_state
        ? [{ taxable_value: 10000, igst: 1800 }]
        : undefined;
      const book = doc('book', testCase.PURCHASE_INVOICE.bill_no, data, bookItems);
      const portal = doc('2b', testCase.INWARD_SUPPLY.bill_no, data, testCase.INWARD_SUPPLY.items);
      const [result] = reconcile([book], [portal], DEFAULT_MATCH_CONFIG);
      const want =
        name === 'TEST_ROUNDING_DIFFERENCE_SUGGESTED_MATCH' ? 'exact' : expected[data.match_status];
      checks.push([
        `PRT ${name} ${testCase.PURCHASE_INVOICE.bill_no}: ${want}`,
        () =>
          (result.category === want &&
            (name !== 'TEST_ROUNDING_DIFFERENCE_SUGGESTED_MATCH' ||
              result.explanation.some((e) => e.includes('rounding')))) ||
          JSON.stringify(result),
      ]);
    }
  }
  return checks;
}

export function run(): { passed: number; failed: number } {
  if (!existsSync(REFERENCE)) {
    console.log(`skipped: ${REFERENCE} not found`);
    return { passed: 0, failed: 0 };
  }
  let passed = 0;
  let failed = 0;
  for (const [name, check] of [...sampleChecks(), ...digestChecks(), ...prtChecks()]) {
    let outcome: boolean | string;
    try {
      outcome = check();
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    }
    if (outcome === true) passed += 1;
    else failed += 1;
    console.log(
      `${outcome === true ? 'ok  ' : 'FAIL'} ${name}${outcome === true ? '' : `: ${String(outcome)}`}`,
    );
  }
  console.log(`gstr2b: ${passed} passed, ${failed} failed`);
  return { passed, failed };
}
