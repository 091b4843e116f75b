/**
 * Exact decimal arithmetic for the voucher hot path: a value is an integer count of 10^-scale units held in
 * a double, exact while it stays a safe integer (|n| < 2^53): amounts, quantities, rates and their sums and
 * products on any real invoice. An operation whose exact result would leave that range, and every division,
 * is done by decimal.js instead (money.ts's `Dec`, 40 digits, half-up), and the value then carries that
 * Decimal. Results, signs (negative zero included), rounding and text are those of the Decimal operations
 * this replaced: the normaliser made tens of Decimals per line, and they were a third of its time.
 */
import { type Decimal, Dec } from '../money';

/** Largest scale held as an integer: every power of ten up to 10^22 is exact in a double. */
const MAX_SCALE = 15;
const POWERS = Array.from({ length: 23 }, (_, index) => 10 ** index);
const PLUS = 0x2b;
const MINUS = 0x2d;
const POINT = 0x2e;
const ZERO_CODE = 0x30;
const NINE_CODE = 0x39;

function isNegativeZero(value: number): boolean {
  return value === 0 && 1 / value < 0;
}

export class FixedPoint {
  static readonly ZERO = new FixedPoint(0, 0);
  static readonly ONE = new FixedPoint(1, 0);

  /** `units` × 10^-`scale`, or, when `big` is set, `big` (and units/scale are unused). */
  private constructor(
    private readonly units: number,
    private readonly scale: number,
    private readonly big?: Decimal,
  ) {}

  /** Plain decimal text (`-21300.00`, `.5`, `7.`); undefined for anything else (exponents included). */
  static parse(text: string): FixedPoint | undefined {
    // Read by hand: the pattern and its captures cost ten times this for the amounts a voucher is made of.
    const length = text.length;
    let at = 0;
    const first = text.charCodeAt(0);
    if (first === PLUS || first === MINUS) at = 1;
    let units = 0;
    let digits = 0;
    let scale = -1;
    for (; at < length; at += 1) {
      const code = text.charCodeAt(at);
      if (code >= ZERO_CODE && code <= NINE_CODE) {
        units = units * 10 + (code - ZERO_CODE);
        digits += 1;
        if (scale >= 0) scale += 1;
      } else if (code === POINT && scale < 0) {
        scale = 0;
      } else {
        return undefined;
      }
    }
    if (digits === 0) return undefined;
    if (scale > MAX_SCALE || digits > 15) return FixedPoint.of(new Dec(text));
    return new FixedPoint(first === MINUS ? -units : units, scale < 0 ? 0 : scale);
  }

  static of(value: Decimal | number | string): FixedPoint {
    const decimal = typeof value === 'object' ? value : new Dec(value);
    const places = decimal.decimalPlaces();
    if (places <= MAX_SCALE) {
      const units = decimal.times(POWERS[places]).toNumber();
      if (Number.isSafeInteger(units) || units === 0) {
        return new FixedPoint(decimal.isNegative() && units === 0 ? -0 : units, places);
      }
    }
    return new FixedPoint(0, 0, decimal);
  }

  private static integer(value: number): FixedPoint {
    return Number.isSafeInteger(value) ? new FixedPoint(value, 0) : FixedPoint.of(value);
  }

  toDecimal(): Decimal {
    if (this.big) return this.big;
    // A negative zero stays one: Decimal takes the sign of a zero number.
    return new Dec(this.units).dividedBy(POWERS[this.scale]);
  }

  isZero(): boolean {
    return this.big ? this.big.isZero() : this.units === 0;
  }

  /** True for negative values and for negative zero, like Decimal. */
  isNegative(): boolean {
    return this.big ? this.big.isNegative() : this.units < 0 || isNegativeZero(this.units);
  }

  negated(): FixedPoint {
    return this.big ? new FixedPoint(0, 0, this.big.negated()) : new FixedPoint(-this.units, this.scale);
  }

  abs(): FixedPoint {
    return this.isNegative() ? this.negated() : this;
  }

  plus(other: FixedPoint): FixedPoint {
    if (!this.big && !other.big) {
      const scale = Math.max(this.scale, other.scale);
      const left = this.unitsAt(scale);
      const right = other.unitsAt(scale);
      const units = left + right;
      if (Number.isSafeInteger(left) && Number.isSafeInteger(right) && Number.isSafeInteger(units))
        return new FixedPoint(units, scale);
    }
    return FixedPoint.of(this.toDecimal().plus(other.toDecimal()));
  }

  minus(other: FixedPoint): FixedPoint {
    return this.plus(other.negated());
  }

  times(other: FixedPoint | number): FixedPoint {
    const factor = typeof other === 'number' ? FixedPoint.integer(other) : other;
    if (!this.big && !factor.big && this.scale + factor.scale <= MAX_SCALE) {
      const units = this.units * factor.units;
      if (Number.isSafeInteger(units)) return new FixedPoint(units, this.scale + factor.scale);
    }
    return FixedPoint.of(this.toDecimal().times(factor.toDecimal()));
  }

  /**
   * Division as Decimal does it (40 significant digits, half-up). A divisor of the form 2^a·5^b (100, 200,
   * 0.5, ...) gives a quotient with few digits, computed exactly here: the same value Decimal finds.
   */
  dividedBy(other: FixedPoint | number): FixedPoint {
    const divisor = typeof other === 'number' ? FixedPoint.integer(other) : other;
    if (!this.big && !divisor.big && divisor.units !== 0) {
      const quotient = this.exactQuotient(divisor);
      if (quotient) return quotient;
    }
    return FixedPoint.of(this.toDecimal().dividedBy(divisor.toDecimal()));
  }

  /** this / divisor when the divisor's digits are 2^a·5^b: ×(10^m / 2^a·5^b), m = max(a, b), then scaled. */
  private exactQuotient(divisor: FixedPoint): FixedPoint | undefined {
    let rest = Math.abs(divisor.units);
    let twos = 0;
    let fives = 0;
    while (rest % 2 === 0) {
      rest /= 2;
      twos += 1;
    }
    while (rest % 5 === 0) {
      rest /= 5;
      fives += 1;
    }
    if (rest !== 1) return undefined;
    const shift = Math.max(twos, fives);
    const factor = 2 ** (shift - twos) * 5 ** (shift - fives) * Math.sign(divisor.units);
    let units = this.units * factor;
    let scale = this.scale + shift - divisor.scale;
    if (scale < 0) {
      units *= POWERS[-scale];
      scale = 0;
    }
    if (scale > MAX_SCALE || !Number.isSafeInteger(units)) return undefined;
    // The sign of a zero quotient is the sign rule's, as in Decimal: -0 / 5 = -0, 0 / -5 = -0.
    if (units === 0 && this.isNegative() !== divisor.units < 0) units = -0;
    return new FixedPoint(units, scale);
  }

  /** -1, 0 or 1. */
  compare(other: FixedPoint): number {
    if (!this.big && !other.big) {
      const scale = Math.max(this.scale, other.scale);
      const left = this.unitsAt(scale);
      const right = other.unitsAt(scale);
      if (Number.isSafeInteger(left) && Number.isSafeInteger(right)) return Math.sign(left - right) || 0;
    }
    return this.toDecimal().comparedTo(other.toDecimal());
  }

  greaterThan(other: FixedPoint | string): boolean {
    return this.compare(typeof other === 'string' ? FixedPoint.of(other) : other) > 0;
  }

  lessThan(other: FixedPoint | string): boolean {
    return this.compare(typeof other === 'string' ? FixedPoint.of(other) : other) < 0;
  }

  /** Digits after the point, trailing zeros not counted. */
  decimalPlaces(): number {
    if (this.big) return this.big.decimalPlaces();
    let places = this.scale;
    let units = this.units;
    while (places > 0 && units % 10 === 0) {
      units /= 10;
      places -= 1;
    }
    return places;
  }

  /** Rounded half-up (ties away from zero) to `places` decimals; the sign of a zero is kept, as Decimal does. */
  rounded(places: number): FixedPoint {
    if (this.big) return FixedPoint.of(this.big.toDecimalPlaces(places, Dec.ROUND_HALF_UP));
    if (this.scale <= places) return this;
    const divisor = POWERS[this.scale - places];
    const remainder = this.units % divisor;
    let units = (this.units - remainder) / divisor;
    if (Math.abs(remainder) * 2 >= divisor) units += this.units < 0 ? -1 : 1;
    if (units === 0 && this.isNegative()) units = -0;
    return new FixedPoint(units, places);
  }

  /** Text with exactly `places` decimals, rounded half-up, as Decimal's toFixed (so "-0.00" can occur). */
  toFixed(places: number): string {
    if (this.big) return this.big.toFixed(places, Dec.ROUND_HALF_UP);
    const units = this.scale === places ? this.units : this.rounded(places).unitsAt(places);
    if (!Number.isSafeInteger(units)) return this.toDecimal().toFixed(places, Dec.ROUND_HALF_UP);
    // Decimal writes the sign of a negative value that rounds to zero, never that of a negative zero.
    const sign = this.units < 0 ? '-' : '';
    const digits = String(units < 0 ? -units : units);
    if (places === 0) return sign + digits;
    if (digits.length > places) {
      const point = digits.length - places;
      return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
    }
    return `${sign}0.${'0'.repeat(places - digits.length)}${digits}`;
  }

  /** Decimal's toString: trailing zeros dropped, plain notation for the magnitudes it writes plainly. */
  toString(): string {
    if (this.big) return this.big.toString();
    const places = this.decimalPlaces();
    const magnitude = Math.abs(this.units) / POWERS[this.scale];
    if (this.units !== 0 && magnitude < 1e-6) return this.toDecimal().toString();
    const text = this.toFixed(places);
    return text === '-0' ? '0' : text;
  }

  /** The units at a scale at least this one's (may leave the safe range: callers check). */
  private unitsAt(scale: number): number {
    return scale === this.scale ? this.units : this.units * POWERS[scale - this.scale];
  }
}
