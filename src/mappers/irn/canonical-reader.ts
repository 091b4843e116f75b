import { type IsoDate, isIsoDate, toNicDate } from '../../domain';
import { type ExactArithmetic } from '../../domain/decimal';
import { type IrnFieldError, irnError } from './irn-field-error';

const MAX_KNOWN_RATES = 256;

/**
 * Reads the CanonicalInvoice's decimal strings and ISO dates for the mapper. A malformed value becomes
 * a field error (reported against the NIC field it feeds) and reads as zero or an empty date, so
 * mapping goes on and every bad field is reported at once. The NIC path of a field is given as a
 * prefix and a field name, joined only when there is something to report.
 */
export class CanonicalReader<V> {
  readonly errors: IrnFieldError[] = [];

  constructor(readonly arithmetic: ExactArithmetic<V>) {}

  decimal(value: string, nicPath: string, field?: string): V {
    const parsed = this.arithmetic.parse(value);
    if (parsed !== undefined) return parsed;
    this.errors.push(irnError(joined(nicPath, field), 'decimal.format', 'not a decimal number', value));
    return this.arithmetic.zero;
  }

  /** A tax rate: the same few rates recur on every line, so their parsed values are remembered. */
  rate(value: string, nicPath: string, field?: string): V {
    const knownRates = this.arithmetic.knownRates;
    const known = knownRates.get(value);
    if (known !== undefined) return known;
    const errorsBefore = this.errors.length;
    const rate = this.decimal(value, nicPath, field);
    if (this.errors.length === errorsBefore && knownRates.size < MAX_KNOWN_RATES) knownRates.set(value, rate);
    return rate;
  }

  optionalDecimal(value: string | undefined, nicPath: string, field?: string): V | undefined {
    return value === undefined || value === '' ? undefined : this.decimal(value, nicPath, field);
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

function joined(nicPath: string, field: string | undefined): string {
  return field === undefined ? nicPath : `${nicPath}.${field}`;
}
