/** The OpenAPI document of the operator API, as served at /docs-json. */
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { RegimeDescriptor } from '../compliance';
import { REGISTERED_REGIME } from '../domain';
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
  listRegisteredRegimes(
    document,
    descriptors.map((descriptor) => descriptor.name),
  );
  return document;
}

/** Every enum that is the REGISTERED_REGIME placeholder becomes the names this build registers. */
function listRegisteredRegimes(document: OpenAPIObject, names: readonly string[]): void {
  const placeholder = JSON.stringify(REGISTERED_REGIME);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const object = node as Record<string, unknown>;
    if (Array.isArray(object.enum) && JSON.stringify(object.enum) === placeholder) object.enum = [...names];
    Object.values(object).forEach(visit);
  };
  visit(document);
}
