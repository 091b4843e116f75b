/**
 * Amounts as whole paise (integers), so that the engine compares 100,000 documents without a decimal
 * object per amount while staying exact: the text is split at the point, never read as a float.
 * Amounts with more than two decimals are rounded half away from zero, as GSTN's schema rounds.
 */
import { Dec } from '../../domain';

const PLAIN = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/;

export function toPaise(text: string): number {
  const match = PLAIN.exec(text.trim());
  if (match) {
    const paise = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
    if (!Number.isSafeInteger(paise)) throw new RangeError(`amount out of range: ${text}`);
    return match[1] === '-' ? -paise : paise;
  }
  return new Dec(text.trim()).times(100).toDecimalPlaces(0).toNumber();
}

/** Decimal text of whole paise: 12345 -> "123.45". */
export function fromPaise(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
