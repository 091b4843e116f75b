/**
 * E-way bill validity (Rule 138(10)): one day per 200 km or part of it, one day per 20 km for
 * over-dimensional cargo (VehType "O"). Each day ends at midnight, so the bill runs to the end of the
 * IST day that many days after generation; NIC writes that instant as "23:59:00".
 */
import { istEndOfDayAfter } from './ist-time';

const KM_PER_DAY = 200;
const ODC_KM_PER_DAY = 20;

export function ewayBillValidityDays(distanceKm: number, overDimensional: boolean): number {
  return Math.max(1, Math.ceil(distanceKm / (overDimensional ? ODC_KM_PER_DAY : KM_PER_DAY)));
}

/** "yyyy-MM-dd 23:59:00" IST of the last valid day. */
export function ewayBillValidTill(generatedAt: Date, distanceKm: number, overDimensional: boolean): string {
  return istEndOfDayAfter(generatedAt, ewayBillValidityDays(distanceKm, overDimensional));
}
