/**
 * A regime that depends on another's registration (RegimeDescriptor.dependsOn, as an e-way bill by IRN
 * needs the IRN) waits at READY while the other regime's submission of the same document is not yet
 * registered, and is then sent with the other's identifiers in `SubmitContext.upstream`. The pipeline is
 * the real one (database, queue, HTTP); the two regimes are test-only, registered in this test's build.
 */
import { createHash } from 'node:crypto';
import type { ComplianceRegime, SubmitContext, SubmitOutcome } from '../../src/compliance/regime';
import type { RegimeDescriptor } from '../../src/compliance/regime-descriptor';
import { projectEveryIdentifier } from '../../src/compliance/regime-registry';
import type { CanonicalInvoice } from '../../src/domain/canonical-invoice';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import type { RegimeName } from '../../src/domain/regime-name';
import { json, postSignedWebhook } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';

const SECRET = 'd'.repeat(32);

class NoSettings {}

/** Registers when the test lets it: `release()` ends the wait of every send so far and after. */
class HeldRegime implements ComplianceRegime<{ documentNumber: string }> {
  readonly name = 'in-einvoice' as const;
  readonly sent: string[] = [];
  private released!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.released = resolve));

  appliesTo(invoice: CanonicalInvoice): boolean {
    return invoice.country === 'IN';
  }
  map(invoice: CanonicalInvoice) {
    return { ok: true as const, value: { payload: { documentNumber: invoice.documentNumber } } };
  }
  async submit(payload: { documentNumber: string }): Promise<SubmitOutcome> {
    this.sent.push(payload.documentNumber);
    await this.gate;
    const irn = createHash('sha256').update(payload.documentNumber).digest('hex');
    return { status: 'registered', identifiers: { irn, ackNo: '112610000000001' }, response: {} };
  }
  release(): void {
    this.released();
  }
}

/** Records what it was sent with; registers at once. */
class DependentRegime implements ComplianceRegime<{ documentNumber: string }> {
  readonly name = 'in-ewaybill' as const;
  readonly contexts: SubmitContext[] = [];

  appliesTo(invoice: CanonicalInvoice): boolean {
    return invoice.country === 'IN';
  }
  map(invoice: CanonicalInvoice) {
    return { ok: true as const, value: { payload: { documentNumber: invoice.documentNumber } } };
  }
  submit(_payload: { documentNumber: string }, context: SubmitContext): Promise<SubmitOutcome> {
    this.contexts.push(context);
    return Promise.resolve({ status: 'registered', identifiers: { ewbNo: '321000000001' }, response: {} });
  }
}

function descriptor(name: RegimeName, dependsOn?: RegimeDescriptor['dependsOn']): RegimeDescriptor {
  return { name, settingsClass: NoSettings, projectIdentifiers: projectEveryIdentifier, dependsOn };
}

describe('a regime that depends on another regime registration', () => {
  let t: TestApp;
  const upstream = new HeldRegime();
  const dependent = new DependentRegime();

  beforeAll(async () => {
    t = await startTestApp({
      regimes: [upstream, dependent],
      regimePlugins: [
        { descriptor: descriptor('in-einvoice'), create: () => upstream },
        {
          descriptor: descriptor('in-ewaybill', { regime: 'in-einvoice', until: 'registered' }),
          create: () => dependent,
        },
      ],
      connectors: [
        {
          name: 'hook',
          kind: 'webhook',
          regimes: ['in-einvoice', 'in-ewaybill'],
          config: { secret: SECRET },
        },
      ],
    });
  });
  afterAll(async () => {
    upstream.release();
    await t?.close();
  });

  const states = async (): Promise<Record<string, string>> => {
    const res = await fetch(`${t.url}/documents?limit=10`, { headers: { 'x-api-key': TEST_API_KEY } });
    const [document] = (await json(res)).items as { submissions: { regime: string; state: string }[] }[];
    return Object.fromEntries((document?.submissions ?? []).map((s) => [s.regime, s.state]));
  };

  it('waits at READY until the other is registered, then is sent with its identifiers', async () => {
    const body = JSON.stringify(sampleIndiaInvoice({ documentNumber: 'DEP/0001' }));
    expect((await postSignedWebhook(t.url, 'hook', SECRET, body)).status).toBe(202);

    // The e-invoice is being sent (and held there); the e-way bill is mapped and waits.
    await eventually(() => Promise.resolve(upstream.sent.length === 1 ? true : undefined));
    await eventually(async () => ((await states())['in-ewaybill'] === 'READY' ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await states()).toEqual({ 'in-einvoice': 'SUBMITTING', 'in-ewaybill': 'READY' });
    expect(dependent.contexts).toEqual([]);

    upstream.release();
    const sent = await eventually(() =>
      Promise.resolve(dependent.contexts.length > 0 ? dependent.contexts : undefined),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].upstream).toEqual({
      'in-einvoice': {
        irn: createHash('sha256').update('DEP/0001').digest('hex'),
        ackNo: '112610000000001',
      },
    });
    await eventually(async () => {
      const now = await states();
      return now['in-einvoice'] === 'WRITTEN_BACK' && now['in-ewaybill'] === 'WRITTEN_BACK' ? now : undefined;
    });
  });
});
