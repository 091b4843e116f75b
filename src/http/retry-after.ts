/** The HTTP Retry-After header read as a delay: the one parser every HTTP client uses. */

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: unknown, now: number = Date.now()): number | undefined {
  if (typeof header === 'number') return Number.isFinite(header) ? Math.max(0, header * 1000) : undefined;
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
