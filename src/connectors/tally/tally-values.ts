/**
 * Tally's value formats: amounts ("-21300.00", "(-)21300.00", forex "-$ 100.00 @ ₹ 85.00/$ = -₹ 8500.00"),
 * quantities with units (" 100 nos", "10 Box = 100 Nos"), rates with units ("213.00/nos",
 * "$ 200.0000 = ₹ 8500.00/Nos") (dates: tally-dates.ts). Each parser returns undefined for text it cannot read,
 * so the caller can report a field error with the path.
 */
import { FixedPoint } from '../../domain/decimal';

const NUMBER = /^[+-]?\d+(\.\d+)?$|^[+-]?\.\d+$/;

/** The local-currency part of a forex expression: what follows the last "=". */
function localPart(text: string): string {
  const equals = text.lastIndexOf('=');
  return equals >= 0 ? text.slice(equals + 1) : text;
}

function readNumber(text: string): FixedPoint | undefined {
  // Plain "-21300.00", as Tally writes nearly every amount: no clean-up needed.
  if (NUMBER.test(text)) return FixedPoint.parse(text);
  let cleaned = text.replace(/[₹$€£,\s]|Rs\.?|INR|USD|EUR|AED|SAR/gi, '');
  let negative = false;
  if (cleaned.startsWith('(-)')) {
    negative = true;
    cleaned = cleaned.slice(3);
  }
  if (!NUMBER.test(cleaned)) return undefined;
  const value = FixedPoint.parse(cleaned);
  if (!value) return undefined;
  return negative ? value.negated() : value;
}

/** Signed amount (negative = debit); undefined when empty or unreadable (see `isBlank`). */
export function parseTallyAmount(text: string): FixedPoint | undefined {
  return readNumber(localPart(text));
}

export function isBlank(text: string): boolean {
  return text.trim() === '';
}

export interface TallyQuantity {
  value: FixedPoint;
  /** Unit symbol as typed in Tally ("nos", "Kgs"); '' when none. */
  unit: string;
  /** The same quantity in the item's alternate unit: " 5000 UG =  5 MG" is 5000 UG, alternately 5 MG. */
  alternate?: { value: FixedPoint; unit: string };
}

const QUANTITY = /^\s*(\(-\)|-)?\s*(\d[\d,]*(?:\.\d+)?|\.\d+)\s*([^\d\s=][^=]*?)?\s*$/;

function quantitySide(text: string): { value: FixedPoint; unit: string } | undefined {
  const match = QUANTITY.exec(text);
  if (!match) return undefined;
  const [, sign, digits = '', unit = ''] = match;
  const value = FixedPoint.parse(digits.includes(',') ? digits.replace(/,/g, '') : digits);
  if (!value) return undefined;
  return { value: sign ? value.negated() : value, unit: unit.trim() };
}

/** " 100 nos" -> 100 nos; with alternate units (" 5000 UG =  5 MG") both sides, the main unit first. */
export function parseTallyQuantity(text: string): TallyQuantity | undefined {
  const equals = text.indexOf('=');
  if (equals < 0) return quantitySide(text);
  if (text.indexOf('=', equals + 1) >= 0) return undefined;
  const main = quantitySide(text.slice(0, equals));
  const alternate = main && quantitySide(text.slice(equals + 1));
  return main && alternate ? { ...main, alternate } : undefined;
}

/**
 * The side of a quantity that a rate is priced in: Tally prices a line per main or per alternate unit
 * ("213.00/MG" on " 5000 UG =  5 MG" is 5 MG x 213). A rate without a unit is per main unit; a rate in
 * a unit the quantity does not have is undefined.
 */
export function quantityInRateUnit(
  quantity: TallyQuantity,
  rateUnit: string,
): { value: FixedPoint; unit: string } | undefined {
  const wanted = rateUnit.trim().toLowerCase();
  if (wanted === '' || wanted === quantity.unit.toLowerCase()) return quantity;
  if (quantity.alternate && wanted === quantity.alternate.unit.toLowerCase()) return quantity.alternate;
  // A quantity typed without its unit: the rate's unit is the only one there is.
  if (quantity.unit === '' && !quantity.alternate) return { value: quantity.value, unit: rateUnit.trim() };
  return undefined;
}

export interface TallyRate {
  value: FixedPoint;
  /** Unit after the slash; '' when none. */
  unit: string;
}

/**
 * "213.00/nos" -> 213.00 per nos. A forex rate ("$ 200.0000 = ₹ 8500.00/Nos") is read by its local part,
 * after the "=": the rate the line's local amount was computed at.
 */
export function parseTallyRate(text: string): TallyRate | undefined {
  const local = localPart(text);
  const slash = local.indexOf('/');
  const numberText = slash >= 0 ? local.slice(0, slash) : local;
  const value = readNumber(numberText);
  if (!value) return undefined;
  return { value, unit: slash >= 0 ? local.slice(slash + 1).trim() : '' };
}

export { parseTallyDate, toTallyDate } from './tally-dates';

/** Empty, or Tally's "Not Applicable" (its `&#4;` marker stripped on read): no value given. */
export function isNoValue(text: string): boolean {
  return meaningful(text) === '';
}

const NO_VALUE_NAMES = /^(not applicable|primary|any|end of list)$/i;

/** Tally prints "Not Applicable" (after its stripped `&#4;` marker) for empty enumerations. */
export function meaningful(text: string): string {
  const trimmed = text.trim();
  // Those names start with a letter: a number, quantity or rate (most values read) skips the pattern.
  const first = trimmed.charCodeAt(0) | 0x20;
  return first >= 0x61 && first <= 0x7a && NO_VALUE_NAMES.test(trimmed) ? '' : trimmed;
}
