/** NIC states token expiry as "yyyy-MM-dd HH:mm:ss" in IST; as epoch milliseconds. */
export function parseIstDateTime(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number);
  return Date.UTC(y, mo - 1, d, h, mi, s) - 330 * 60_000;
}
