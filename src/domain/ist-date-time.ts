/**
 * Date-times the Indian authorities give in IST, in any of the shapes their answers use: the IRP's
 * "2026-11-30 23:59:00", the e-way bill system's "30/11/2026 11:59:00 PM" (after Part-B, extension and
 * consolidation), and this connector's own ISO 8601 with the offset. The connector stores, shows and
 * writes back one of them: ISO 8601 in IST with its offset, "2026-11-30T23:59:00+05:30".
 */
const IST_OFFSET_MS = 330 * 60_000;

/** Epoch milliseconds of an IST date-time in any of the shapes above; undefined for anything else. */
export function parseIstDateTime(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.exec(
    value,
  );
  if (iso) {
    const [year, month, day, hour, minute, second] = iso.slice(1, 7).map(Number);
    const utc = Date.UTC(year, month - 1, day, hour, minute, second);
    const zone = iso[7];
    if (!zone) return utc - IST_OFFSET_MS;
    if (zone === 'Z') return utc;
    const sign = zone.startsWith('-') ? -1 : 1;
    const [zh, zm] = zone.slice(1).split(':').map(Number);
    return utc - sign * (zh * 60 + zm) * 60_000;
  }
  const nic = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})(?::(\d{2}))? ?([AP]M)?$/i.exec(value);
  if (nic) {
    const [day, month, year, clock, minute, second] = nic.slice(1, 7).map((part) => Number(part ?? 0));
    let hour = clock;
    if (nic[7]) {
      if (clock < 1 || clock > 12) return undefined;
      hour = (clock % 12) + (nic[7].toUpperCase() === 'PM' ? 12 : 0);
    } else if (clock > 23) {
      return undefined;
    }
    return Date.UTC(year, month - 1, day, hour, minute, second) - IST_OFFSET_MS;
  }
  return undefined;
}

/** "2026-11-30T23:59:00+05:30": the one shape the connector gives an IST date-time in. */
export function formatIstDateTime(epochMs: number): string {
  const ist = new Date(epochMs + IST_OFFSET_MS).toISOString().slice(0, 19);
  return `${ist}+05:30`;
}

/**
 * An authority's date-time in the connector's shape; a text that is none of the known shapes is kept
 * as it came (never lost), empty stays undefined.
 */
export function istDateTime(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const at = parseIstDateTime(text);
  return at === undefined ? text : formatIstDateTime(at);
}
