/** /metrics over real HTTP on the real app: Prometheus text, behind the API key, counts from Postgres. */
import { createServer, type Server } from 'node:http';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { postSignedWebhook } from '../support/http';
import { ScriptedRegime } from '../support/scripted-regime';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'm'.repeat(32);

describe('GET /metrics', () => {
  let t: TestApp;
  let erp: Server;
  const regime = new ScriptedRegime();

  beforeAll(async () => {
    regime.scripts.set('MET/REJ1', 'reject');
    // The ERP behind the second connector refuses every outcome: its document ends WRITEBACK_FAILED.
    erp = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((r) => erp.listen(0, '127.0.0.1', r));
    const port = (erp.address() as { port: number }).port;
    t = await startTestApp({
      regimes: [regime],
      // Gives a refused write-back up after the job's own retries (not the default day of tries), so it shows.
      config: { queue: { pollingIntervalSeconds: 0.5, writeBackRetries: 1, writeBackGiveUpAfterSeconds: 0 } },
      connectors: [
        { name: 'hook', kind: 'webhook', regimes: ['in-einvoice'], config: { secret: SECRET } },
        {
          name: 'refusing-erp',
          kind: 'webhook',
          regimes: ['in-einvoice'],
          config: {
            secret: SECRET,
            callbackUrl: `http://127.0.0.1:${port}/outcomes`,
            callbackTimeoutMs: 2000,
          },
        },
      ],
    });
    for (const documentNumber of ['MET/0001', 'MET/REJ1']) {
      const body = JSON.stringify(sampleIndiaInvoice({ documentNumber }));
      expect((await postSignedWebhook(t.url, 'hook', SECRET, body)).status).toBe(202);
    }
    const refused = JSON.stringify(sampleIndiaInvoice({ documentNumber: 'MET/WBF1' }));
    expect((await postSignedWebhook(t.url, 'refusing-erp', SECRET, refused)).status).toBe(202);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => erp.close(r));
  });

  const scrape = () => fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TEST_API_KEY}` } });

  it('needs the API key', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
  });

  it('reports submissions by regime and state, authority error codes, documents and the job queue', async () => {
    const text = await eventually(async () => {
      const body = await (await scrape()).text();
      return body.includes('connector_submissions{regime="in-einvoice",state="REJECTED"} 1') &&
        body.includes('connector_submissions{regime="in-einvoice",state="WRITTEN_BACK"} 1') &&
        // and nothing still in flight (the refused write-back has given up)
        body.includes('state="WRITEBACK_FAILED"} 1')
        ? body
        : undefined;
    });
    const res = await scrape();
    expect(res.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/);
    expect(text).toContain('# TYPE connector_submissions gauge');
    expect(text).toContain('connector_documents{direction="sales"} 3');
    expect(text).toContain(
      'connector_submission_errors{regime="in-einvoice",error_class="rejected",error_code="2172"} 1',
    );
    expect(text).toMatch(/^connector_queue_jobs\{name="[^"]+",state="completed"\} [1-9]/m);
    expect(text).toMatch(/^connector_oldest_pending_submission_age_seconds 0$/m);
    expect(text).toContain('connector_process_cpu_user_seconds_total');
  });

  it('reports write-back failures by connector and error class', async () => {
    const text = await eventually(async () => {
      const body = await (await scrape()).text();
      return body.includes('connector_writeback_failures{') ? body : undefined;
    }, 20_000);
    expect(text).toContain('# TYPE connector_writeback_failures gauge');
    expect(text).toContain(
      'connector_writeback_failures{connector="refusing-erp",error_class="writeback-transient"} 1',
    );
    expect(text).not.toMatch(/connector_writeback_failures\{connector="hook"/);
  });
});
