import { Dec, type Decimal } from '../../domain/money';
import { plus } from './decimal-sums';

/**
 * Rounds a column of item amounts (say every item's CGST) so that the rounded items add up to the
 * rounded exact total, which is what the IRP checks ValDtls against.
 *
 * Rounding each item on its own drifts: three items of 33.3333 round to 33.33 each, 99.99 in all,
 * while the invoice says 100.00. Instead each item gets round(running exact sum) minus what earlier
 * items already received, so the residual of one item is carried into the next: 33.33, 33.34, 33.33.
 * No item moves by a full unit of the last place, and the column sums to round(exact total).
 * While every amount already has at most `places` decimals there is nothing to carry and amounts pass
 * through unchanged (the common case, kept cheap: the running sum is only taken when carrying starts).
 */
export class CarriedRounding {
  private passedThrough: Decimal[] = [];
  private carrying = false;
  private exactSoFar!: Decimal;
  private roundedSoFar!: Decimal;

  constructor(private readonly places: number) {}

  next(exact: Decimal): Decimal {
    if (!this.carrying) {
      if (exact.isZero()) return exact;
      if (exact.decimalPlaces() <= this.places) {
        this.passedThrough.push(exact);
        return exact;
      }
      this.carrying = true;
      this.exactSoFar = this.passedThrough.reduce(plus, new Dec(0));
      this.roundedSoFar = this.exactSoFar;
    }
    this.exactSoFar = this.exactSoFar.plus(exact);
    const roundedTotal = this.exactSoFar.toDecimalPlaces(this.places, Dec.ROUND_HALF_UP);
    const share = roundedTotal.minus(this.roundedSoFar);
    this.roundedSoFar = roundedTotal;
    return share;
  }
}
