/**
 * Today's date and the first day of its month as a business in `timeZone` counts them (YYYY-MM-DD): an
 * invoice dated "today" in Mumbai is dated so from 18:30 UTC the day before.
 */
export function businessDay(now: Date, timeZone: string): { today: string; monthStart: string } {
  // en-CA writes dates as YYYY-MM-DD.
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return { today, monthStart: `${today.slice(0, 8)}01` };
}
