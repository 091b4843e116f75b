/**
 * Hostile requests answer 400 with a field path, touch no object outside the request, and leave the
 * service working: prototype-pollution override paths, paths that name nothing, NUL characters and lone
 * surrogates, absurd nesting and paging. The app runs in this process, so Object.prototype here is the
 * service's own.
 */
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { json, postSignedWebhook, type Json } from '../support/http';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-hostile-0123456789abcdef0123456789';
const OPERATOR = { operator: 'mallory', reason: 'probing the override check' };

function deepObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('hostile requests', () => {
  let t: TestApp;
  let documentId: string;
  let lineCount: number;

  beforeAll(async () => {
    t = await startTestApp({
      connectors: [{ name: 'hook', kind: 'webhook', regimes: [], config: { secret: SECRET } }],
    });
    const invoice = sampleIndiaInvoice({ documentNumber: 'HOSTILE/1' });
    lineCount = invoice.lines.length;
    const res = await postSignedWebhook(t.url, 'hook', SECRET, JSON.stringify(invoice));
    expect(res.status).toBe(202);
    documentId = (await json(res)).accepted[0].documentId;
  });
  afterAll(() => t?.close());

  function patchOverrides(body: string): Promise<Response> {
    return fetch(`${t.url}/documents/${documentId}/overrides`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-api-key': TEST_API_KEY },
      body,
    });
  }

  async function refusedOverride(overrides: Record<string, unknown>): Promise<Json[]> {
    const res = await patchOverrides(JSON.stringify({ overrides, ...OPERATOR }));
    expect(res.status).toBe(400);
    return (await json(res)).errors;
  }

  function get(path: string): Promise<Response> {
    return fetch(`${t.url}${path}`, { headers: { 'x-api-key': TEST_API_KEY } });
  }

  it('refuses buyer.__proto__.documents with 400; Object.prototype stays clean and the service works', async () => {
    const errors = await refusedOverride({ 'buyer.__proto__.documents': 'x' });
    expect(errors).toEqual([
      expect.objectContaining({
        path: 'buyer.__proto__.documents',
        rule: 'override.path',
        message: expect.stringContaining('"__proto__" is not a field of buyer'),
      }),
    ]);
    expect(Object.prototype).not.toHaveProperty('documents');
    expect(({} as Record<string, unknown>).documents).toBeUndefined();

    const pushed = await postSignedWebhook(
      t.url,
      'hook',
      SECRET,
      JSON.stringify(sampleIndiaInvoice({ documentNumber: 'HOSTILE/2' })),
    );
    expect(pushed.status).toBe(202);
    expect((await get('/documents')).status).toBe(200);
    expect((await get('/connectors')).status).toBe(200);
    const detail = await json(await get(`/documents/${documentId}`));
    expect(detail.overrides).toBeNull();
  });

  it.each([['__proto__.x'], ['constructor.prototype.x'], ['toString']])(
    'refuses the override path %s with 400',
    async (path) => {
      const errors = await refusedOverride({ [path]: 'x' });
      expect(errors[0]).toMatchObject({ path, rule: 'override.path' });
      expect(({} as Record<string, unknown>).x).toBeUndefined();
    },
  );

  it('refuses __proto__ and constructor as keys anywhere in a JSON body with 400', async () => {
    const proto = await patchOverrides(
      '{"overrides": {"__proto__": {"polluted": "yes"}}, "operator": "mallory", "reason": "probing"}',
    );
    expect(proto.status).toBe(400);
    expect((await json(proto)).errors[0]).toMatchObject({ path: 'overrides.__proto__', rule: 'json.key' });
    const invoice = {
      ...sampleIndiaInvoice({ documentNumber: 'HOSTILE/CTOR' }),
      constructor: { prototype: 1 },
    };
    const pushed = await postSignedWebhook(t.url, 'hook', SECRET, JSON.stringify(invoice));
    expect(pushed.status).toBe(400);
    expect((await json(pushed)).errors[0]).toMatchObject({ path: 'constructor', rule: 'json.key' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a 10,000-segment override path with 400', async () => {
    const path = Array.from({ length: 10_000 }, () => 'buyer').join('.');
    const errors = await refusedOverride({ [path]: 'x' });
    expect(errors[0]).toMatchObject({ rule: 'override.path' });
    expect(errors[0].path.length).toBeLessThan(100);
  });

  it('refuses override paths that name nothing: a negative index, an index out of range', async () => {
    const negative = await refusedOverride({ 'lines[-1].quantity': '2' });
    expect(negative[0]).toMatchObject({ path: 'lines[-1].quantity', rule: 'override.path' });
    const beyond = await refusedOverride({ [`lines[${lineCount}].quantity`]: '2' });
    expect(beyond[0].message).toContain(`lines has ${lineCount} element(s)`);
    const detail = await json(await get(`/documents/${documentId}`));
    expect(detail.overrides).toBeNull();
  });

  it('refuses NUL characters and lone surrogates in strings with 400, in overrides and webhooks', async () => {
    const nul = await patchOverrides(
      JSON.stringify({ overrides: { 'buyer.legalName': 'A\u0000B' }, ...OPERATOR }),
    );
    expect(nul.status).toBe(400);
    expect((await json(nul)).errors[0]).toMatchObject({
      path: 'overrides.buyer.legalName',
      rule: 'text.nul',
    });

    const surrogate = await patchOverrides(
      `{"overrides": {"buyer.legalName": "A\\ud800B"}, "operator": "mallory", "reason": "probing"}`,
    );
    expect(surrogate.status).toBe(400);
    expect((await json(surrogate)).errors[0].rule).toBe('text.surrogate');

    const invoice = sampleIndiaInvoice({ documentNumber: 'HOSTILE/NUL' });
    invoice.buyer.legalName = 'Buyer\u0000Ltd';
    const pushed = await postSignedWebhook(t.url, 'hook', SECRET, JSON.stringify(invoice));
    expect(pushed.status).toBe(400);
    expect((await json(pushed)).errors[0]).toMatchObject({ path: 'buyer.legalName', rule: 'text.nul' });

    const lone = JSON.stringify(sampleIndiaInvoice({ documentNumber: 'HOSTILE/SUR' })).replace(
      '"HOSTILE/SUR"',
      '"HOSTILE/SUR\\udc00"',
    );
    const pushedLone = await postSignedWebhook(t.url, 'hook', SECRET, lone);
    expect(pushedLone.status).toBe(400);
    expect((await json(pushedLone)).errors[0]).toMatchObject({
      path: 'documentNumber',
      rule: 'text.surrogate',
    });
  });

  it('refuses a 50,000-deep object with 400, in overrides and webhooks', async () => {
    const patched = await patchOverrides(
      `{"overrides": {"notes": ${deepObject(50_000)}}, "operator": "mallory", "reason": "probing"}`,
    );
    expect(patched.status).toBe(400);
    expect((await json(patched)).errors[0].rule).toBe('json.depth');
    const pushed = await postSignedWebhook(t.url, 'hook', SECRET, deepObject(50_000));
    expect(pushed.status).toBe(400);
    expect((await json(pushed)).errors[0].rule).toBe('json.depth');
  });

  it('refuses offset=1e20 with 400', async () => {
    const res = await get('/documents?offset=1e20');
    expect(res.status).toBe(400);
    expect((await json(res)).errors[0]).toMatchObject({ path: 'offset', rule: 'max' });
    expect((await get('/submissions?offset=1e20')).status).toBe(400);
  });

  it('still answers webhooks and lists after all of the above', async () => {
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toEqual(
      expect.arrayContaining(['documents', 'x']),
    );
    const pushed = await postSignedWebhook(
      t.url,
      'hook',
      SECRET,
      JSON.stringify(sampleIndiaInvoice({ documentNumber: 'HOSTILE/LAST' })),
    );
    expect(pushed.status).toBe(202);
    const list = await json(await get('/documents?docNumber=HOSTILE/LAST'));
    expect(list.total).toBe(1);
  });
});
