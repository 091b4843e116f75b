/**
 * A job's delay as pg-boss's interval text ("N seconds"), which it adds to the database's now() when it
 * stores start_after. A start time computed by the service (a Date) would be compared with the database's
 * clock when the job is fetched: with the service's clock an hour ahead, a 2 s retry would wait an hour.
 */
export function startAfterOnDatabaseClock(seconds: number | undefined): string | undefined {
  return seconds !== undefined && seconds > 0 ? `${seconds} seconds` : undefined;
}
