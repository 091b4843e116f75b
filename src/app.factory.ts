/** Creates and configures the Nest application the same way for `main.ts` and for tests. */
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import {
  admitBodies,
  apiDocument,
  jsonBodyGuard,
  presentedApiKey,
  ApiKeys,
  requestValidationPipe,
  takesSignedBody,
  takesStreamedBody,
  TypedErrorFilter,
} from './api';
import { RegimeRegistry } from './compliance';
import { AppModule, type AppModuleOptions } from './app.module';

export async function createApp(options: AppModuleOptions): Promise<NestExpressApplication> {
  // Body parsers are registered here (not Nest's defaults) so webhook batches may exceed 100 kB; the raw
  // body is kept for HMAC verification.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), {
    rawBody: true,
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.useGlobalPipes(requestValidationPipe());
  app.useGlobalFilters(new TypedErrorFilter());
  // No body is read before its sender is trusted: a body without a valid API key is refused from the
  // headers (admitBodies), the signed webhook's is read raw and parsed by its route after the signature.
  // Routes that stream their body (takesStreamedBody: the GSTR-2B import) are skipped by every parser.
  app.use(admitBodies(app.get(ApiKeys)));
  app.useBodyParser('raw', { type: takesSignedBody, limit: '10mb' });
  app.useBodyParser('json', {
    limit: '10mb',
    type: (request: IncomingMessage) =>
      !takesSignedBody(request) && unlessStreamed(/^application\/([\w.-]+\+)?json\b/i)(request),
  });
  app.use(jsonBodyGuard);
  app.useBodyParser('text', { type: unlessStreamed(/^text\/(csv|plain)\b/i), limit: '50mb' });
  app.useBodyParser('raw', { type: unlessStreamed(/^application\/octet-stream\b/i), limit: '50mb' });
  // No enableShutdownHooks: the process that runs the app owns its signals (main.ts closes it once). With
  // both, a SIGTERM ran every shutdown hook twice at the same time, and one run closed the queue's pool
  // while the other still drained its jobs (a job then failed "shut down while active" and ran again).
  const document = apiDocument(app, app.get(RegimeRegistry).descriptors());
  app.use(['/docs', '/docs-json', '/docs-yaml'], requireApiKey(app.get(ApiKeys)));
  SwaggerModule.setup('docs', app, document);
  return app;
}

/** A body parser's `type` test: the content types it reads, never on a route that streams its body. */
function unlessStreamed(contentType: RegExp): (request: IncomingMessage) => boolean {
  return (request) =>
    !takesStreamedBody(request) && contentType.test(String(request.headers['content-type'] ?? ''));
}

/**
 * The API documentation is served by Swagger's own routes, outside the Nest guards: it gets the same
 * key check here. A browser asks for the key through its Basic sign-in prompt (the key as password).
 */
function requireApiKey(keys: ApiKeys): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    if (keys.accepts(presentedApiKey(req))) return next();
    res
      .status(401)
      .set('WWW-Authenticate', 'Basic realm="ERP compliance connector API (password: an API key)"')
      .json({
        statusCode: 401,
        message:
          'a valid API key is required (X-API-Key, Authorization: Bearer, or Basic with the key as password)',
      });
  };
}
