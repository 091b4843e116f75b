/**
 * Puts the canonical invoice's schemas (generated from its TypeScript contract:
 * domain/canonical-invoice.schema.ts) into the OpenAPI document's components, and the webhook's item:
 * the same invoice with the sender's optional `externalId`.
 */
import type { OpenAPIObject } from '@nestjs/swagger';
import { CANONICAL_INVOICE_SCHEMAS } from '../domain';
import { isDeepStrictEqual } from 'node:util';

type Schemas = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>;
type SchemaObject = Extract<Schemas[string], { type?: unknown }>;

export const WEBHOOK_INVOICE_SCHEMA = 'WebhookInvoice';

export function documentCanonicalInvoice(document: OpenAPIObject): void {
  document.components ??= {};
  const schemas: Schemas = (document.components.schemas ??= {});
  for (const [name, schema] of Object.entries(CANONICAL_INVOICE_SCHEMAS)) {
    if (schemas[name] && !isDeepStrictEqual(schemas[name], schema))
      throw new Error(`OpenAPI schema ${name} is both a canonical invoice part and another class`);
    schemas[name] = schema;
  }
  const invoice = CANONICAL_INVOICE_SCHEMAS.CanonicalInvoice as SchemaObject;
  schemas[WEBHOOK_INVOICE_SCHEMA] = {
    ...invoice,
    description: "A canonical invoice as pushed; `externalId` is the sender's own id for it.",
    properties: {
      externalId: {
        type: 'string',
        pattern: '^[\\w./:-]{1,128}$',
        description:
          "the sender's id for the document; without it, seller + type + number + date identify it",
      },
      ...invoice.properties,
    },
  };
}
