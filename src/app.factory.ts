/** Creates and configures the Nest application the same way for `main.ts` and for tests. */
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { jsonBodyGuard } from './api/json-body-guard';
import { requestValidationPipe } from './api/validation';
import { TypedErrorFilter } from './api/typed-error.filter';
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
  app.useBodyParser('json', { limit: '10mb' });
  app.use(jsonBodyGuard);
  app.useBodyParser('text', { type: ['text/csv', 'text/plain'], limit: '50mb' });
  app.useBodyParser('raw', { type: 'application/octet-stream', limit: '50mb' });
  app.enableShutdownHooks();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('ERP compliance connector')
      .setDescription('Operator API: documents, submissions, retries, connectors; webhook intake.')
      .setVersion('0.1.0')
      .addApiKey({ type: 'apiKey', name: 'X-API-Key', in: 'header' }, 'api-key')
      .build(),
  );
  SwaggerModule.setup('docs', app, document);
  return app;
}
