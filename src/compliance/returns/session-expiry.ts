/**
 * How long a return gateway authorization lasts: what the gateway's own answer says (`expiry`, minutes,
 * on the envelope or in its data), else the configured `sessionMinutes`, else the published access token
 * lifetime of 1 hour. Never longer than the gateway says.
 */
import type { GatewayEnvelope } from './gateway-envelope';

/** The reference's access token lifetime: 1 hour. */
export const DEFAULT_SESSION_MINUTES = 60;

/** The `expiry` the gateway answered, in minutes, when it gave a positive number. */
export function answeredExpiryMinutes(envelope: GatewayEnvelope | undefined): number | undefined {
  const candidates = [
    (envelope as Record<string, unknown> | undefined)?.expiry,
    (envelope?.data as Record<string, unknown> | undefined)?.expiry,
  ];
  for (const value of candidates) {
    const minutes = typeof value === 'string' ? Number(value) : value;
    if (typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0) return minutes;
  }
  return undefined;
}

export function sessionLifetimeMs(
  envelope: GatewayEnvelope | undefined,
  configuredMinutes: number | undefined,
): number {
  return (answeredExpiryMinutes(envelope) ?? configuredMinutes ?? DEFAULT_SESSION_MINUTES) * 60_000;
}
