import { sampleIndiaInvoice } from '../../domain/__fixtures__';
import { ComplianceError } from '../../compliance';
import type { EwaybillPayload } from './ewaybill-payload';
import type { EwaybillBulkRow, EwaybillGenerateRequest, EwaybillProvider } from './ewaybill-types';
import type { SubmitContext } from '../../compliance';
import { EwaybillRegime } from './ewaybill.regime';

function context(overrides: Partial<SubmitContext> = {}): SubmitContext {
  return {
    submissionId: 's',
    documentId: 'd',
    connectorInstance: 'erp',
    attempt: 1,
    outcomeUnknown: false,
    previous: {},
    settings: SETTINGS,
    ...overrides,
  };
}

const SETTINGS = {};

function payload(docNo: string): EwaybillPayload {
  const regime = new EwaybillRegime({ ewaybillFor: () => provider([]) });
  const mapped = regime.map(sampleIndiaInvoice({ documentNumber: docNo, transport: { distanceKm: 10 } }), {});
  if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
  return mapped.value.payload;
}

/** A provider answering generate from a script of errors, then with a bill; bulk a row per request. */
function provider(
  failures: ComplianceError[],
): EwaybillProvider & { generated: string[]; bulkCalls: number } {
  const generated: string[] = [];
  return {
    catalog: 'B',
    generated,
    bulkCalls: 0,
    generate(request: EwaybillGenerateRequest) {
      const failure = failures.shift();
      if (failure) return Promise.reject(failure);
      generated.push(request.docNo);
      return Promise.resolve({
        ewbNo: String(381000000000 + generated.length),
        ewbDate: '26/11/2026 10:00:00 AM',
        raw: {},
      });
    },
    bulkGenerate(requests: EwaybillGenerateRequest[]) {
      this.bulkCalls += 1;
      return Promise.resolve(
        requests.map((request, index): EwaybillBulkRow => {
          generated.push(request.docNo);
          return { index, result: { ewbNo: String(382000000000 + index), ewbDate: '', raw: {} } };
        }),
      );
    },
    updatePartB: () => Promise.reject(new Error('unused')),
    extendValidity: () => Promise.reject(new Error('unused')),
    cancel: () => Promise.reject(new Error('unused')),
    consolidate: () => Promise.reject(new Error('unused')),
  };
}

describe('EwaybillRegime', () => {
  it('retries a transient failure 3 times at 1 s, 2 s and 4 s, then surfaces it', async () => {
    const busy = () => new ComplianceError('transient', 'try after 5 minutes', { code: '118' });
    const sleeps: number[] = [];
    const fake = provider([busy(), busy(), busy(), busy()]);
    const regime = new EwaybillRegime({
      ewaybillFor: () => fake,
      sleep: (ms) => (sleeps.push(ms), Promise.resolve()),
    });
    await expect(regime.submit(payload('A/1'), context())).rejects.toMatchObject({
      options: { code: '118' },
    });
    expect(sleeps).toEqual([1000, 2000, 4000]);
    expect(fake.generated).toEqual([]);
  });

  it('keeps a refusal with its codes and does not retry it', async () => {
    const sleeps: number[] = [];
    const fake = provider([
      new ComplianceError('rejected', '216 Invalid HSN Code', { code: '216', response: { x: 1 } }),
    ]);
    const regime = new EwaybillRegime({
      ewaybillFor: () => fake,
      sleep: (ms) => (sleeps.push(ms), Promise.resolve()),
    });
    await expect(regime.submit(payload('A/2'), context())).resolves.toMatchObject({
      status: 'rejected',
      code: '216',
      response: { x: 1 },
    });
    expect(sleeps).toEqual([]);
  });

  it('in a batch, sends the documents without an IRN in one bulk call and one with an IRN on its own', async () => {
    const fake = provider([]);
    const regime = new EwaybillRegime({ ewaybillFor: () => fake });
    const waiting = context({ upstream: { 'in-einvoice': { irn: 'a'.repeat(64) } } });
    const outcomes = await regime.submitMany([
      { payload: payload('B/1'), context: context() },
      { payload: payload('B/2'), context: waiting },
      { payload: payload('B/3'), context: context() },
    ]);
    expect(fake.bulkCalls).toBe(1);
    expect([...fake.generated].sort()).toEqual(['B/1', 'B/2', 'B/3']);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 'registered' });
  });

  it('adopts the bill read back by document after 604, and reads it first after an unknown outcome', async () => {
    const fake = {
      ...provider([new ComplianceError('rejected', '604 already generated', { code: '604' })]),
      getEwaybillByDocument: (docType: string, docNo: string) =>
        Promise.resolve({
          ewbNo: 391000000007,
          ewayBillDate: '26/11/2026 09:05:00 AM',
          validUpto: null,
          docType,
          docNo,
          status: 'ACT',
        }),
    };
    const regime = new EwaybillRegime({ ewaybillFor: () => fake });
    await expect(regime.submit(payload('C/1'), context())).resolves.toMatchObject({
      status: 'registered',
      adopted: true,
      identifiers: { ewbNo: '391000000007', ewbDate: '2026-11-26 09:05:00' },
    });
    await expect(regime.submit(payload('C/2'), context({ outcomeUnknown: true }))).resolves.toMatchObject({
      adopted: true,
    });
    expect(fake.generated).toEqual([]);
  });

  it('applies with the instance thresholds when given them', () => {
    const regime = new EwaybillRegime({ ewaybillFor: () => provider([]) });
    expect(regime.appliesTo(sampleIndiaInvoice())).toBe(true);
    expect(regime.appliesTo(sampleIndiaInvoice(), { threshold: '100000' })).toBe(false);
  });
});
