/**
 * The e-way bill system's time rules as the connector checks them before asking (so an operator hears
 * "outside the window" at once, with the same code the system would give): extension only from 8 hours
 * before to 8 hours after the end of validity (382), cancellation within 24 hours of generation (728).
 * Times come as the system states them, in IST: "dd/MM/yyyy hh:mm:ss AM" (e-way bill API) or
 * "yyyy-MM-dd HH:mm:ss" (the IRP's EwbDt / EwbValidTill for bills generated with an IRN), and validity as
 * the connector stores it, ISO 8601 in IST ("2026-11-30T23:59:00+05:30").
 */
import { formatIstDateTime, parseIstDateTime } from '../../../domain';

const HOUR_MS = 3600_000;
export const EXTENSION_WINDOW_MS = 8 * HOUR_MS;
export const CANCEL_WINDOW_MS = 24 * HOUR_MS;

/** Epoch milliseconds of a time the system states (any of its IST shapes, or the connector's ISO one). */
export function parseEwaybillTime(text: string | null | undefined): number | undefined {
  return parseIstDateTime(text);
}

export type WindowCheck = { open: true } | { open: false; opensAtMs?: number; closedAtMs?: number };

export function extensionWindow(validUntilMs: number, nowMs: number): WindowCheck {
  if (nowMs < validUntilMs - EXTENSION_WINDOW_MS) {
    return { open: false, opensAtMs: validUntilMs - EXTENSION_WINDOW_MS };
  }
  if (nowMs > validUntilMs + EXTENSION_WINDOW_MS) {
    return { open: false, closedAtMs: validUntilMs + EXTENSION_WINDOW_MS };
  }
  return { open: true };
}

export function cancelWindow(generatedAtMs: number, nowMs: number): WindowCheck {
  return nowMs - generatedAtMs <= CANCEL_WINDOW_MS
    ? { open: true }
    : { open: false, closedAtMs: generatedAtMs + CANCEL_WINDOW_MS };
}

/** "2026-11-30T23:59:00+05:30", for operators' messages: the one shape times are shown in. */
export function istText(ms: number): string {
  return formatIstDateTime(ms);
}
