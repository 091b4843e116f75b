/**
 * Issue 30: nobody without a key can make the service read, parse or walk a body. A body without a valid
 * API key is refused from its headers; the webhook's is parsed only once its signature matched; a signed
 * webhook that is not JSON is told so (415), not that its signature is wrong.
 */
import { json, postSignedWebhook } from '../support/http';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'cost-before-trust-secret-0123456789abcdef';
/** A 10 MB JSON array of small objects: about a second of parsing and walking, were it parsed. */
const BIG = JSON.stringify(Array.from({ length: 200_000 }, (_, i) => ({ n: i, text: 'x'.repeat(30) })));

describe('cost before trust', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      regimes: [],
      connectors: [{ name: 'hook', kind: 'webhook', config: { secret: SECRET } }],
    });
  });
  afterAll(() => t.close());

  it('refuses a body without a key from its headers, saying the body was not read', async () => {
    const res = await fetch(`${t.url}/submissions/retry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: BIG,
    });
    expect(res.status).toBe(401);
    expect((await json(res)).message).toMatch(/the body was not read/);
  });

  it('keeps /health and an authenticated request quick while 16 unauthenticated 10 MB bodies arrive', async () => {
    const quick = async (): Promise<number> => {
      const started = Date.now();
      const health = await fetch(`${t.url}/health/ready`);
      await health.arrayBuffer();
      const documents = await fetch(`${t.url}/documents?limit=1`, { headers: { 'x-api-key': TEST_API_KEY } });
      await documents.arrayBuffer();
      expect(documents.status).toBe(200);
      return Date.now() - started;
    };
    const idle = await quick();
    const flood = Array.from({ length: 16 }, () =>
      fetch(`${t.url}/documents`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: BIG,
      }).then(
        (res) => res.status,
        () => 'closed',
      ),
    );
    const during = await quick();
    const statuses = await Promise.all(flood);
    for (const status of statuses) expect([401, 'closed']).toContain(status);
    // Measured figures belong to the bench (npm run bench -- unauth-bodies); this only guards the order
    // of magnitude: before, the same flood held every request for tens of seconds. The flood is sent from
    // this process, beside another suite on a loaded CI machine: 3 s was seen there, so the bound is 8 s.
    expect(during - idle).toBeLessThan(8000);
  });

  it('answers a bad signature with 401 before parsing: a body that is not JSON is not a 400', async () => {
    const res = await postSignedWebhook(t.url, 'hook', 'not-the-secret-xxxxxxxxxxxxxxxxxxxxxx', '{"not json');
    expect(res.status).toBe(401);
    expect((await json(res)).error).toBe('bad-signature');
  });

  it('answers a correctly signed form-urlencoded webhook 415 naming the type it takes', async () => {
    const res = await postSignedWebhook(t.url, 'hook', SECRET, 'a=1&b=2', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect((await json(res)).message).toMatch(/takes application\/json/);
  });

  it('still parses and checks a signed webhook body once its signature matched', async () => {
    const res = await postSignedWebhook(t.url, 'hook', SECRET, '{"not json');
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/not JSON/);
  });
});
