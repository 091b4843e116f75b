/**
 * E-way bill validity (Rule 138(10), as amended from 1 January 2021): one day per 200 km or part of it,
 * one day per 20 km or part for over-dimensional cargo (vehicleType "O"). The first day ends at midnight
 * of the day after Part-B is entered, so the bill runs to the end of the IST day that many days later;
 * NIC states that instant as 23:59 ("06/10/2022 11:59:00 PM" for 10 km entered 05/10/2022 12:39 PM).
 */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 3600_000;
const KM_PER_DAY = 200;
const ODC_KM_PER_DAY = 20;

export function ewayBillValidityDays(distanceKm: number, overDimensional: boolean): number {
  return Math.max(1, Math.ceil(distanceKm / (overDimensional ? ODC_KM_PER_DAY : KM_PER_DAY)));
}

/** 23:59:00 IST of the IST calendar day `days` after the one holding `fromMs`. */
export function istEndOfDayAfterMs(fromMs: number, days: number): number {
  const istDayStart = Math.floor((fromMs + IST_OFFSET_MS) / DAY_MS) * DAY_MS;
  return istDayStart + (days + 1) * DAY_MS - 60_000 - IST_OFFSET_MS;
}

/** When a bill whose Part-B was entered at `partBAtMs` for `distanceKm` stops being valid. */
export function ewayBillValidUntilMs(
  partBAtMs: number,
  distanceKm: number,
  overDimensional: boolean,
): number {
  return istEndOfDayAfterMs(partBAtMs, ewayBillValidityDays(distanceKm, overDimensional));
}
