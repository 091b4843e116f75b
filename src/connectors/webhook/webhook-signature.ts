/**
 * HMAC-SHA256 request signing shared by inbound webhooks and outbound callbacks:
 * `X-Webhook-Timestamp: <unix seconds>` and `X-Webhook-Signature: sha256=<hex of HMAC(secret, "<timestamp>.<raw body>")>`.
 * The timestamp is inside the MAC, so a captured request cannot be replayed outside the tolerance window.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PushVerification } from '../contract';

export const TIMESTAMP_HEADER = 'x-webhook-timestamp';
export const SIGNATURE_HEADER = 'x-webhook-signature';

export function signWebhook(secret: string, timestamp: number, body: Buffer | string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `sha256=${mac}`;
}

/** A signed request's verdict: the contract's push verification. */
export type SignatureCheck = PushVerification;

export function verifyWebhookSignature(input: {
  secret: string;
  timestampHeader: string | undefined;
  signatureHeader: string | undefined;
  rawBody: Buffer;
  nowSeconds: number;
  toleranceSeconds: number;
}): SignatureCheck {
  const { timestampHeader, signatureHeader } = input;
  if (!timestampHeader || !signatureHeader) {
    return {
      ok: false,
      reason: 'missing-headers',
      message: `both ${TIMESTAMP_HEADER} and ${SIGNATURE_HEADER} headers are required`,
    };
  }
  if (!/^\d{9,11}$/.test(timestampHeader)) {
    return { ok: false, reason: 'bad-timestamp', message: `${TIMESTAMP_HEADER} must be unix seconds` };
  }
  const skew = Math.abs(input.nowSeconds - Number(timestampHeader));
  if (skew > input.toleranceSeconds) {
    return {
      ok: false,
      reason: 'stale-timestamp',
      message: `timestamp is ${skew}s away from now (tolerance ${input.toleranceSeconds}s): possible replay`,
    };
  }
  const expected = Buffer.from(signWebhook(input.secret, Number(timestampHeader), input.rawBody));
  const given = Buffer.from(signatureHeader.trim());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    // The same answer for an unknown instance (see the webhook route): the sender checks both.
    return {
      ok: false,
      reason: 'bad-signature',
      message:
        'unknown instance or bad signature: check the instance name in the URL and that the signature is ' +
        'HMAC-SHA256 of "<timestamp>.<raw body>" with that instance\'s secret',
    };
  }
  return { ok: true };
}
