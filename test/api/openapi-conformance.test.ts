/**
 * Issue 29: the answers the OpenAPI document declares are the answers the app gives. The real app (real
 * PostgreSQL, real HTTP) is asked, and each body is checked against the schema /docs-json declares for
 * its path, method and status, with every object closed (additionalProperties: false where the document
 * leaves it open), so a field the app sends and the document does not name fails as much as a declared
 * field the app leaves out.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { json, postSignedWebhook } from '../support/http';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-openapi-0123456789abcdef01234567';

interface OpenApi {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components: { schemas: Record<string, object> };
}

/**
 * OpenAPI 3.0 schemas as JSON Schema: `nullable` becomes a null alternative, and every object schema that
 * names its properties and says nothing of others gets none.
 */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema;
  const { nullable, ...rest } = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, strict(value)]),
  ) as Record<string, unknown>;
  if ('properties' in rest && !('additionalProperties' in rest)) rest.additionalProperties = false;
  return nullable === true ? { anyOf: [rest, { type: 'null' }] } : rest;
}

describe('OpenAPI document: declared answers are the answers given (issue 29)', () => {
  let t: TestApp;
  let openapi: OpenApi;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  const validators = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    t = await startTestApp({
      connectors: [{ name: 'hook', kind: 'webhook', regimes: ['in-einvoice'], config: { secret: SECRET } }],
    });
    openapi = (await json(await call('GET', '/docs-json'))) as OpenApi;
    // $refs point at #/components/schemas/X; the schemas are put under $defs of each compiled schema.
    const defs = JSON.parse(
      JSON.stringify(strict(openapi.components.schemas)).replaceAll('"#/components/schemas/', '"#/$defs/'),
    ) as Record<string, object>;
    for (const [path, item] of Object.entries(openapi.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, answer] of Object.entries(operation.responses ?? {})) {
          const schema = answer.content?.['application/json']?.schema;
          if (!schema) continue;
          const rewritten = JSON.parse(
            JSON.stringify(strict(schema)).replaceAll('"#/components/schemas/', '"#/$defs/'),
          ) as object;
          validators.set(
            `${method.toUpperCase()} ${path} ${status}`,
            ajv.compile({ ...rewritten, $defs: defs }),
          );
        }
      }
    }
  });
  afterAll(() => t?.close());

  function call(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${t.url}${path}`, {
      method,
      headers: {
        'X-API-Key': TEST_API_KEY,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** The answer's status and body against what the document declares for `documented` (its path template). */
  async function conforms(response: Response, documented: string): Promise<unknown> {
    const method = documented.split(' ')[0];
    const key = `${documented} ${response.status}`;
    const validate = validators.get(key);
    const body: unknown = await response.json();
    expect({ key, declared: validate !== undefined }).toEqual({ key, declared: true });
    if (validate && !validate(body)) {
      throw new Error(
        `${method} answer does not match ${key}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 2000)}`,
      );
    }
    return body;
  }

  it('the webhook intake, documents, submissions and connectors answer as declared', async () => {
    const batch = JSON.stringify({
      documents: [
        { externalId: 'OA-1', ...sampleIndiaInvoice({ documentNumber: 'OA/0001' }) },
        sampleIndiaInvoice({ documentNumber: 'OA/0002', buyer: undefined as never }),
      ],
    });
    const pushed = (await conforms(
      await postSignedWebhook(t.url, 'hook', SECRET, batch),
      'POST /webhooks/{instance}/invoices',
    )) as { accepted: { documentId: string }[]; rejected: unknown[] };
    expect(pushed.accepted.length + pushed.rejected.length).toBe(2);
    await conforms(
      await postSignedWebhook(t.url, 'hook', SECRET, JSON.stringify({ documents: [{}] })),
      'POST /webhooks/{instance}/invoices',
    );

    const purchases = JSON.stringify({
      purchases: [
        {
          documentType: 'BOE',
          billNumber: '2566282',
          billDate: '2026-10-18',
          portCode: 'INNSA1',
          taxableValue: '40000.00',
          igst: '7200.00',
        },
        { billNumber: '1', billDate: '2026-10-18', taxableValue: '1.00' },
      ],
    });
    const stored = (await conforms(
      await postSignedWebhook(t.url, 'hook', SECRET, purchases, { route: 'purchases' }),
      'POST /webhooks/{instance}/purchases',
    )) as { accepted: unknown[]; rejected: unknown[] };
    expect([stored.accepted.length, stored.rejected.length]).toEqual([1, 1]);
    await conforms(
      await postSignedWebhook(t.url, 'hook', SECRET, JSON.stringify([{}]), { route: 'purchases' }),
      'POST /webhooks/{instance}/purchases',
    );

    const documentId = pushed.accepted[0].documentId;
    await conforms(await call('GET', '/documents?limit=10'), 'GET /documents');
    const one = (await conforms(await call('GET', `/documents/${documentId}`), 'GET /documents/{id}')) as {
      submissions: { id: string }[];
    };
    await conforms(await call('GET', `/documents/${crypto.randomUUID()}`), 'GET /documents/{id}');
    await conforms(await call('GET', '/documents/not-a-uuid'), 'GET /documents/{id}');
    await conforms(
      await call('PATCH', `/documents/${documentId}/overrides`, {
        overrides: { notes: 'checked' },
        operator: 'openapi',
        reason: 'conformance',
      }),
      'PATCH /documents/{id}/overrides',
    );
    await conforms(await call('GET', '/submissions?limit=5'), 'GET /submissions');
    await conforms(await call('GET', '/submissions?limit=0'), 'GET /submissions');
    await conforms(
      await call('POST', '/submissions/retry', {
        ids: [one.submissions[0].id],
        operator: 'openapi',
        reason: 'conformance',
      }),
      'POST /submissions/retry',
    );
    await conforms(
      await call('POST', `/submissions/${one.submissions[0].id}/cancel`, {
        reasonCode: '2',
        remark: 'not registered',
        operator: 'openapi',
        reason: 'conformance',
      }),
      'POST /submissions/{id}/cancel',
    );

    await conforms(await call('GET', '/connectors'), 'GET /connectors');
    await conforms(await call('GET', '/connectors/hook/check'), 'GET /connectors/{name}/check');
    await conforms(await call('POST', '/connectors/hook/pull'), 'POST /connectors/{name}/pull');
    await conforms(await call('GET', '/connectors/nobody/check'), 'GET /connectors/{name}/check');
    await conforms(await call('GET', '/connectors/hook/files'), 'GET /connectors/{name}/files');
  });

  it('health, regimes and the regimes’ lists answer as declared', async () => {
    await conforms(await call('GET', '/health'), 'GET /health');
    await conforms(await fetch(`${t.url}/health`), 'GET /health');
    await conforms(await call('GET', '/health/live'), 'GET /health/live');
    await conforms(await call('GET', '/health/ready'), 'GET /health/ready');
    await conforms(await call('GET', '/regimes'), 'GET /regimes');
    await conforms(await call('GET', '/ewaybills/expiring'), 'GET /ewaybills/expiring');
    await conforms(
      await call('GET', '/einvoice/rejected-irns?date=2024-07-15'),
      'GET /einvoice/rejected-irns',
    );
    await conforms(await call('GET', '/einvoice/rejected-irns?date=tomorrow'), 'GET /einvoice/rejected-irns');
    await conforms(await call('GET', '/zatca/egs-units'), 'GET /zatca/egs-units');
    await conforms(await call('GET', '/zatca/egs-units/none'), 'GET /zatca/egs-units/{id}');
    await conforms(
      await call('GET', `/zatca/submissions/${crypto.randomUUID()}/signed-invoices`),
      'GET /zatca/submissions/{id}/signed-invoices',
    );
    await conforms(await call('GET', '/reconciliation/runs'), 'GET /reconciliation/runs');
    await conforms(await call('GET', '/reconciliation/gstins'), 'GET /reconciliation/gstins');
    await conforms(
      await call('GET', '/reconciliation/29AABCK1234L1ZI/072024'),
      'GET /reconciliation/{gstin}/{period}',
    );
    await conforms(
      await call('GET', '/reconciliation/29AABCK1234L1ZI/072024/suppliers?open=true'),
      'GET /reconciliation/{gstin}/{period}/suppliers',
    );
    await conforms(await call('GET', '/returns/29AABCK1234L1ZI/session'), 'GET /returns/{gstin}/session');
  });
});
