import { DEFAULT_MATCH_CONFIG, type MatchConfig } from './match-config';
import type { MatchResult } from './match-result';
import type { RecoDocument } from './reco-document';
import { looseNumber, numberSimilarity } from './invoice-number';
import { reconcile } from './reconcile';
import { toPaise, fromPaise } from './paise';
import { recoDoc } from './__fixtures__/reco-doc';

const A = '29AABCR6898M1ZN';
const A_OTHER_STATE = '27AABCR6898M1ZP';
const B = '24AAQCA8719H1ZC';

const doc = recoDoc;

const books: RecoDocument[] = [
  doc('b-exact', 'INV-001'),
  doc('b-exact-rounding', 'INV-002', { taxableValue: '10000.50', igst: '1800.09' }),
  doc('b-case', 'inv-003'),
  doc('b-separators', 'INV/23-24/0004'),
  doc('b-date', 'INV-005', { date: '2026-10-20' }),
  doc('b-fuzzy', 'BILL-23-00040', { taxableValue: '5000.00', igst: '900.00' }),
  doc('b-mismatch', 'INV-007', { taxableValue: '12000.00', igst: '2160.00' }),
  doc('b-pan', 'INV-008'),
  doc('b-missing', 'INV-009'),
  doc('b-credit', 'CN-01', { kind: 'CRN', taxableValue: '-1000.00', igst: '-180.00' }),
  doc('b-debit-vs-credit', 'DN-01', { kind: 'DBN', taxableValue: '500.00', igst: '90.00' }),
  doc('b-other-supplier', 'INV-001', { supplierGstin: B }),
];

const portal: RecoDocument[] = [
  doc('g-exact', 'INV-001'),
  doc('g-exact-rounding', 'INV-002'),
  doc('g-case', 'INV-003'),
  doc('g-separators', 'INV-4'),
  doc('g-date', 'INV-005'),
  doc('g-fuzzy', 'BILL-23-00045', { taxableValue: '5000.00', igst: '900.00' }),
  doc('g-mismatch', 'INV-007', { date: '2026-10-06' }),
  doc('g-pan', 'INV-008', { supplierGstin: A_OTHER_STATE }),
  doc('g-missing', 'INV-099', { taxableValue: '777.00', igst: '139.86' }),
  doc('g-credit', 'CN-01', { kind: 'CRN', taxableValue: '1000.00', igst: '180.00' }),
  doc('g-credit-same-number', 'DN-01', { kind: 'CRN', taxableValue: '500.00', igst: '90.00' }),
  doc('g-other-supplier', 'INV-001', {
    supplierGstin: B,
    date: '2026-09-01',
    taxableValue: '1.00',
    igst: '0.18',
  }),
];

function byBook(results: MatchResult[]): Map<string, MatchResult> {
  return new Map(results.filter((r) => r.bookId).map((r) => [r.bookId!, r]));
}

describe('reconcile on a seeded book', () => {
  const results = reconcile(books, portal, DEFAULT_MATCH_CONFIG);
  const book = byBook(results);

  it('puts every document in exactly one result', () => {
    const bookIds = results.flatMap((r) => (r.bookId ? [r.bookId] : []));
    const portalIds = results.flatMap((r) => (r.gstr2bId ? [r.gstr2bId] : []));
    expect(new Set(bookIds).size).toBe(books.length);
    expect(bookIds).toHaveLength(books.length);
    expect(new Set(portalIds).size).toBe(portal.length);
    expect(portalIds).toHaveLength(portal.length);
  });

  it('assigns each document its expected category, rule and counterpart', () => {
    const summary = Object.fromEntries(
      [...book.entries()].map(([id, r]) => [id, [r.category, r.rule, r.gstr2bId ?? null]]),
    );
    expect(summary).toEqual({
      'b-exact': ['exact', 'exact', 'g-exact'],
      'b-exact-rounding': ['exact', 'exact', 'g-exact-rounding'],
      'b-case': ['exact', 'exact', 'g-case'],
      'b-separators': ['suggested', 'normalised-number', 'g-separators'],
      'b-date': ['suggested', 'normalised-number', 'g-date'],
      'b-fuzzy': ['suggested', 'fuzzy-number', 'g-fuzzy'],
      'b-mismatch': ['mismatch', 'same-invoice-different-values', 'g-mismatch'],
      'b-pan': ['pan', 'same-pan-different-gstin', 'g-pan'],
      'b-missing': ['missing-in-2b', 'unmatched', null],
      'b-credit': ['exact', 'exact', 'g-credit'],
      'b-debit-vs-credit': ['mismatch', 'same-invoice-different-values', 'g-credit-same-number'],
      'b-other-supplier': ['mismatch', 'same-invoice-different-values', 'g-other-supplier'],
    });
    const missingInBooks = results.filter((r) => r.category === 'missing-in-books').map((r) => r.gstr2bId);
    expect(missingInBooks.sort()).toEqual(['g-missing']);
  });

  it('names rounding differences on an exact match', () => {
    expect(book.get('b-exact-rounding')!.differences).toEqual([
      { field: 'taxableValue', books: '10000.50', gstr2b: '10000.00', withinTolerance: true },
      { field: 'igst', books: '1800.09', gstr2b: '1800.00', withinTolerance: true },
    ]);
    expect(book.get('b-exact-rounding')!.itcAtStake).toBe('0.00');
  });

  it('explains why a pair was suggested', () => {
    expect(book.get('b-separators')!.explanation).toEqual([
      'invoice numbers "INV/23-24/0004" and "INV-4" are equal once financial-year fragment, separators, leading zeros are ignored',
    ]);
    expect(book.get('b-date')!.explanation).toEqual(['dates differ by 15 day(s), within 30']);
    expect(book.get('b-fuzzy')!.explanation[0]).toMatch(
      /^invoice numbers "BILL-23-00040" and "BILL-23-00045" are close \(similarity 0\.88, at least 0\.8\)/,
    );
  });

  it('names each differing field of a mismatch with both values', () => {
    expect(book.get('b-mismatch')!.differences).toEqual([
      { field: 'date', books: '2026-10-05', gstr2b: '2026-10-06' },
      { field: 'taxableValue', books: '12000.00', gstr2b: '10000.00' },
      { field: 'igst', books: '2160.00', gstr2b: '1800.00' },
    ]);
    expect(book.get('b-mismatch')!.explanation).toEqual([
      'same supplier and invoice number; date, taxableValue, igst differ',
    ]);
    expect(book.get('b-mismatch')!.itcAtStake).toBe('360.00');
  });

  it('shows the two GSTINs of a PAN-level candidate', () => {
    expect(book.get('b-pan')!.differences).toEqual([
      { field: 'supplierGstin', books: A, gstr2b: A_OTHER_STATE },
    ]);
    expect(book.get('b-pan')!.itcAtStake).toBe('1800.00');
  });

  it('counts the credit at stake of missing documents', () => {
    expect(book.get('b-missing')!.itcAtStake).toBe('1800.00');
    expect(results.find((r) => r.gstr2bId === 'g-missing')!.itcAtStake).toBe('139.86');
  });

  it('takes its thresholds from configuration', () => {
    const strict: MatchConfig = {
      ...DEFAULT_MATCH_CONFIG,
      amountTolerance: '0',
      dateWindowDays: 3,
      minNumberSimilarity: 0.95,
    };
    const again = byBook(reconcile(books, portal, strict));
    expect(again.get('b-exact-rounding')!.category).toBe('mismatch');
    expect(again.get('b-date')!.category).toBe('mismatch');
    // Too far apart for a fuzzy suggestion; the residual pass still offers it by its amounts.
    expect([again.get('b-fuzzy')!.category, again.get('b-fuzzy')!.rule]).toEqual([
      'suggested',
      'amount-only',
    ]);
  });

  it('gives the same pairs whatever order the inputs come in', () => {
    const reversed = reconcile([...books].reverse(), [...portal].reverse(), DEFAULT_MATCH_CONFIG);
    const key = (r: MatchResult) => `${r.bookId ?? ''}>${r.gstr2bId ?? ''}:${r.category}`;
    expect(reversed.map(key).sort()).toEqual(results.map(key).sort());
  });
});

describe('invoice number normalisation', () => {
  it.each([
    ['INV/23-24/0004', 'INV4'],
    ['inv-2023-24-004', 'INV4'],
    ['FY24/001', '1'],
    ['S-0080', 'S80'],
    ['A 100', 'A100'],
    ['2023-0042', '202342'],
  ])('%s -> %s', (input, expected) => {
    expect(looseNumber(input)).toBe(expected);
  });

  it('measures closeness by edit distance', () => {
    expect(numberSimilarity('BILL2340', 'BILL2345')).toBeCloseTo(0.875);
    expect(numberSimilarity('ABC', 'XYZ', 1)).toBe(0);
  });
});

describe('paise', () => {
  it('reads decimal text exactly and rounds beyond two places half away from zero', () => {
    expect(toPaise('729248.16')).toBe(72924816);
    expect(toPaise('-0.5')).toBe(-50);
    expect(toPaise('900.045')).toBe(90005);
    expect(fromPaise(-1205)).toBe('-12.05');
  });
});

describe('close numbers never take a document whose own number is on the other side', () => {
  it('leaves the same-number pair to the mismatch rule instead of crossing invoices', () => {
    // The supplier dated invoice 055190 46 days before the books did; 055191, in 2B only, has the same
    // amounts and the books' date.
    const results = reconcile(
      [doc('b1', 'QKI/055190')],
      [doc('g1', 'QKI/055190', { date: '2026-08-20' }), doc('g2', 'QKI/055191')],
      DEFAULT_MATCH_CONFIG,
    );
    const summary = results.map((r) => [r.category, r.bookId ?? null, r.gstr2bId ?? null]);
    expect(summary).toEqual([
      ['mismatch', 'b1', 'g1'],
      ['missing-in-books', null, 'g2'],
    ]);
  });
});
