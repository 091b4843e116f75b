/**
 * Nothing of a request body is read, parsed or walked before its sender is trusted (issue 30: one 9.8 MB
 * JSON array without a key froze the process for seconds, eight of them for half a minute):
 * - a request that carries a body and no valid API key is answered 401 from its headers alone, and the
 *   connection closed, before any parser runs;
 * - the webhook intakes (invoices, purchases), which are signed instead (HMAC of the raw body), has its bytes read up to the
 *   route's limit but not parsed: the route verifies the signature first, then parses and checks the JSON
 *   (webhook-body.ts). The IRP's callbacks, signed by a header secret, take bodies of 1 MB at most.
 */
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { presentedApiKey } from './api-key.guard';
import type { ApiKeys } from './api-keys';

const SIGNED_WEBHOOK = /^\/webhooks\/(?!irp\/)[^/]+\/(invoices|purchases)\/?(\?|$)/;
const IRP_CALLBACK = /^\/webhooks\/irp\/[^/]+\/?(\?|$)/;

/** The webhook intake: its body is verified by HMAC in the route, so the JSON parser leaves it raw. */
export function takesSignedBody(request: IncomingMessage): boolean {
  return request.method === 'POST' && SIGNED_WEBHOOK.test(request.url ?? '');
}

/** Routes whose senders prove themselves otherwise than by an API key (a signature, a shared secret). */
function signedOtherwise(request: IncomingMessage): boolean {
  return takesSignedBody(request) || (request.method === 'POST' && IRP_CALLBACK.test(request.url ?? ''));
}

function carriesBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** Express middleware, before every body parser. */
export function admitBodies(
  keys: ApiKeys,
): (request: Request, response: Response, next: NextFunction) => void {
  return (request, response, next) => {
    if (!carriesBody(request) || signedOtherwise(request) || keys.accepts(presentedApiKey(request))) {
      next();
      return;
    }
    // Once the 401 is written the socket is destroyed: left to Node, an unread body is read to its end and
    // thrown away (the response's end dumps it), which is the very cost this refusal is here to avoid.
    response.on('finish', () => request.socket.destroy());
    response.status(401).set('Connection', 'close').json({
      statusCode: 401,
      message: 'a valid API key is required (X-API-Key or Authorization: Bearer); the body was not read',
    });
  };
}
