/**
 * The IRP's answer to a registration as it is kept on the submission: verbatim, except that its two
 * signed copies (SignedInvoice, ~3 KB, and SignedQRCode, ~1 KB) are kept once, in the submission's
 * identifiers, and the answer names where. Stored twice they were a third of what every registration
 * wrote to PostgreSQL. The answer is a NIC envelope ({status_cd, data: {...}}) or, from catalog B, the
 * details themselves; both shapes are handled, anything else is kept as it is.
 */
const MOVED = {
  SignedInvoice: 'stored in identifiers.signedInvoice',
  SignedQRCode: 'stored in identifiers.signedQrCode',
} as const;

export function responseToStore(raw: unknown): unknown {
  if (!isObject(raw)) return raw;
  if (isObject(raw.data) && hasSignedCopies(raw.data)) return { ...raw, data: withoutSignedCopies(raw.data) };
  return hasSignedCopies(raw) ? withoutSignedCopies(raw) : raw;
}

function withoutSignedCopies(details: Record<string, unknown>): Record<string, unknown> {
  const stored = { ...details };
  for (const key of Object.keys(MOVED) as (keyof typeof MOVED)[]) {
    if (typeof stored[key] === 'string') stored[key] = MOVED[key];
  }
  return stored;
}

function hasSignedCopies(details: Record<string, unknown>): boolean {
  return typeof details.SignedInvoice === 'string' || typeof details.SignedQRCode === 'string';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
