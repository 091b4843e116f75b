/**
 * The same document posted concurrently: ingest is an upsert, so N simultaneous posts give one document
 * (one submission per regime) and N well-formed 202 answers naming it, one "created" and the rest
 * "unchanged". Batches naming the same documents in opposite orders do not deadlock each other.
 */
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { json, postSignedWebhook } from '../support/http';
import { startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'whsec-concurrent-0123456789abcdef0123456';

describe('concurrent posts of one document', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      connectors: [{ name: 'hook', kind: 'webhook', regimes: ['in-einvoice'], config: { secret: SECRET } }],
      // No worker: the submissions stay as ingest left them.
      roles: ['api'],
    });
  });
  afterAll(() => t?.close());

  async function documentsNumbered(docNumber: string) {
    const res = await fetch(`${t.url}/documents?docNumber=${encodeURIComponent(docNumber)}`, {
      headers: { 'x-api-key': TEST_API_KEY },
    });
    return json(res);
  }

  it('16 simultaneous posts of one document: one document, one submission, 16 answers', async () => {
    const body = JSON.stringify(sampleIndiaInvoice({ documentNumber: 'RACE/0001' }));
    const answers = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const res = await postSignedWebhook(t.url, 'hook', SECRET, body);
        return { status: res.status, body: await json(res) };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(202));
    const accepted = answers.map((a) => a.body.accepted[0]);
    const ids = new Set(accepted.map((a) => a.documentId));
    expect(ids.size).toBe(1);
    expect(accepted.map((a) => a.result).sort()).toEqual(['created', ...Array(15).fill('unchanged')]);

    const list = await documentsNumbered('RACE/0001');
    expect(list.total).toBe(1);
    expect(list.items[0].id).toBe([...ids][0]);
    expect(list.items[0].submissions).toHaveLength(1);
  });

  it('batches naming the same documents in opposite orders all succeed', async () => {
    const numbers = ['RACE/0101', 'RACE/0102', 'RACE/0103', 'RACE/0104'];
    const forward = JSON.stringify({
      documents: numbers.map((n) => sampleIndiaInvoice({ documentNumber: n })),
    });
    const backward = JSON.stringify({
      documents: [...numbers].reverse().map((n) => sampleIndiaInvoice({ documentNumber: n })),
    });
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await postSignedWebhook(t.url, 'hook', SECRET, i % 2 === 0 ? forward : backward);
        const answer = await json(res);
        return { status: res.status, accepted: answer.accepted?.length };
      }),
    );
    expect(statuses).toEqual(Array(10).fill({ status: 202, accepted: 4 }));
    for (const n of numbers) {
      const list = await documentsNumbered(n);
      expect(list.total).toBe(1);
      expect(list.items[0].submissions).toHaveLength(1);
    }
  });
});
