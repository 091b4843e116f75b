import { type Decimal } from '../../domain';
import { decimalArithmetic, type ExactArithmetic } from '../../domain/decimal';

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
export class CarriedRoundingColumn<V> {
  private passedThrough: V[] = [];
  private carrying = false;
  private exactSoFar!: V;
  private roundedSoFar!: V;

  constructor(
    private readonly places: number,
    private readonly arithmetic: ExactArithmetic<V>,
  ) {}

  next(exact: V): V {
    const arithmetic = this.arithmetic;
    if (!this.carrying) {
      if (arithmetic.isZero(exact)) return exact;
      if (arithmetic.hasAtMostPlaces(exact, this.places)) {
        this.passedThrough.push(exact);
        return exact;
      }
      this.carrying = true;
      this.exactSoFar = this.passedThrough.reduce(arithmetic.plus, arithmetic.zero);
      this.roundedSoFar = this.exactSoFar;
    }
    this.exactSoFar = arithmetic.plus(this.exactSoFar, exact);
    const roundedTotal = arithmetic.roundHalfUp(this.exactSoFar, this.places);
    const share = arithmetic.minus(roundedTotal, this.roundedSoFar);
    this.roundedSoFar = roundedTotal;
    return share;
  }
}

/** A CarriedRoundingColumn of decimal.js values. */
export class CarriedRounding extends CarriedRoundingColumn<Decimal> {
  constructor(places: number) {
    super(places, decimalArithmetic);
  }
}
