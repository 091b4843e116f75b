/**
 * What may overlap within one EGS unit (docs/providers.md, "KSA at volume"): ZATCA's rules set the chain
 * inside each invoice (ICV, PIH) and no order of arrival, so signing is serial and sending overlaps. The
 * simulator accepts a unit's invoices arriving out of counter order and refuses a fork (a counter used
 * twice, or a previous hash that does not match the neighbour it holds).
 */
import { InMemoryZatcaChainStore } from '../../src/regimes/sa-zatca/chain';
import type { ZatcaProvider } from '../../src/regimes/sa-zatca/fatoora.types';
import type { ZatcaPayload } from '../../src/regimes/sa-zatca/zatca.regime';
import type { Registered, Rejected } from '../../src/compliance/regime';
import { testEgsUnit, testInvoice } from './support/egs-fixtures';
import { startZatcaHarness, submitContext, type ZatcaHarness } from './support/zatca-harness';

const UNIT = 'egs-till-overlap';

describe('one EGS unit under concurrent sending', () => {
  let h: ZatcaHarness;
  beforeAll(async () => {
    h = await startZatcaHarness();
    await h.onboarding.onboard(testEgsUnit(UNIT), h.simulator.otp);
  });
  afterAll(async () => {
    await h.simulator.stop();
  });

  function payloadOf(number: string): ZatcaPayload {
    const mapped = h.regime.map(testInvoice('standard', number, UNIT), {});
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
    return mapped.value.payload;
  }

  it('clears invoices signed in order that reach ZATCA out of counter order', async () => {
    // The first signed invoice's clearance is held until the second one has been answered.
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let calls = 0;
    const holding = Object.create(h.client) as ZatcaProvider;
    holding.clear = async (credentials, submission) => {
      calls += 1;
      if (calls === 1) await firstHeld;
      const answer = await h.client.clear(credentials, submission);
      if (calls === 2) releaseFirst();
      return answer;
    };
    const regime = h.regimeWith({ provider: holding });
    const before = h.simulator.records.invoices.length;
    const outcomes = (await Promise.all([
      regime.submit(payloadOf('OVL-1'), submitContext()),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
        regime.submit(payloadOf('OVL-2'), submitContext()),
      ),
    ])) as Registered[];
    const icvs = outcomes.map((outcome) => outcome.identifiers.zatcaIcv!);
    expect(icvs[1]).toBe(icvs[0] + 1);
    const arrived = h.simulator.records.invoices.slice(before);
    expect(arrived.map((record) => [Number(record.icv), record.status])).toEqual([
      [icvs[1], 'CLEARED'],
      [icvs[0], 'CLEARED'],
    ]);
  });

  it('refuses a fork: a counter already used by another invoice of the unit', async () => {
    // A second chain store for the same unit (as a lost database would) starts the counter again.
    const forked = h.regimeWith({ chain: new InMemoryZatcaChainStore() });
    const outcome = (await forked.submit(payloadOf('OVL-FORK'), submitContext())) as Rejected;
    expect(outcome.status).toBe('rejected');
    const last = h.simulator.records.invoices.at(-1)!;
    expect(last.status).toBe('NOT_CLEARED');
    expect(last.errors.map((error) => error.code)).toEqual(
      expect.arrayContaining(['invalid-invoice-counter']),
    );
  });
});
