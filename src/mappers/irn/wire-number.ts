import { Dec, type Decimal } from '../../domain/money';

/** NIC's scales: 2 places for amounts, 3 for quantities, unit prices and rates. */
export const AMOUNT_PLACES = 2;
export const QUANTITY_PLACES = 3;
export const RATE_PLACES = 3;

/**
 * The JSON number NIC wants, from a decimal rounded half-up to `places`. The only decimal-to-float step
 * in the mapper: it happens last, on a value that already has its final digits.
 */
export function toWireNumber(value: Decimal, places: number): number {
  return Number(value.toFixed(places, Dec.ROUND_HALF_UP));
}

/** A wire number back to a decimal, for rules that check the payload (exact: no binary arithmetic). */
export function fromWireNumber(value: number | undefined): Decimal {
  return new Dec(value ?? 0);
}
