import { Dec, type Decimal, ZERO } from '../../domain/money';

/**
 * Rounds a column of item amounts (say every item's CGST) so that the rounded items add up to the
 * rounded exact total, which is what the IRP checks ValDtls against.
 *
 * Rounding each item on its own drifts: three items of 33.3333 round to 33.33 each, 99.99 in all,
 * while the invoice says 100.00. Instead each item gets round(running exact sum) minus what earlier
 * items already received, so the residual of one item is carried into the next: 33.33, 33.34, 33.33.
 * No item moves by a full unit of the last place, and the column sums to round(exact total).
 * Amounts already at the target scale pass through unchanged while nothing is being carried.
 */
export class CarriedRounding {
  private exactSoFar: Decimal = ZERO;
  private roundedSoFar: Decimal = ZERO;
  private carrying = false;

  constructor(private readonly places: number) {}

  next(exact: Decimal): Decimal {
    if (!this.carrying && exact.decimalPlaces() <= this.places) {
      this.exactSoFar = this.exactSoFar.plus(exact);
      this.roundedSoFar = this.exactSoFar;
      return exact;
    }
    this.carrying = true;
    this.exactSoFar = this.exactSoFar.plus(exact);
    const roundedTotal = this.exactSoFar.toDecimalPlaces(this.places, Dec.ROUND_HALF_UP);
    const share = roundedTotal.minus(this.roundedSoFar);
    this.roundedSoFar = roundedTotal;
    return share;
  }
}
