/** The OpenAPI document of the operator API, as served at /docs-json. */
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { RegimeDescriptor } from '../compliance';
import { documentCanonicalInvoice } from './canonical-invoice-docs';
import { documentRegimeOperations } from './regime-operation-docs';
import { ErrorResponse } from './responses/error.response';

export function apiDocument(app: INestApplication, descriptors: readonly RegimeDescriptor[]): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('ERP compliance connector')
      .setDescription('Operator API: documents, submissions, retries, connectors; webhook intake.')
      .setVersion('0.1.0')
      .addApiKey({ type: 'apiKey', name: 'X-API-Key', in: 'header' }, 'api-key')
      .build(),
    { extraModels: [ErrorResponse] },
  );
  documentCanonicalInvoice(document);
  documentRegimeOperations(document, descriptors);
  return document;
}
