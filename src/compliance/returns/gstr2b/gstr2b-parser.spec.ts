import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeGstr2bFiles, parseGstr2b } from './gstr2b-parser';

const SAMPLE = join(
  __dirname,
  '../../../../../shared/reference/india/samples/india_compliance_test_gstr_2b.json',
);
const sample = (): Record<string, unknown> =>
  JSON.parse(readFileSync(SAMPLE, 'utf8')) as Record<string, unknown>;

describe('parseGstr2b on the real-format GSTN sample', () => {
  const result = parseGstr2b(sample());
  const parsed = result.return!;

  it('reads the envelope without errors', () => {
    expect(result.errors).toEqual([]);
    expect(parsed).toMatchObject({
      gstin: '01AABCE2207R1Z5',
      period: '032020',
      version: '1.0',
      generatedOn: '2020-04-14',
      checksum: 'ADFADRGA4GADFADGERER',
    });
  });

  it('lets the b2ba amendment replace the b2b original it names', () => {
    const invoices = parsed.documents.filter((d) => d.kind === 'INV');
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      section: 'b2ba',
      supplierGstin: '01AABCE2207R1Z5',
      number: 'S008400',
      date: '2016-11-24',
      original: { number: 'S008400', date: '2016-11-24' },
      documentValue: '729248.16',
      taxableValue: '400.00',
      cgst: '200.00',
      sgst: '200.00',
      igst: '0.00',
      itcAvailability: 'N',
      itcUnavailableReason: 'P',
      reverseCharge: false,
      differentialPercent: '1.00',
    });
    expect(parsed.replaced.map((d) => [d.section, d.number])).toEqual([
      ['b2b', 'S008400'],
      ['cdnr', '533515'],
    ]);
    expect(parsed.replaced[0]).toMatchObject({
      sourceType: 'e-Invoice',
      irn: '897ADG56RTY78956HYUG90BNHHIJK453GFTD99845672FDHHHSHGFH4567FG56TR',
      irnDate: '2019-12-24',
      supplierPeriod: '112019',
      supplierFilingDate: '2019-11-18',
    });
  });

  it('reads credit notes with their own kind and the cdnra original', () => {
    const notes = parsed.documents.filter((d) => d.kind === 'CRN');
    expect(notes).toEqual([
      expect.objectContaining({
        section: 'cdnra',
        supplierGstin: '01AAAAP1208Q1ZS',
        number: '533515',
        date: '2016-09-23',
        supplyType: 'R',
        itcUnavailableReason: 'C',
        original: { number: '533515', date: '2016-09-23', kind: 'C' },
        cgst: '200.00',
      }),
    ]);
    expect(parsed.replaced[1]).toMatchObject({ section: 'cdnr', igst: '400.00', cgst: '0.00' });
  });

  it('reads ISD documents with eligibility and amendments', () => {
    // The isda entry amends ISD credit 1004, not invoice S0080: the isd original stays.
    const isd = parsed.documents.filter((d) => d.section === 'isda');
    expect(isd).toEqual([
      expect.objectContaining({
        kind: 'ISDI',
        supplierGstin: '16DEFPS8555D1Z7',
        number: 'S0080',
        date: '2016-03-03',
        itcAvailability: 'Y',
        original: { number: '1004', date: '2016-03-02', kind: 'ISDC' },
        cgst: '200.00',
        sgst: '200.00',
      }),
    ]);
    expect(parsed.documents.find((d) => d.section === 'isd')).toMatchObject({
      kind: 'ISDI',
      original: { number: 'P0079', date: '2016-03-03' },
    });
  });

  it('reads imports of goods and from SEZ units as bills of entry', () => {
    const boe = parsed.documents.filter((d) => d.kind === 'BOE');
    expect(boe).toEqual([
      expect.objectContaining({
        section: 'impg',
        supplierGstin: null,
        number: '2566282',
        date: '2019-11-18',
        portCode: '18272A',
        amendedAtCustoms: false,
        taxableValue: '123.02',
        igst: '123.02',
        cess: '0.50',
      }),
      expect.objectContaining({ section: 'impgsez', supplierGstin: '01AABCE2207R1Z5', number: '2566282' }),
    ]);
  });
});

describe('parseGstr2b on entries it cannot read', () => {
  it('names the path, rule and value and still reads the rest', () => {
    const body = sample();
    const docdata = (body.data as { docdata: Record<string, unknown[]> }).docdata;
    docdata.b2b.push({ ctin: '01AABCE2207R1Z5', inv: [{ inum: 'X1', dt: '31-02-2020', typ: 'R' }] });
    docdata.ecom = [
      {
        ctin: '29AAACE1234F1Z5',
        trdnm: 'Eco seller',
        inv: [{ inum: 'EC-1', dt: '02-03-2020', val: 118, rev: 'N', itcavl: 'T', txval: 100, igst: 18 }],
      },
    ];
    const result = parseGstr2b(body);
    expect(result.errors).toEqual([
      {
        path: 'data.docdata.b2b[1].inv[0].dt',
        rule: 'date.ddmmyyyy',
        message: 'dt is not dd-mm-yyyy',
        value: '31-02-2020',
      },
    ]);
    expect(result.return!.documents.find((d) => d.section === 'ecom')).toMatchObject({
      kind: 'INV',
      number: 'EC-1',
      itcAvailability: 'T',
      taxableValue: '100.00',
      igst: '18.00',
    });
  });

  it('refuses a return without gstin and period', () => {
    expect(parseGstr2b({ data: { docdata: {} } }).errors.map((e) => e.path)).toEqual([
      'data.gstin',
      'data.rtnprd',
    ]);
    expect(parseGstr2b('x').errors[0].rule).toBe('type.object');
  });

  it('merges the files of a large return section by section', () => {
    const one = { data: { gstin: 'G', rtnprd: '032020', docdata: { b2b: [{ a: 1 }] } } };
    const two = { data: { gstin: 'G', rtnprd: '032020', docdata: { b2b: [{ a: 2 }], impg: [{ b: 1 }] } } };
    expect(mergeGstr2bFiles([one, two])).toEqual({
      gstin: 'G',
      rtnprd: '032020',
      docdata: { b2b: [{ a: 1 }, { a: 2 }], impg: [{ b: 1 }] },
    });
  });

  it('refuses an amount PostgreSQL cannot store (numeric(18,2)) with its field, not a 500 (issue 30)', () => {
    const parsed = parseGstr2b({
      data: {
        gstin: '29AADCD4821K1ZI',
        rtnprd: '102026',
        docdata: {
          b2b: [{ ctin: '27AAECS3121K1ZO', inv: [{ inum: 'X-1', dt: '05-10-2026', val: 1, txval: -1e18 }] }],
        },
      },
    });
    const error = parsed.errors.find((e) => e.rule === 'range');
    expect(error?.path).toMatch(/\.txval$/);
  });
});
