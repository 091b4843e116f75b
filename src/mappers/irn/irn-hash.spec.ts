import { sampleIndiaInvoice } from '../../domain/__fixtures__';
import { computeIrn, irnForInvoice } from './irn-hash';

/**
 * Expected values are IRNs the IRP itself returned in NIC-signed responses (seller GSTIN, financial
 * year, type and number read from the signed invoices), not values computed by this code.
 */
describe('computeIrn', () => {
  it('matches the IRN NIC assigned to invoice SINV-CFY-00067 of 16/09/2022', () => {
    expect(computeIrn('01AMBPG7773M002', '2022-23', 'INV', 'SINV-CFY-00067')).toBe(
      '706daeccda0ef6f818da78f3a2a05a1288731057373002289b46c3229289a2e7',
    );
  });

  it('includes the document type: a credit and a debit note with the same number get different IRNs', () => {
    expect(computeIrn('01AMBPG7773M002', '2022-23', 'CRN', 'g2qxhY')).toBe(
      '1c96258af085e45da556494ea5e5a7b401a598ab80af4136309c2dac7b54d795',
    );
    expect(computeIrn('01AMBPG7773M002', '2022-23', 'DBN', 'g2qxhY')).toBe(
      '24f37c80532583c6894d8153e2b12494daa80ddbb197f0fc2c1bac07db67f933',
    );
  });

  it('hashes the document number with its case preserved', () => {
    const irn = computeIrn('02AMBPG7773M002', '2023-24', 'INV', '9sQ5E2');
    expect(irn).toBe('2ecc42a8e81dcbbb56923e4bd046c861ce7374060bd31875ce35447e922c9399');
    expect(computeIrn('02AMBPG7773M002', '2023-24', 'INV', '9SQ5E2')).not.toBe(irn);
  });
});

describe('irnForInvoice', () => {
  it('derives the financial year from the document date', () => {
    const invoice = sampleIndiaInvoice({
      seller: { ...sampleIndiaInvoice().seller, gstin: '01AMBPG7773M002' },
      documentNumber: 'SINV-CFY-00067',
      documentDate: '2022-09-16',
    });
    expect(irnForInvoice(invoice)).toBe('706daeccda0ef6f818da78f3a2a05a1288731057373002289b46c3229289a2e7');
  });

  it('puts 31 March and 1 April in different financial years', () => {
    const march = irnForInvoice(sampleIndiaInvoice({ documentDate: '2024-03-31' }));
    const april = irnForInvoice(sampleIndiaInvoice({ documentDate: '2024-04-01' }));
    const gstin = sampleIndiaInvoice().seller.gstin ?? '';
    const number = sampleIndiaInvoice().documentNumber;
    expect(march).toBe(computeIrn(gstin, '2023-24', 'INV', number));
    expect(april).toBe(computeIrn(gstin, '2024-25', 'INV', number));
  });

  it('refuses an invoice without a seller GSTIN', () => {
    const { gstin: _none, ...seller } = sampleIndiaInvoice().seller;
    expect(() => irnForInvoice(sampleIndiaInvoice({ seller }))).toThrow(/GSTIN/);
  });
});
