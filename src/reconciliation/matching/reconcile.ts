/**
 * The matching engine: purchases in the books against GSTR-2B documents of one GSTIN and period. Pure,
 * no I/O. Rules in order, each document matched at most once:
 *   1. exact      supplier GSTIN, kind, invoice number (case/spaces aside), date; amounts within tolerance
 *   2. suggested  numbers equal after normalisation (separators, leading zeros, FY fragments) or close
 *                 by edit distance; amounts within tolerance; dates within the window
 *   3. mismatch   same supplier, kind and (normalised) number; the differing fields named with both values
 *   3b. mismatch  same supplier and (normalised) number, another kind of document (invoice booked as a
 *                 debit note, a credit note as an invoice): documentType named
 *   4. pan        same PAN and kind and (normalised) number under another GSTIN of that PAN
 *   5. suggested  amount-only: numbers that do not agree, but one document of the supplier on each side
 *                 has these amounts within the date window (a residual pass; the operator confirms)
 *   6. missing-in-2b / missing-in-books for whatever is left.
 * A bill of entry is keyed by its BOE number (imports from abroad have no supplier GSTIN); its port code,
 * when both sides state one, is a term like the place of supply.
 * Amounts are compared as absolute values (a credit note may be negative in the books). Reverse charge and
 * place of supply (when both sides state it) are terms: a pair differing in them is a mismatch at best.
 */
import type { MatchConfig } from './match-config';
import type { FieldDifference, MatchResult, MatchRule } from './match-result';
import { looseNumber, normalisationSteps, numberSimilarity, strictNumber } from './invoice-number';
import { financialYearOf, markDuplicates } from './duplicates';
import { fromPaise, toPaise } from './paise';
import { AMOUNT_FIELDS, type RecoDocument } from './reco-document';

interface Prepared {
  doc: RecoDocument;
  /** Who the document is from, as keys read it: the supplier GSTIN; bills of entry all share one. */
  party: string;
  strict: string;
  /** Computed only for documents the exact rule left (most are matched by it). */
  looseCache?: string;
  /** |taxable|, |igst|, |cgst|, |sgst|, |cess| in paise. */
  amounts: number[];
  tax: number;
  /** The kind as matching keys read it: an ISD document pairs with an invoice or credit note in the books. */
  family: RecoDocument['kind'];
  /** ISD documents distribute tax only: their taxable value (often absent) is not compared. */
  firstAmount: number;
  day: number;
  used: boolean;
}

const DAY_MS = 86_400_000;

function dayNumber(iso: string): number {
  const ms = Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Number.isNaN(ms) ? Number.NaN : ms / DAY_MS;
}

function prepare(doc: RecoDocument): Prepared {
  const amounts = AMOUNT_FIELDS.map((field) => Math.abs(toPaise(doc[field] || '0')));
  return {
    doc,
    party: doc.kind === 'BOE' ? 'bill of entry' : doc.supplierGstin,
    strict: strictNumber(doc.number),
    amounts,
    tax: amounts[1] + amounts[2] + amounts[3] + amounts[4],
    family: matchingFamily(doc.kind),
    firstAmount: isIsd(doc.kind) ? 1 : 0,
    day: dayNumber(doc.date),
    used: false,
  };
}

function loose(item: Prepared): string {
  return (item.looseCache ??= looseNumber(item.doc.number));
}

function panOf(gstin: string): string {
  return gstin.length === 15 ? gstin.slice(2, 12) : '';
}

function groupBy(items: readonly Prepared[], key: (item: Prepared) => string): Map<string, Prepared[]> {
  const groups = new Map<string, Prepared[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * The books have no ISD document type (the purchase register carries INV, CRN, DBN): an ISD invoice is
 * booked as an invoice of the ISD's GSTIN, an ISD credit note as a credit note. The ISD's own GSTIN keeps
 * its documents apart from a regular supplier's.
 */
function matchingFamily(kind: RecoDocument['kind']): RecoDocument['kind'] {
  return kind === 'ISDI' ? 'INV' : kind === 'ISDC' ? 'CRN' : kind;
}

function isIsd(kind: RecoDocument['kind']): boolean {
  return kind === 'ISDI' || kind === 'ISDC';
}

function amountsWithin(a: Prepared, b: Prepared, tolerance: number): boolean {
  for (let i = Math.max(a.firstAmount, b.firstAmount); i < 5; i++)
    if (Math.abs(a.amounts[i] - b.amounts[i]) > tolerance) return false;
  return true;
}

function amountDifferences(book: Prepared, gstr2b: Prepared, tolerance: number): FieldDifference[] {
  const differences: FieldDifference[] = [];
  const first = Math.max(book.firstAmount, gstr2b.firstAmount);
  AMOUNT_FIELDS.forEach((field, i) => {
    if (i < first || book.amounts[i] === gstr2b.amounts[i]) return;
    const difference: FieldDifference = {
      field,
      books: fromPaise(book.amounts[i]),
      gstr2b: fromPaise(gstr2b.amounts[i]),
    };
    if (Math.abs(book.amounts[i] - gstr2b.amounts[i]) <= tolerance) difference.withinTolerance = true;
    differences.push(difference);
  });
  return differences;
}

/** Reverse charge read as the books and 2B state it (undefined: forward charge). */
const chargeOf = (item: Prepared): string => (item.doc.reverseCharge === true ? 'reverse' : 'forward');

/** "29" of "29", "29-Karnataka" or " 29 "; undefined when not stated. */
function stateOf(item: Prepared): string | undefined {
  const code = item.doc.placeOfSupply?.trim().slice(0, 2);
  return code ? code : undefined;
}

/** Places of supply differ only when both sides state one (a register may not carry it). */
function placesDiffer(a: Prepared, b: Prepared): boolean {
  const here = stateOf(a);
  const there = stateOf(b);
  return here !== undefined && there !== undefined && here !== there;
}

/**
 * The terms a pair must share beyond number and amounts to be more than a mismatch: who pays the tax and
 * where the supply is taxed (which decides IGST against CGST+SGST, and whether the credit is available).
 */
function sameTerms(a: Prepared, b: Prepared): boolean {
  return chargeOf(a) === chargeOf(b) && !placesDiffer(a, b) && !portsDiffer(a, b);
}

/** A bill of entry's customs port, compared when both sides state it (a register may not carry it). */
function portsDiffer(a: Prepared, b: Prepared): boolean {
  const here = a.doc.portCode?.trim().toUpperCase();
  const there = b.doc.portCode?.trim().toUpperCase();
  return Boolean(here) && Boolean(there) && here !== there;
}

function pairDifferences(book: Prepared, gstr2b: Prepared, tolerance: number): FieldDifference[] {
  const differences: FieldDifference[] = [];
  if (chargeOf(book) !== chargeOf(gstr2b)) {
    differences.push({ field: 'reverseCharge', books: chargeOf(book), gstr2b: chargeOf(gstr2b) });
  }
  if (placesDiffer(book, gstr2b)) {
    differences.push({ field: 'placeOfSupply', books: stateOf(book)!, gstr2b: stateOf(gstr2b)! });
  }
  if (portsDiffer(book, gstr2b)) {
    differences.push({ field: 'portCode', books: book.doc.portCode!, gstr2b: gstr2b.doc.portCode! });
  }
  if (book.doc.kind !== gstr2b.doc.kind && book.family !== gstr2b.family) {
    differences.push({ field: 'documentType', books: book.doc.kind, gstr2b: gstr2b.doc.kind });
  }
  // A bill of entry of a supplier abroad names no GSTIN in the books; 2B's impg has none either.
  const gstinsStated =
    book.doc.kind !== 'BOE' || (book.doc.supplierGstin !== '' && gstr2b.doc.supplierGstin !== '');
  if (gstinsStated && book.doc.supplierGstin !== gstr2b.doc.supplierGstin) {
    differences.push({
      field: 'supplierGstin',
      books: book.doc.supplierGstin,
      gstr2b: gstr2b.doc.supplierGstin,
    });
  }
  if (book.doc.number !== gstr2b.doc.number) {
    differences.push({ field: 'number', books: book.doc.number, gstr2b: gstr2b.doc.number });
  }
  if (book.doc.date !== gstr2b.doc.date) {
    differences.push({ field: 'date', books: book.doc.date, gstr2b: gstr2b.doc.date });
  }
  return [...differences, ...amountDifferences(book, gstr2b, tolerance)];
}

function roundingNote(differences: readonly FieldDifference[], toleranceText: string): string[] {
  const rounded = differences.filter((d) => d.withinTolerance).map((d) => d.field);
  return rounded.length > 0
    ? [`${rounded.join(', ')} differ by no more than Rs ${toleranceText} (rounding)`]
    : [];
}

export function reconcile(
  books: readonly RecoDocument[],
  gstr2b: readonly RecoDocument[],
  config: MatchConfig,
): MatchResult[] {
  const tolerance = Math.abs(toPaise(config.amountTolerance));
  const bookItems = books.map(prepare);
  const portalItems = gstr2b.map(prepare);
  // A stable order, so the greedy rules give the same pairs however the inputs were listed.
  bookItems.sort((a, b) => compare(a, b));
  const results: MatchResult[] = [];

  const pair = (
    book: Prepared,
    portal: Prepared,
    category: MatchResult['category'],
    rule: MatchRule,
    explanation: string[],
    atStake?: number,
  ): void => {
    book.used = true;
    portal.used = true;
    const differences = pairDifferences(book, portal, tolerance);
    const itcAtStake =
      atStake ??
      (category === 'exact' ? 0 : category === 'mismatch' ? Math.abs(book.tax - portal.tax) : book.tax);
    results.push({
      category,
      rule,
      bookId: book.doc.id,
      gstr2bId: portal.doc.id,
      supplierGstin: portal.doc.supplierGstin,
      differences,
      explanation: [
        ...explanation,
        ...(isIsd(portal.doc.kind)
          ? [
              `2B's ${kindName(portal.doc.kind)} paired with the ${kindName(book.doc.kind)} the books hold from the ISD; tax heads compared, not taxable value`,
            ]
          : []),
        ...(category === 'mismatch' ? [] : roundingNote(differences, config.amountTolerance)),
      ],
      itcAtStake: fromPaise(itcAtStake),
    });
  };

  // 1. exact
  const byStrict = groupBy(portalItems, (p) => `${p.party}|${p.family}|${p.strict}`);
  for (const book of bookItems) {
    const candidates = byStrict.get(`${book.party}|${book.family}|${book.strict}`);
    const match = candidates?.find(
      (p) => !p.used && p.day === book.day && sameTerms(book, p) && amountsWithin(book, p, tolerance),
    );
    if (match) {
      pair(book, match, 'exact', 'exact', [
        `same supplier GSTIN, ${kindName(book.doc.kind)} number and date; every amount within Rs ${config.amountTolerance}`,
      ]);
    }
  }

  // 2. suggested: normalised number
  const byLoose = groupBy(
    portalItems.filter((p) => !p.used),
    (p) => `${p.party}|${p.family}|${loose(p)}`,
  );
  const withinWindow = (a: Prepared, b: Prepared): boolean =>
    Math.abs(a.day - b.day) <= config.dateWindowDays;
  for (const book of bookItems) {
    if (book.used) continue;
    const candidates = byLoose.get(`${book.party}|${book.family}|${loose(book)}`);
    const match = candidates?.find(
      (p) => !p.used && withinWindow(book, p) && sameTerms(book, p) && amountsWithin(book, p, tolerance),
    );
    if (!match) continue;
    const explanation: string[] = [];
    if (book.strict !== match.strict) {
      explanation.push(
        `invoice numbers "${book.doc.number}" and "${match.doc.number}" are equal once ${normalisationSteps(book.doc.number, match.doc.number).join(', ')} are ignored`,
      );
    }
    if (book.day !== match.day) {
      explanation.push(
        `dates differ by ${Math.abs(book.day - match.day)} day(s), within ${config.dateWindowDays}`,
      );
    }
    pair(book, match, 'suggested', 'normalised-number', explanation);
  }

  // 2b. suggested: close numbers, scanning only the same supplier's documents within the amount tolerance.
  // A document whose own number is on the other side (left for the mismatch rule: its date or amounts
  // differ) is never paired by a close number: the same-number pair is the likelier one (a fuzzy pair
  // by amount alone crossed such invoices in india-compliance's tool, its PR #4433).
  const sameNumberKey = (item: Prepared): string => `${item.party}|${item.family}|${loose(item)}`;
  const bookNumbersLeft = new Set(bookItems.filter((b) => !b.used).map(sameNumberKey));
  const hasSameNumber = (item: Prepared, others: Map<string, Prepared[]> | Set<string>): boolean =>
    others instanceof Set
      ? others.has(sameNumberKey(item))
      : (others.get(sameNumberKey(item)) ?? []).some((other) => !other.used);
  const bySupplier = groupBy(
    portalItems.filter((p) => !p.used && !hasSameNumber(p, bookNumbersLeft)),
    (p) => `${p.party}|${p.family}`,
  );
  for (const group of bySupplier.values()) group.sort((a, b) => a.amounts[0] - b.amounts[0]);
  const maxDistance = (length: number): number => Math.floor(length * (1 - config.minNumberSimilarity));
  for (const book of bookItems) {
    if (book.used || loose(book).length < config.minFuzzyLength || hasSameNumber(book, byLoose)) continue;
    const group = bySupplier.get(`${book.party}|${book.family}`);
    if (!group) continue;
    let best: Prepared | undefined;
    let bestSimilarity = 0;
    for (let i = lowerBound(group, book.amounts[0] - tolerance); i < group.length; i++) {
      const candidate = group[i];
      if (candidate.amounts[0] > book.amounts[0] + tolerance) break;
      if (candidate.used || loose(candidate).length < config.minFuzzyLength) continue;
      if (!withinWindow(book, candidate) || !sameTerms(book, candidate)) continue;
      if (!amountsWithin(book, candidate, tolerance)) continue;
      const longer = Math.max(loose(book).length, loose(candidate).length);
      const similarity = numberSimilarity(loose(book), loose(candidate), maxDistance(longer));
      if (similarity >= config.minNumberSimilarity && similarity > bestSimilarity) {
        best = candidate;
        bestSimilarity = similarity;
      }
    }
    if (!best) continue;
    const explanation = [
      `invoice numbers "${book.doc.number}" and "${best.doc.number}" are close (similarity ${bestSimilarity.toFixed(2)}, at least ${config.minNumberSimilarity}) and every amount is within Rs ${config.amountTolerance}`,
    ];
    if (book.day !== best.day) {
      explanation.push(
        `dates differ by ${Math.abs(book.day - best.day)} day(s), within ${config.dateWindowDays}`,
      );
    }
    pair(book, best, 'suggested', 'fuzzy-number', explanation);
  }

  // 3. mismatch: same supplier and invoice, values differ
  for (const book of bookItems) {
    if (book.used) continue;
    const candidates = byLoose.get(`${book.party}|${book.family}|${loose(book)}`);
    // A bill number reused in another financial year is another bill, not a mismatch of this one.
    const match = candidates?.find(
      (p) => !p.used && financialYearOf(p.doc.date) === financialYearOf(book.doc.date),
    );
    if (!match) continue;
    const fields = pairDifferences(book, match, tolerance)
      .filter((d) => !d.withinTolerance && d.field !== 'number')
      .map((d) => d.field);
    const chargeNote =
      chargeOf(book) === chargeOf(match)
        ? []
        : [
            `2B says the tax is ${chargeOf(match)} charge, the books book it as ${chargeOf(book)} charge: who pays the tax differs, so the credit claimed differs`,
          ];
    pair(book, match, 'mismatch', 'same-invoice-different-values', [
      `same supplier and ${kindName(book.doc.kind)} number; ${fields.join(', ')} differ`,
      ...chargeNote,
    ]);
  }

  // 3b. mismatch of document type: the same number under another kind (an invoice booked as a debit note,
  // a credit note as an invoice). Only INV, CRN and DBN trade places; ISD documents and bills of entry not.
  const TRADED_KINDS: readonly RecoDocument['kind'][] = ['INV', 'CRN', 'DBN'];
  const byLooseAnyKind = groupBy(
    portalItems.filter((p) => !p.used && TRADED_KINDS.includes(p.doc.kind)),
    (p) => `${p.party}|${loose(p)}`,
  );
  for (const book of bookItems) {
    if (book.used || !TRADED_KINDS.includes(book.doc.kind)) continue;
    const match = byLooseAnyKind
      .get(`${book.party}|${loose(book)}`)
      ?.find(
        (p) =>
          !p.used &&
          p.doc.kind !== book.doc.kind &&
          financialYearOf(p.doc.date) === financialYearOf(book.doc.date),
      );
    if (!match) continue;
    const fields = pairDifferences(book, match, tolerance)
      .filter((d) => !d.withinTolerance && d.field !== 'number')
      .map((d) => d.field);
    pair(
      book,
      match,
      'mismatch',
      'same-invoice-different-values',
      [
        `same supplier and number, but the books hold a ${kindName(book.doc.kind)} and 2B a ${kindName(match.doc.kind)}; ${fields.join(', ')} differ`,
      ],
      // A credit note on one side only turns the credit around: the whole of both is at stake.
      book.doc.kind === 'CRN' || match.doc.kind === 'CRN' ? book.tax + match.tax : undefined,
    );
  }

  // 4. PAN-level: the supplier's other GSTIN
  const byPan = groupBy(
    portalItems.filter((p) => !p.used),
    (p) => `${panOf(p.doc.supplierGstin)}|${p.family}|${loose(p)}`,
  );
  for (const book of bookItems) {
    const pan = panOf(book.doc.supplierGstin);
    if (book.used || pan === '') continue;
    const candidates = byPan.get(`${pan}|${book.family}|${loose(book)}`);
    const match = candidates?.find((p) => !p.used && p.doc.supplierGstin !== book.doc.supplierGstin);
    if (!match) continue;
    pair(book, match, 'pan', 'same-pan-different-gstin', [
      `supplier PAN ${pan} and the ${kindName(book.doc.kind)} number agree, but the books name GSTIN ${book.doc.supplierGstin} and 2B ${match.doc.supplierGstin}`,
    ]);
  }

  // 5. suggested, amount-only: a residual pass over what no number rule paired. A pair is offered only when
  // it is the only candidate both ways (one document of this supplier and kind on each side with these
  // amounts, within the date window); zero-value documents are never paired by amounts.
  const residualPortal = groupBy(
    portalItems.filter((p) => !p.used && p.amounts.some((a) => a > 0)),
    (p) => `${p.party}|${p.family}`,
  );
  const candidatesOf = (book: Prepared): Prepared[] =>
    (residualPortal.get(`${book.party}|${book.family}`) ?? []).filter(
      (p) => !p.used && withinWindow(book, p) && sameTerms(book, p) && amountsWithin(book, p, tolerance),
    );
  const residualBooks = bookItems.filter((b) => !b.used && b.amounts.some((a) => a > 0));
  const chosenBy = new Map<Prepared, number>();
  const choice = new Map<Prepared, Prepared>();
  for (const book of residualBooks) {
    const candidates = candidatesOf(book);
    if (candidates.length !== 1) continue;
    choice.set(book, candidates[0]);
    chosenBy.set(candidates[0], (chosenBy.get(candidates[0]) ?? 0) + 1);
  }
  for (const [book, portal] of choice) {
    if (chosenBy.get(portal) !== 1 || portal.used) continue;
    const days = Math.abs(book.day - portal.day);
    pair(book, portal, 'suggested', 'amount-only', [
      `numbers "${book.doc.number}" and "${portal.doc.number}" do not agree, but supplier, ${kindName(book.doc.kind)} and every amount (within Rs ${config.amountTolerance}) do, ${days === 0 ? 'on the same date' : `${days} day(s) apart, within ${config.dateWindowDays}`}, and no other document of this supplier on either side has these amounts: confirm it is the same bill`,
    ]);
  }

  // 6. whatever is left
  for (const book of bookItems) {
    if (book.used) continue;
    results.push({
      category: 'missing-in-2b',
      rule: 'unmatched',
      bookId: book.doc.id,
      supplierGstin: book.doc.supplierGstin,
      differences: [],
      explanation: [`no ${kindName(book.doc.kind)} of this supplier in GSTR-2B matches by number or values`],
      itcAtStake: fromPaise(book.tax),
    });
  }
  for (const portal of portalItems) {
    if (portal.used) continue;
    results.push({
      category: 'missing-in-books',
      rule: 'unmatched',
      gstr2bId: portal.doc.id,
      supplierGstin: portal.doc.supplierGstin,
      differences: [],
      explanation: [`no purchase in the books matches this ${kindName(portal.doc.kind)} by number or values`],
      itcAtStake: fromPaise(portal.tax),
    });
  }
  // 7. duplicates (one bill twice in one financial year, on either side): their own category, every row kept
  const taxOf = (doc: RecoDocument): string => fromPaise(prepare(doc).tax);
  return markDuplicates(results, books, gstr2b, taxOf);
}

function compare(a: Prepared, b: Prepared): number {
  if (a.party !== b.party) return a.party < b.party ? -1 : 1;
  if (a.strict !== b.strict) return a.strict < b.strict ? -1 : 1;
  return a.doc.id < b.doc.id ? -1 : a.doc.id > b.doc.id ? 1 : 0;
}

function lowerBound(sorted: readonly Prepared[], taxable: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid].amounts[0] < taxable) low = mid + 1;
    else high = mid;
  }
  return low;
}

function kindName(kind: RecoDocument['kind']): string {
  switch (kind) {
    case 'CRN':
      return 'credit note';
    case 'DBN':
      return 'debit note';
    case 'BOE':
      return 'bill of entry';
    case 'ISDI':
    case 'ISDC':
      return 'ISD document';
    default:
      return 'invoice';
  }
}

/** An operator's manual link: the pair compared field by field, exact when nothing differs beyond tolerance. */
export function comparePair(book: RecoDocument, gstr2b: RecoDocument, config: MatchConfig): MatchResult {
  const tolerance = Math.abs(toPaise(config.amountTolerance));
  const a = prepare(book);
  const b = prepare(gstr2b);
  const differences = pairDifferences(a, b, tolerance);
  const exact = differences.every((d) => d.withinTolerance);
  return {
    category: exact ? 'exact' : 'mismatch',
    rule: 'manual-link',
    bookId: book.id,
    gstr2bId: gstr2b.id,
    supplierGstin: gstr2b.supplierGstin || book.supplierGstin,
    differences,
    explanation: ['linked by an operator'],
    itcAtStake: fromPaise(exact ? 0 : Math.abs(a.tax - b.tax)),
  };
}
