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
  const ewbDtls = (...args: Parameters<typeof instance>) => {
    const mapped = regime.map(
      withTransport({ ...sampleIndiaInvoice(), documentDate: '2026-11-20' }),
      {},
      instance(...args),
    );
    if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
    return mapped.value.payload.EwbDtls;
  };

  it('follows the legal default where the instance runs no e-way bill regime', () => {
    expect(ewbDtls(['in-einvoice'], { threshold: value.plus(1).toFixed(2) })).toEqual(
      expect.objectContaining({ Distance: 150 }),
    );
  });

  it("follows the instance's own threshold, not the legal default", () => {
    expect(ewbDtls(['in-einvoice', 'in-ewaybill'], { threshold: value.plus(1).toFixed(2) })).toBeUndefined();
    expect(ewbDtls(['in-einvoice', 'in-ewaybill'], { threshold: value.minus(1).toFixed(2) })).toEqual(
      expect.objectContaining({ Distance: 150 }),
    );
  });
});
