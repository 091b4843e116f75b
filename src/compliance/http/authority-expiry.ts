/**
 * An expiry the authority states as a time on its own clock (NIC's TokenExpiry, "yyyy-MM-dd HH:mm:ss"
 * IST) moved onto this host's clock through the same answer's Date header: what counts is how long the
 * token has left by the authority's reckoning. Read against the host's clock directly, a host an hour
 * ahead renews an hour early, and one an hour behind spends the token's last hour on calls the gateway
 * refuses. Without a readable Date header the stated time is read against the host's clock, as before.
 */
export function expiryOnLocalClock(
  stated: (authorityNowMs: number) => number,
  dateHeader: unknown,
  localNowMs: number,
): number {
  const authorityNowMs = typeof dateHeader === 'string' ? Date.parse(dateHeader) : Number.NaN;
  if (Number.isNaN(authorityNowMs)) return stated(localNowMs);
  return localNowMs + (stated(authorityNowMs) - authorityNowMs);
}
