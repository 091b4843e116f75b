/**
 * The e-way bill system's time rules and code lists, as the reference notes state them (NOTES.md "E-way
 * bill rules" and the NIC error list): cancel within 24 hours of generation (728), extension only from
 * 8 hours before to 8 hours after the end of validity (382), no extension beyond 360 days from
 * generation (821), Part-B not after validity lapsed (311).
 */
import { istEndOfDayAfterMs } from './ewaybill-validity';

const HOUR_MS = 3600_000;
export const CANCEL_WINDOW_MS = 24 * HOUR_MS;
export const EXTENSION_WINDOW_MS = 8 * HOUR_MS;
export const MAX_EXTENDED_DAYS = 360;
export const MAX_DISTANCE_KM = 4000;
/** Same PIN code at both ends: at most 100 km (NOTES: "same-pin 1..100 km"). */
export const SAME_PIN_MAX_KM = 100;

/** VEHEWB reasonCode: 1 Due to Break Down, 2 Due to Transhipment, 3 Others, 4 First Time. */
export const PART_B_REASONS: ReadonlySet<string> = new Set(['1', '2', '3', '4']);
/** EXTENDVALIDITY extnRsnCode: 1 Natural Calamity, 2 Law and Order, 4 Transhipment, 5 Accident, 99 Others. */
export const EXTENSION_REASONS: ReadonlySet<string> = new Set(['1', '2', '4', '5', '99']);
/** CANEWB cancelRsnCode: 1 Duplicate, 2 Order Cancelled, 3 Data Entry Mistake, 4 Others. */
export const CANCEL_REASONS: ReadonlySet<string> = new Set(['1', '2', '3', '4']);
/** 1 Road, 2 Rail, 3 Air, 4 Ship. */
export const TRANS_MODES: ReadonlySet<string> = new Set(['1', '2', '3', '4']);
export const CANCEL_REMARK_MAX = 50;

export function withinCancelWindow(generatedAtMs: number, nowMs: number): boolean {
  return nowMs - generatedAtMs <= CANCEL_WINDOW_MS;
}

export function withinExtensionWindow(validUntilMs: number, nowMs: number): boolean {
  return nowMs >= validUntilMs - EXTENSION_WINDOW_MS && nowMs <= validUntilMs + EXTENSION_WINDOW_MS;
}

/** The latest validity an extension may reach: the end of the 360th day after generation. */
export function extensionLimitMs(generatedAtMs: number): number {
  return istEndOfDayAfterMs(generatedAtMs, MAX_EXTENDED_DAYS);
}

/** Indian registration numbers (KA12AB1234, DL1CAB1234) and temporary ones (TM...), 7-15 characters. */
export function isVehicleNumber(text: string): boolean {
  return /^([A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}|TM[A-Z0-9]{5,13}|[A-Z]{3}[0-9]{4})$/.test(text);
}

export function isGstin(text: string): boolean {
  return /^[0-9]{2}[0-9A-Z]{13}$/.test(text);
}
