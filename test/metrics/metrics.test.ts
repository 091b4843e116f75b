/** /metrics over real HTTP on the real app: Prometheus text, behind the API key, counts from Postgres. */
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { postSignedWebhook } from '../support/http';
import { ScriptedRegime } from '../support/scripted-regime';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'm'.repeat(32);

describe('GET /metrics', () => {
  let t: TestApp;
  const regime = new ScriptedRegime();

  beforeAll(async () => {
    regime.scripts.set('MET/REJ1', 'reject');
    t = await startTestApp({
      regimes: [regime],
      connectors: [{ name: 'hook', kind: 'webhook', regimes: ['in-einvoice'], config: { secret: SECRET } }],
    });
    for (const documentNumber of ['MET/0001', 'MET/REJ1']) {
      const body = JSON.stringify(sampleIndiaInvoice({ documentNumber }));
      expect((await postSignedWebhook(t.url, 'hook', SECRET, body)).status).toBe(202);
    }
  });
  afterAll(() => t.close());

  const scrape = () => fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TEST_API_KEY}` } });

  it('needs the API key', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
  });

  it('reports submissions by regime and state, authority error codes, documents and the job queue', async () => {
    const text = await eventually(async () => {
      const body = await (await scrape()).text();
      return body.includes('connector_submissions{regime="in-einvoice",state="REJECTED"} 1') &&
        body.includes('connector_submissions{regime="in-einvoice",state="WRITTEN_BACK"} 1')
        ? body
        : undefined;
    });
    const res = await scrape();
    expect(res.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/);
    expect(text).toContain('# TYPE connector_submissions gauge');
    expect(text).toContain('connector_documents{direction="sales"} 2');
    expect(text).toContain(
      'connector_submission_errors{regime="in-einvoice",error_class="rejected",error_code="2172"} 1',
    );
    expect(text).toMatch(/^connector_queue_jobs\{name="[^"]+",state="completed"\} [1-9]/m);
    expect(text).toMatch(/^connector_oldest_pending_submission_age_seconds 0$/m);
    expect(text).toContain('connector_process_cpu_user_seconds_total');
  });
});
