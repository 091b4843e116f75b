import { sampleIndiaInvoice } from '../../domain/__fixtures__';
import { mapToNicEinvoiceV11, type NicEinvoiceV11 } from '../../mappers/irn';
import { irnPrintable, type IrnRegistration } from './irn-printable';

function registered(): NicEinvoiceV11 {
  const mapped = mapToNicEinvoiceV11(sampleIndiaInvoice());
  if (!mapped.ok) throw new Error(JSON.stringify(mapped.errors));
  return mapped.value;
}

const REGISTRATION: IrnRegistration = {
  irn: 'a1b2c3d4'.repeat(8),
  ackNo: '112610012345678',
  ackDate: '2026-11-21 10:15:00',
  signedQr: 'header.claims.signature',
  cancelled: false,
};

describe('irnPrintable', () => {
  it('prints the registered JSON: parties with state names, HSN lines, GST split, totals in Indian grouping', () => {
    const printable = irnPrintable(registered(), REGISTRATION);
    expect(printable.title.en).toBe('e-Invoice: Tax Invoice');
    expect(printable.banner).toBeUndefined();
    expect(printable.registration.map((f) => [f.label.en, f.value])).toEqual([
      ['IRN', REGISTRATION.irn],
      ['Ack No', '112610012345678'],
      ['Ack Date', '2026-11-21 10:15:00'],
    ]);
    expect(printable.parties.map((p) => p.role.en)).toEqual(['Supplier', 'Recipient']);
    expect(printable.parties[1].facts.map((f) => [f.label.en, f.value])).toEqual([
      ['GSTIN', sampleIndiaInvoice().buyer.gstin],
      ['Place of supply', 'Karnataka (29)'],
    ]);
    expect(printable.parties[0].address.at(-1)).toBe('Bengaluru, Karnataka (29), 560058');
    expect(printable.columns.map((c) => c.label.en)).not.toContain('Cess');
    expect(printable.lines[0]).toEqual([
      '1',
      'Steel almirah, 4 door',
      '94031090',
      '2',
      'NOS',
      '12,500.00',
      '500.00',
      '24,500.00',
      '18',
      '0.00',
      '2,205.00',
      '2,205.00',
      '28,910.00',
    ]);
    expect(printable.totals.map((f) => [f.label.en, f.value])).toEqual([
      ['Taxable value', '49,002.50'],
      ['CGST', '4,410.23'],
      ['SGST/UTGST', '4,410.23'],
      ['Round off', '0.04'],
      ['Total invoice value (INR)', '57,823.00'],
    ]);
    expect(printable.qr.payload).toBe('header.claims.signature');
  });

  it('marks a cancelled IRN and shows the e-way bill and any cess', () => {
    const invoice = registered();
    invoice.ItemList[1] = { ...invoice.ItemList[1], CesRt: 1, CesAmt: 210.03 };
    const printable = irnPrintable(invoice, {
      ...REGISTRATION,
      cancelled: true,
      ewaybill: {
        ewbNo: '351001234567',
        ewbDate: '2026-11-21 10:16:00',
        validUpto: '2026-11-22T23:59:00+05:30',
      },
    });
    expect(printable.banner).toBe('IRN CANCELLED');
    expect(printable.registration.slice(3).map((f) => [f.label.en, f.value])).toEqual([
      ['E-way bill no', '351001234567'],
      ['E-way bill date', '2026-11-21 10:16:00'],
      ['E-way bill valid upto', '2026-11-22T23:59:00+05:30'],
    ]);
    const cess = printable.columns.findIndex((c) => c.label.en === 'Cess');
    expect(printable.lines.map((line) => line[cess])).toEqual(['0.00', '210.03', '0.00']);
  });
});
