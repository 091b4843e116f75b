import { catalogBErrors, catalogBProfile, isCatalogBFailure } from './catalog-b-profile';

describe('catalog B answers', () => {
  it.each([
    [
      { success: false, errors: [{ code: '2150', message: 'Duplicate IRN' }] },
      [{ code: '2150', message: 'Duplicate IRN' }],
    ],
    [
      { Status: 0, ErrorDetails: [{ ErrorCode: '2150', ErrorMessage: 'Duplicate IRN' }] },
      [{ code: '2150', message: 'Duplicate IRN' }],
    ],
    [{ error: { code: '2189', message: 'Invalid total' } }, [{ code: '2189', message: 'Invalid total' }]],
    [{ success: false, message: '2150 : Duplicate IRN' }, [{ code: '2150', message: 'Duplicate IRN' }]],
    [{ message: 'DocDtls.Dt must be dd/mm/yyyy' }, []],
    ['<html>Bad Gateway</html>', []],
  ])('reads the IRP errors of %j', (body, errors) => {
    expect(catalogBErrors(body)).toEqual(errors);
  });

  it.each([
    [{ success: true, data: { Irn: 'x' } }, false],
    [{ success: false }, true],
    [{ status: '0' }, true],
    [{ status: 'FAILURE' }, true],
    [{ Status: 0, ErrorDetails: [{ ErrorCode: '2150' }] }, true],
    [{ data: { Irn: 'x' }, info: [] }, false],
  ])('%j says it failed: %s', (body, failed) => {
    expect(isCatalogBFailure(body)).toBe(failed);
  });

  it('puts the published paths under {base_url}/einvoice, each overridable', () => {
    const published = catalogBProfile();
    expect(published.url('https://gsp.example/', 'generate-irn')).toBe(
      'https://gsp.example/einvoice/api/v1/generate-irn',
    );
    expect(published.url('https://gsp.example', 'cancel-irn')).toBe(
      'https://gsp.example/einvoice/cancel-irn',
    );
    expect(published.tokenUrl('https://gsp.example')).toBe('https://gsp.example/oauth/token');
    const moved = catalogBProfile({ tokenPath: '/auth/token', paths: { qr: '/v2/qr' } });
    expect(moved.url('https://gsp.example', 'qr')).toBe('https://gsp.example/einvoice/v2/qr');
    expect(moved.tokenUrl('https://gsp.example')).toBe('https://gsp.example/auth/token');
  });
});
