import { sampleIndiaInvoice } from '../domain/__fixtures__';
import { applyOverrides, parsePath } from './overrides';

describe('operator overrides', () => {
  it('parses field-error paths', () => {
    expect(parsePath('lines[2].hsnCode')).toEqual(['lines', 2, 'hsnCode']);
    expect(parsePath('buyer.address.postalCode')).toEqual(['buyer', 'address', 'postalCode']);
  });

  it('sets and removes fields on a copy, leaving the ERP payload untouched', () => {
    const invoice = sampleIndiaInvoice();
    const fixed = applyOverrides(invoice, {
      'buyer.gstin': '29AAFCM5678Q1ZE',
      'lines[0].hsnCode': '8471',
      notes: null,
    });
    expect(fixed.buyer.gstin).toBe('29AAFCM5678Q1ZE');
    expect(fixed.lines[0].hsnCode).toBe('8471');
    expect(fixed.notes).toBeUndefined();
    expect(invoice.lines[0].hsnCode).not.toBe('8471');
  });
});
