/**
 * Milliseconds for in-process waits (a 429's pause, a rate window, an open circuit, a health check's
 * age): the wall clock's reading at process start plus the monotonic time since, so a jump of the wall
 * clock (an hour back) does not turn an 8 s pause into an hour's, nor an hour forward end it at once.
 * Not for times stored or compared across processes: those are the database's now().
 */
export function monotonicNow(): number {
  return performance.timeOrigin + performance.now();
}
