/**
 * The generic operation routes take any body: its class depends on the operation, which the registered
 * regimes declare. So the OpenAPI document gets each declared operation at its own path
 * (`/submissions/{id}/operations/part-b`, `/submissions/operations/consolidate`) with its request's schema,
 * read from the class-validator rules the request is validated by, plus the `operator` and `reason` every
 * audited action takes; the regime's alias routes (summary "Alias of POST /submissions/...") get the same.
 */
import type { OpenAPIObject } from '@nestjs/swagger';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import type { RegimeDescriptor } from '../compliance';
import { OperatorActionDto } from './dto';

type PathItemObject = OpenAPIObject['paths'][string];
type OperationObject = NonNullable<PathItemObject['post']>;
type RequestBodyObject = Extract<NonNullable<OperationObject['requestBody']>, { content: unknown }>;
type SchemaObject = Extract<
  NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string],
  { type?: unknown }
>;

const GENERIC_ONE = '/submissions/{id}/operations/{operation}';
const GENERIC_MANY = '/submissions/operations/{operation}';

export function documentRegimeOperations(
  document: OpenAPIObject,
  descriptors: readonly RegimeDescriptor[],
): void {
  const action = schemaOf(OperatorActionDto);
  const bodies = new Map<string, RequestBodyObject>();
  for (const descriptor of descriptors) {
    for (const operation of descriptor.operations ?? []) {
      const schemaName = operation.requestClass.name;
      document.components ??= {};
      document.components.schemas ??= {};
      document.components.schemas[schemaName] = withOperatorAction(schemaOf(operation.requestClass), action);
      const body: RequestBodyObject = {
        required: true,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } } },
      };
      bodies.set(operation.name, body);
      const generic = document.paths[operation.targets === 'one' ? GENERIC_ONE : GENERIC_MANY]?.post;
      if (!generic) continue;
      const path = (operation.targets === 'one' ? GENERIC_ONE : GENERIC_MANY).replace(
        '{operation}',
        operation.name,
      );
      document.paths[path] = {
        post: {
          ...generic,
          operationId: `${descriptor.name}-${operation.name}`,
          summary: `${operation.summary} (${descriptor.name}; audited)`,
          parameters: (generic.parameters ?? []).filter(
            (parameter) => !('name' in parameter) || parameter.name !== 'operation',
          ),
          requestBody: body,
        },
      };
    }
  }
  for (const item of Object.values(document.paths)) {
    const post: OperationObject | undefined = item.post;
    const aliased = /^Alias of POST \/submissions\/(?::id\/)?operations\/([a-z0-9-]+)/.exec(
      post?.summary ?? '',
    );
    const declared = aliased && bodies.get(aliased[1]);
    if (post && declared) post.requestBody = declared;
  }
}

/** The request's own fields and the audited `operator` and `reason`, all in one object. */
function withOperatorAction(request: SchemaObject, action: SchemaObject): SchemaObject {
  return {
    ...request,
    type: 'object',
    properties: { ...request.properties, ...action.properties },
    required: [...new Set([...(request.required ?? []), ...(action.required ?? [])])],
  };
}

/**
 * A class's schema from its class-validator rules. class-validator-jsonschema types it with openapi3-ts,
 * Nest's document with its own interfaces: the same OpenAPI 3.0 JSON (these classes give `type` as text).
 */
function schemaOf(target: new () => object): SchemaObject {
  return targetConstructorToSchema(target) as SchemaObject;
}
