import { PRINT_STYLE_HASH } from './print';

/**
 * Headers on every console response. The policy allows only same-origin scripts, styles and fetches,
 * so an injected string can neither run nor phone home; the page has no inline script or style. The
 * print view the console opens from a blob: URL inherits this policy: its one inline stylesheet is
 * allowed by its hash, and its QR code is a data: image.
 */
export const CONSOLE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${PRINT_STYLE_HASH}`,
  "img-src 'self' blob: data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const CONSOLE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONSOLE_CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};
