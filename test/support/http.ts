import { signWebhook } from '../../src/connectors/webhook/webhook-signature';

/** Reads a JSON response body as a loosely typed value: tests assert on its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function json(response: Response): Promise<Json> {
  return response.json();
}

/** POSTs `body` to a webhook connector instance, signed with `secret` as an ERP would sign it. */
export function postSignedWebhook(
  baseUrl: string,
  instance: string,
  secret: string,
  body: string,
  options: { timestamp?: number; headers?: Record<string, string>; route?: 'invoices' | 'purchases' } = {},
): Promise<Response> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return fetch(`${baseUrl}/webhooks/${instance}/${options.route ?? 'invoices'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': String(timestamp),
      'x-webhook-signature': signWebhook(secret, timestamp, body),
      ...options.headers,
    },
    body,
  });
}
