import { inCanonicalStyle } from './field-error-style';

describe('field errors in one path style', () => {
  it('makes a mapper error name its canonical field, keeping the payload field as the authority path', () => {
    expect(
      inCanonicalStyle({
        path: 'ItemList[0].HsnCd',
        canonicalPath: 'lines[0].hsnCode',
        rule: 'irn.hsn.format',
        message: 'm',
      }),
    ).toEqual({
      path: 'lines[0].hsnCode',
      authorityPath: 'ItemList[0].HsnCd',
      rule: 'irn.hsn.format',
      message: 'm',
    });
  });

  it('keeps a canonical error as it is, and marks a payload field with no single source as the authority path', () => {
    const canonical = { path: 'lines[0].unit', rule: 'required', message: 'm' };
    expect(inCanonicalStyle(canonical)).toEqual(canonical);
    expect(inCanonicalStyle({ path: 'ValDtls.TotInvVal', rule: 'total', message: 'm' })).toEqual({
      path: 'ValDtls.TotInvVal',
      authorityPath: 'ValDtls.TotInvVal',
      rule: 'total',
      message: 'm',
    });
  });
});
