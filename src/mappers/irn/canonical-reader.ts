import { type IsoDate } from '../../domain/canonical-invoice';
import { isIsoDate, toNicDate } from '../../domain/dates';
import { Dec, type Decimal, isDecimalString, ZERO } from '../../domain/money';
import { type IrnFieldError, irnError } from './irn-field-error';

/** Most columns of most lines are zero ("0", "0.00"): no need to parse them. */
const ZERO_TEXT = /^0(?:\.0+)?$/;
const knownRates = new Map<string, Decimal>();
const MAX_KNOWN_RATES = 256;

/**
 * Reads the CanonicalInvoice's decimal strings and ISO dates for the mapper. A malformed value becomes
 * a field error (reported against the NIC field it feeds) and reads as zero or an empty date, so
 * mapping goes on and every bad field is reported at once.
 */
export class CanonicalReader {
  readonly errors: IrnFieldError[] = [];

  decimal(value: string, nicPath: string): Decimal {
    if (ZERO_TEXT.test(value)) return ZERO;
    if (isDecimalString(value, { allowNegative: true })) return new Dec(value);
    this.errors.push(irnError(nicPath, 'decimal.format', 'not a decimal number', value));
    return ZERO;
  }

  /** A tax rate: the same few rates recur on every line, so their parsed values are remembered. */
  rate(value: string, nicPath: string): Decimal {
    const known = knownRates.get(value);
    if (known !== undefined) return known;
    const errorsBefore = this.errors.length;
    const rate = this.decimal(value, nicPath);
    if (this.errors.length === errorsBefore && knownRates.size < MAX_KNOWN_RATES) knownRates.set(value, rate);
    return rate;
  }

  optionalDecimal(value: string | undefined, nicPath: string): Decimal | undefined {
    return value === undefined || value === '' ? undefined : this.decimal(value, nicPath);
  }

  date(value: IsoDate, nicPath: string): string {
    if (isIsoDate(value)) return toNicDate(value);
    this.errors.push(irnError(nicPath, 'date.format', 'not a date (YYYY-MM-DD)', value));
    return '';
  }

  optionalDate(value: IsoDate | undefined, nicPath: string): string | undefined {
    return value === undefined || value === '' ? undefined : this.date(value, nicPath);
  }
}
