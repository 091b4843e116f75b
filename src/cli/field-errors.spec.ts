import { formatFieldErrors } from './field-errors';

describe('formatFieldErrors', () => {
  it('prints path, message, rule and value, one error a line', () => {
    expect(
      formatFieldErrors([
        {
          path: 'seller.gstin',
          rule: 'gstin.checkDigit',
          message: 'bad check digit',
          value: '29AABCK1234L1ZX',
        },
        { path: 'reason', rule: 'minLength', message: 'too short' },
      ]),
    ).toBe(
      '  seller.gstin: bad check digit [gstin.checkDigit] (value: 29AABCK1234L1ZX)\n  reason: too short [minLength]\n',
    );
  });

  it('names the canonical field to override when the error is on a regime payload field', () => {
    expect(
      formatFieldErrors(
        [
          {
            path: 'ItemList[0].HsnCd',
            canonicalPath: 'lines[0].hsnCode',
            rule: 'irn.hsn.format',
            message: 'must be 4, 6 or 8 digits',
            value: '00',
          },
          {
            path: 'buyer.gstin',
            canonicalPath: 'buyer.gstin',
            rule: 'gstin.checkDigit',
            message: 'bad check digit',
          },
        ],
        '',
      ),
    ).toBe(
      'ItemList[0].HsnCd: must be 4, 6 or 8 digits [irn.hsn.format] (value: 00) {fix: lines[0].hsnCode}\n' +
        'buyer.gstin: bad check digit [gstin.checkDigit]\n',
    );
  });

  it('names an error without a path as the whole document', () => {
    expect(formatFieldErrors([{ path: '', rule: 'required', message: 'no lines' }], '')).toBe(
      '(document): no lines [required]\n',
    );
  });
});
