/**
 * Routes that read their request body as a stream (after the API-key guard, in the handler) instead of
 * having a global body parser buffer it: the GSTR-2B import takes portal files of up to 200 MB. The
 * global parsers skip these requests (app.factory.ts), so nothing of such a body is read before auth.
 */
import type { IncomingMessage } from 'node:http';

const STREAMED_BODY_ROUTES: readonly RegExp[] = [/^\/reconciliation\/[^/]+\/import\/?(\?|$)/];

export function takesStreamedBody(request: IncomingMessage): boolean {
  return request.method === 'POST' && STREAMED_BODY_ROUTES.some((route) => route.test(request.url ?? ''));
}
