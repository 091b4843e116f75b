import { json, postSignedWebhook } from '../support/http';
import { sampleIndiaInvoice, sampleInterStateInvoice } from '../../src/domain/__fixtures__';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-test-0123456789abcdef0123456789';

describe('webhook connector intake (real HTTP, real Postgres)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      connectors: [
        {
          name: 'hook',
          kind: 'webhook',
          regimes: ['in-einvoice'],
          config: { secret: SECRET, toleranceSeconds: 300 },
        },
      ],
    });
  });
  afterAll(() => t.close());

  function post(
    body: string,
    headers: Record<string, string> = {},
    timestamp = Math.floor(Date.now() / 1000),
  ) {
    return postSignedWebhook(t.url, 'hook', SECRET, body, { timestamp, headers });
  }

  it('accepts a signed single invoice with 202 and the document id, visible via the API', async () => {
    const body = JSON.stringify(sampleIndiaInvoice({ documentNumber: 'WH/0001' }));
    const res = await post(body);
    expect(res.status).toBe(202);
    const answer = await json(res);
    expect(answer.accepted).toHaveLength(1);
    expect(answer.accepted[0].result).toBe('created');
    const doc = await fetch(`${t.url}/documents/${answer.accepted[0].documentId}`, {
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(doc.status).toBe(200);
    const detail = await json(doc);
    expect(detail.docNumber).toBe('WH/0001');
    expect(detail.canonical.seller.gstin).toBe(sampleIndiaInvoice().seller.gstin);
    expect(detail.submissions[0].regime).toBe('in-einvoice');
    expect(detail.audit.map((a: { action: string }) => a.action)).toContain('received');
  });

  it('refuses a bad signature with 401 and stores nothing', async () => {
    const body = JSON.stringify(sampleIndiaInvoice({ documentNumber: 'WH/BADSIG' }));
    const res = await postSignedWebhook(t.url, 'hook', 'another-secret-entirely-xxxxxxxx', body);
    expect(res.status).toBe(401);
    const answer = await json(res);
    expect(answer.error).toBe('bad-signature');
    // Issue 29: the integrator is told to check both the instance name and the signature.
    expect(answer.message).toMatch(/^unknown instance or bad signature/);
    const list = await fetch(`${t.url}/documents?docNumber=WH/BADSIG`, {
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect((await json(list)).total).toBe(0);
  });

  it('answers a well-signed request to an unknown instance as a bad signature, naming both causes', async () => {
    const body = JSON.stringify(sampleIndiaInvoice({ documentNumber: 'WH/NOHOOK' }));
    const res = await postSignedWebhook(t.url, 'no-such-hook', SECRET, body);
    expect(res.status).toBe(401);
    const answer = await json(res);
    expect(answer.error).toBe('bad-signature');
    expect(answer.message).toMatch(/^unknown instance or bad signature/);
  });

  it('refuses a stale timestamp (replay) with 401 even when the signature is right', async () => {
    const body = JSON.stringify(sampleIndiaInvoice({ documentNumber: 'WH/STALE' }));
    const res = await post(body, {}, Math.floor(Date.now() / 1000) - 3600);
    expect(res.status).toBe(401);
    expect((await json(res)).error).toBe('stale-timestamp');
  });

  it('refuses a timestamp from beyond the window ahead with 401, and a signature made for another time', async () => {
    const body = JSON.stringify(sampleIndiaInvoice({ documentNumber: 'WH/FUTURE' }));
    const ahead = await post(body, {}, Math.floor(Date.now() / 1000) + 3600);
    expect(ahead.status).toBe(401);
    expect((await json(ahead)).error).toBe('stale-timestamp');

    // Signed for one second, sent with another: the timestamp is part of what is signed.
    const now = Math.floor(Date.now() / 1000);
    const moved = await postSignedWebhook(t.url, 'hook', SECRET, body, {
      timestamp: now - 10,
      headers: { 'x-webhook-timestamp': String(now) },
    });
    expect(moved.status).toBe(401);
    expect((await json(moved)).error).toBe('bad-signature');
    const list = await fetch(`${t.url}/documents?docNumber=WH/FUTURE`, {
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect((await json(list)).total).toBe(0);
  });

  it('a signed request replayed inside the window creates nothing new', async () => {
    const body = JSON.stringify(sampleIndiaInvoice({ documentNumber: 'WH/REPLAY' }));
    const timestamp = Math.floor(Date.now() / 1000);
    const first = await json(await post(body, {}, timestamp));
    const again = await post(body, {}, timestamp);
    expect(again.status).toBe(202);
    const second = await json(again);
    expect(second.accepted[0].documentId).toBe(first.accepted[0].documentId);
    expect(second.accepted[0].result).not.toBe('created');
    const list = await fetch(`${t.url}/documents?docNumber=WH/REPLAY`, {
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect((await json(list)).total).toBe(1);
  });

  it('answers a repeated Idempotency-Key with the stored answer and creates nothing twice', async () => {
    const body = JSON.stringify({
      documents: [
        sampleIndiaInvoice({ documentNumber: 'WH/IDEM1' }),
        sampleInterStateInvoice({ documentNumber: 'WH/IDEM2' }),
      ],
    });
    const first = await post(body, { 'idempotency-key': 'order-batch-77' });
    const second = await post(body, { 'idempotency-key': 'order-batch-77' });
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    const a = await json(first);
    const b = await json(second);
    expect(b.replayed).toBe(true);
    expect(b.accepted.map((x: { documentId: string }) => x.documentId)).toEqual(
      a.accepted.map((x: { documentId: string }) => x.documentId),
    );
    const changed = JSON.stringify({ documents: [sampleIndiaInvoice({ documentNumber: 'WH/IDEM3' })] });
    const conflict = await post(changed, { 'idempotency-key': 'order-batch-77' });
    expect(conflict.status).toBe(422);
  });

  it('answers a malformed body with 400 and field paths', async () => {
    const invoice = sampleIndiaInvoice({ documentNumber: 'WH/BAD' }) as unknown as Record<string, unknown>;
    const seller = { ...(invoice.seller as Record<string, unknown>), gstin: '29AABCK1234L1ZX' };
    const res = await post(JSON.stringify({ ...invoice, seller, documentDate: '2026-13-45' }));
    expect(res.status).toBe(400);
    const answer = await json(res);
    const paths = answer.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['seller.gstin', 'documentDate']));
    for (const error of answer.errors) expect(error.rule).toEqual(expect.any(String));

    const notJson = await post('{"documents": [');
    expect(notJson.status).toBe(400);
  });

  it('accepts the good items of a batch and reports the bad ones by index and path', async () => {
    const good = sampleIndiaInvoice({ documentNumber: 'WH/MIX1' });
    const bad = { ...sampleIndiaInvoice({ documentNumber: 'WH/MIX2' }), lines: [] };
    const res = await post(JSON.stringify({ documents: [good, bad] }));
    expect(res.status).toBe(202);
    const answer = await json(res);
    expect(answer.accepted.map((a: { index: number }) => a.index)).toEqual([0]);
    expect(answer.rejected[0].index).toBe(1);
    expect(answer.rejected[0].errors[0].path).toMatch(/^lines/);
    expect(answer.rejected[0]).toMatchObject({ state: 'MAPPING_FAILED', documentId: expect.any(String) });
  });
});
