import { sampleIndiaInvoice } from '../domain/__fixtures__';
import { applyOverrides } from './overrides';

describe('operator overrides', () => {
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

  it('never follows a path outside the canonical invoice, and leaves Object.prototype alone', () => {
    const invoice = sampleIndiaInvoice();
    for (const path of ['buyer.__proto__.documents', '__proto__.x', 'constructor.prototype.x']) {
      expect(() => applyOverrides(invoice, { [path]: 'x' })).toThrow(/refused/);
    }
    expect(({} as Record<string, unknown>).documents).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
