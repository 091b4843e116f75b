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
        { path: 'reason', message: 'too short' },
      ]),
    ).toBe(
      '  seller.gstin: bad check digit [gstin.checkDigit] (value: 29AABCK1234L1ZX)\n  reason: too short\n',
    );
  });

  it('names an error without a path as the whole document', () => {
    expect(formatFieldErrors([{ path: '', message: 'no lines' }], '')).toBe('(document): no lines\n');
  });
});
