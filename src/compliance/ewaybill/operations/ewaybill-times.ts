/**
 * The e-way bill system's time rules as the connector checks them before asking (so an operator hears
 * "outside the window" at once, with the same code the system would give): extension only from 8 hours
 * before to 8 hours after the end of validity (382), cancellation within 24 hours of generation (728).
 * Times come as the system states them, in IST: "dd/MM/yyyy hh:mm:ss AM" (e-way bill API) or
 * "yyyy-MM-dd HH:mm:ss" (the IRP's EwbDt / EwbValidTill for bills generated with an IRN).
 */
const IST_OFFSET_MS = 330 * 60_000;
const HOUR_MS = 3600_000;
export const EXTENSION_WINDOW_MS = 8 * HOUR_MS;
export const CANCEL_WINDOW_MS = 24 * HOUR_MS;

export function parseEwaybillTime(text: string | null | undefined): number | undefined {
  if (!text) return undefined;
  const nic = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})(?::(\d{2}))? ?([AP]M)$/i.exec(text.trim());
  if (nic) {
    const [day, month, year, hour12, minute, second] = nic.slice(1, 7).map((part) => Number(part ?? 0));
    if (hour12 < 1 || hour12 > 12) return undefined;
    const hour = (hour12 % 12) + (nic[7].toUpperCase() === 'PM' ? 12 : 0);
    return Date.UTC(year, month - 1, day, hour, minute, second) - IST_OFFSET_MS;
  }
  const irp = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (irp) {
    const [year, month, day, hour, minute, second] = irp.slice(1).map(Number);
    return Date.UTC(year, month - 1, day, hour, minute, second) - IST_OFFSET_MS;
  }
  return undefined;
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

/** "dd/MM/yyyy HH:mm IST", for operators' messages. */
export function istText(ms: number): string {
  const ist = new Date(ms + IST_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(ist.getUTCDate())}/${pad(ist.getUTCMonth() + 1)}/${ist.getUTCFullYear()} ${pad(ist.getUTCHours())}:${pad(ist.getUTCMinutes())} IST`;
}
