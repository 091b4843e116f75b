import { sampleIndiaInvoice } from '../../domain/__fixtures__';
import type { CanonicalInvoice } from '../../domain';
import { consignmentValue } from '../ewaybill';
import { mapToNicEinvoiceV11 } from './irn-v1.1.mapper';

const TODAY = '2099-01-01';

function withTransport(invoice: CanonicalInvoice = sampleIndiaInvoice()): CanonicalInvoice {
  return { ...invoice, transport: { distanceKm: 150, mode: 'ROAD', vehicleNumber: 'KA01AB1234' } };
}

function ewbDtlsOf(invoice: CanonicalInvoice, threshold?: string): unknown {
  const outcome = mapToNicEinvoiceV11(invoice, {
    today: TODAY,
    ...(threshold ? { ewaybillRules: { threshold } } : {}),
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.value.EwbDtls;
}

describe('EwbDtls goes with the IRN only when the e-way bill regime says a bill is needed', () => {
  const value = consignmentValue(withTransport(), {});

  it('is sent for goods over the threshold', () => {
    expect(ewbDtlsOf(withTransport(), value.minus(0.01).toFixed(2))).toEqual(
      expect.objectContaining({ Distance: 150, VehNo: 'KA01AB1234' }),
    );
  });

  it('is not sent for goods at exactly the threshold, nor below it', () => {
    expect(ewbDtlsOf(withTransport(), value.toFixed(2))).toBeUndefined();
    expect(ewbDtlsOf(withTransport(), value.plus(1).toFixed(2))).toBeUndefined();
  });

  it('is not sent for a services invoice with transport details (no 4009 at EwbDtls)', () => {
    const invoice = sampleIndiaInvoice();
    const services = {
      ...invoice,
      lines: invoice.lines.map((line) => ({ ...line, hsnCode: '998739', isService: true })),
    };
    expect(ewbDtlsOf(withTransport(services), '1.00')).toBeUndefined();
  });
});
