import { type CanonicalInvoice, type InvoiceLine } from '../../domain';
import {
  sampleIndiaInvoice,
  sampleInterStateInvoice,
  pick,
  randomDecimalText,
  randomSource,
} from '../../domain/__fixtures__';
import { irnScenarios, lineFrom, type TaxTreatment, withLines } from './__fixtures__/irn-scenarios';
import { decimalArithmetic, OutsideFixedPoint, thousandthsArithmetic } from '../../domain/decimal';
import { buildNicEinvoiceV11, buildNicEinvoiceV11With } from './irn-v1.1.mapper';
import { validateNicEinvoiceV11, validateNicEinvoiceV11With } from './irn-v1.1.rules';
import { type NicEinvoiceV11, type NicItem, type NicValDtls } from './nic-einvoice-v1.1.types';

/**
 * The parity test. The mapper and its rules run on fixed-point thousandths (domain/decimal) and fall back
 * to decimal.js when a value does not fit. These specs prove the two engines give the same payload, errors
 * and warnings, on the scenarios and on many random and deliberately broken invoices and payloads.
 */
const TODAY = '2024-08-01';
const RATES = ['0', '0.1', '0.25', '3', '5', '12', '18', '28'];
const LINE_AMOUNTS: readonly (keyof InvoiceLine)[] = [
  'grossAmount',
  'discount',
  'taxableValue',
  'igstAmount',
  'cgstAmount',
  'sgstAmount',
  'cessAmount',
  'otherCharges',
  'totalAmount',
  'quantity',
  'unitPrice',
  'taxRate',
];
const ITEM_NUMBERS: readonly (keyof NicItem)[] = [
  'Qty',
  'UnitPrice',
  'TotAmt',
  'Discount',
  'AssAmt',
  'GstRt',
  'IgstAmt',
  'CgstAmt',
  'SgstAmt',
  'CesAmt',
  'OthChrg',
  'TotItemVal',
];
const VALUE_NUMBERS: readonly (keyof NicValDtls)[] = [
  'AssVal',
  'CgstVal',
  'SgstVal',
  'RndOffAmt',
  'TotInvVal',
];

/** Builds with both engines; the same result when fixed point holds every value, else it must throw. */
function expectSameBuild(invoice: CanonicalInvoice): 'fixed' | 'fallback' {
  const decimal = buildNicEinvoiceV11With(decimalArithmetic, invoice);
  expect(buildNicEinvoiceV11(invoice)).toEqual(decimal);
  try {
    expect(buildNicEinvoiceV11With(thousandthsArithmetic, invoice)).toEqual(decimal);
    return 'fixed';
  } catch (error) {
    expect(error).toBeInstanceOf(OutsideFixedPoint);
    return 'fallback';
  }
}

function expectSameValidation(payload: NicEinvoiceV11): 'fixed' | 'fallback' {
  const options = { today: TODAY };
  const decimal = validateNicEinvoiceV11With(decimalArithmetic, payload, options);
  expect(validateNicEinvoiceV11(payload, options)).toEqual(decimal);
  try {
    expect(validateNicEinvoiceV11With(thousandthsArithmetic, payload, options)).toEqual(decimal);
    return 'fixed';
  } catch (error) {
    expect(error).toBeInstanceOf(OutsideFixedPoint);
    return 'fallback';
  }
}

function randomInvoice(random: () => number, seed: number): CanonicalInvoice {
  const interState = random() < 0.5;
  const treatment: TaxTreatment = interState ? 'igst' : 'cgst+sgst';
  const lines = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, index) =>
    lineFrom(
      index + 1,
      {
        description: `Part ${index + 1}`,
        hsnCode: pick(random, ['94032090', '8471', '998314']),
        quantity: randomDecimalText(random, 3, 3).replace('-', ''),
        unitPrice: randomDecimalText(random, 5, 3).replace('-', ''),
        discount: random() < 0.3 ? randomDecimalText(random, 2, 2).replace('-', '') : '0',
        taxRate: pick(random, RATES),
        cessRate: random() < 0.2 ? pick(random, RATES) : undefined,
        otherCharges: random() < 0.2 ? randomDecimalText(random, 3, 2).replace('-', '') : undefined,
      },
      treatment,
    ),
  );
  const base = (interState ? sampleInterStateInvoice : sampleIndiaInvoice)({
    documentNumber: `KF/RAND/${seed}`,
  });
  return withLines(base, lines);
}

/** One amount of one line, or a total, replaced by odd text: many decimals, a sign, huge, malformed. */
function broken(random: () => number, invoice: CanonicalInvoice): CanonicalInvoice {
  const oddText = (): string =>
    pick(random, [
      () => randomDecimalText(random, 4, 3),
      () => randomDecimalText(random, 4, 6),
      () => randomDecimalText(random, 16, 2),
      () => pick(random, ['abc', '1e3', '.5', '', '-0', '0.000', '12.']),
    ])();
  const lines = invoice.lines.map((line) => ({ ...line }));
  if (random() < 0.8) {
    const line = pick(random, lines) as unknown as Record<string, string>;
    line[pick(random, LINE_AMOUNTS)] = oddText();
    return { ...invoice, lines };
  }
  const field = pick(random, ['roundOff', 'invoiceTotal'] as const);
  return { ...invoice, totals: { ...invoice.totals, [field]: oddText() } };
}

/** One number of the payload replaced: off by a little, negative, with more decimals, huge, NaN. */
function tampered(random: () => number, payload: NicEinvoiceV11): NicEinvoiceV11 {
  const copy = structuredClone(payload);
  const oddNumber = (value: number | undefined): number =>
    pick(random, [
      () => (value ?? 0) + pick(random, [0.01, -0.01, 0.5, 1, 1.01, -2]),
      () => -(value ?? 1),
      () => Number(randomDecimalText(random, 4, 4)),
      () => Number(randomDecimalText(random, 14, 2)),
      () => (value ?? 0) * 3.3333,
      () => Number.NaN,
    ])();
  if (random() < 0.7) {
    const item = pick(random, copy.ItemList) as unknown as Record<string, number | undefined>;
    const field = pick(random, ITEM_NUMBERS);
    item[field] = oddNumber(item[field]);
  } else {
    const values = copy.ValDtls as unknown as Record<string, number | undefined>;
    const field = pick(random, VALUE_NUMBERS);
    values[field] = oddNumber(values[field]);
  }
  return copy;
}

describe('fixed-point and decimal.js engines', () => {
  it('build and validate every scenario alike', () => {
    for (const { invoice } of irnScenarios()) {
      expectSameBuild(invoice);
      expectSameValidation(buildNicEinvoiceV11(invoice).payload);
    }
  });

  it('build and validate random invoices alike, almost all in fixed point', () => {
    const random = randomSource(7);
    const engines = { fixed: 0, fallback: 0 };
    for (let seed = 0; seed < 300; seed++) {
      const invoice = randomInvoice(random, seed);
      engines[expectSameBuild(invoice)]++;
      expect(expectSameValidation(buildNicEinvoiceV11(invoice).payload)).toBe('fixed');
    }
    expect(engines.fixed).toBe(300);
  });

  it('report broken canonical amounts alike, falling back where fixed point cannot hold them', () => {
    const random = randomSource(13);
    const engines = { fixed: 0, fallback: 0 };
    for (let seed = 0; seed < 400; seed++) {
      const invoice = broken(random, randomInvoice(random, seed));
      engines[expectSameBuild(invoice)]++;
      engines[expectSameValidation(buildNicEinvoiceV11(invoice).payload)]++;
    }
    expect(engines.fixed).toBeGreaterThan(200);
    expect(engines.fallback).toBeGreaterThan(50);
  });

  it('reject tampered payloads alike, with the same messages', () => {
    const random = randomSource(17);
    const engines = { fixed: 0, fallback: 0 };
    let rejected = 0;
    for (let seed = 0; seed < 400; seed++) {
      const payload = tampered(random, buildNicEinvoiceV11(randomInvoice(random, seed)).payload);
      engines[expectSameValidation(payload)]++;
      if (validateNicEinvoiceV11(payload, { today: TODAY }).errors.length > 0) rejected++;
    }
    expect(rejected).toBeGreaterThan(250);
    expect(engines.fixed).toBeGreaterThan(200);
    expect(engines.fallback).toBeGreaterThan(50);
  });
});
