import { sampleIndiaInvoice } from '../../domain/__fixtures__';
import type { CanonicalInvoice } from '../../domain';
import { consignmentValue } from '../../mappers/ewaybill';
import { EinvoiceRegime } from './einvoice.regime';

function withTransport(invoice: CanonicalInvoice): CanonicalInvoice {
  return { ...invoice, transport: { distanceKm: 150, mode: 'ROAD', vehicleNumber: 'KA01AB1234' } };
}

describe('the instance decides, through the e-invoice regime', () => {
  const value = consignmentValue(withTransport(sampleIndiaInvoice()), {});
  const instance = (regimes: string[], ewaybill: Record<string, unknown> = {}) => ({
    regimes,
    settingsOf: (regime: string) => (regime === 'in-ewaybill' ? ewaybill : {}),
  });
  // Mapping sends nothing: no provider is ever asked for.
  const regime = new EinvoiceRegime(() => {
    throw new Error('no provider in a mapping test');
  });
  const mapped = (...args: Parameters<typeof instance>) => {
    const outcome = regime.map(
      withTransport({ ...sampleIndiaInvoice(), documentDate: '2026-11-20' }),
      {},
      instance(...args),
    );
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    return outcome.value;
  };
  const ewbDtls = (...args: Parameters<typeof instance>) => mapped(...args).payload.EwbDtls;

  it("sends none where the instance runs no e-way bill regime, and says the bill is the operator's", () => {
    expect(value.greaterThan(50_000)).toBe(true);
    const einvoiceOnly = mapped(['in-einvoice']);
    expect(einvoiceOnly.payload.EwbDtls).toBeUndefined();
    expect(einvoiceOnly.submissionWarnings).toEqual([
      expect.objectContaining({
        code: 'EWB_NOT_REQUESTED',
        message: expect.stringContaining('does not run in-ewaybill') as unknown,
      }),
    ]);
  });

  it("follows the instance's own threshold, not the legal default", () => {
    expect(ewbDtls(['in-einvoice', 'in-ewaybill'], { threshold: value.plus(1).toFixed(2) })).toBeUndefined();
    expect(ewbDtls(['in-einvoice', 'in-ewaybill'], { threshold: value.minus(1).toFixed(2) })).toEqual(
      expect.objectContaining({ Distance: 150 }),
    );
    expect(mapped(['in-einvoice', 'in-ewaybill']).submissionWarnings).toBeUndefined();
  });
});
