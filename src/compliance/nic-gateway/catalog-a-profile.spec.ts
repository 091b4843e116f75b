import { catalogATokenExpiry, classifyCatalogAErrors, DEFAULT_TOKEN_LIFETIME_MS } from './catalog-a-profile';
import { parseStatusDesc } from './irp-rejection';

describe('catalog A error map', () => {
  const kind = (statusDesc: string) => classifyCatalogAErrors(parseStatusDesc(statusDesc), statusDesc);
  const coded = (code: string, message = 'x') => JSON.stringify([{ ErrorCode: code, ErrorMessage: message }]);

  it.each([
    [coded('1005', 'Invalid Token'), 'auth'],
    ['Invalid Token', 'auth'],
    ['Auth token has expired', 'auth'],
    [coded('2146', 'Unable to create IRN, Pls. try after some time'), 'transient'],
    [coded('2147'), 'transient'],
    [coded('5002'), 'transient'],
    [coded('GSPGSTDOWN'), 'gateway-outage'],
    [coded('GSPERR300'), 'gateway-outage'],
    ['EWB : GSPGSTDOWN', 'gateway-outage'],
    ['<html><title>504 Gateway Time-out</title></html>', 'gateway-outage'],
    ['Connection reset by peer', 'gateway-outage'],
    [coded('2150', 'Duplicate IRN'), 'rejected'],
    [coded('2189'), 'rejected'],
    [coded('2230'), 'rejected'],
    ['Some plain refusal', 'rejected'],
  ])('%s is %s', (statusDesc, expected) => {
    expect(kind(statusDesc)).toBe(expected);
  });
});

describe('catalog A token expiry', () => {
  const now = Date.UTC(2026, 10, 26, 6, 0, 0);
  it.each([
    ['2026-11-26 14:18:00', Date.UTC(2026, 10, 26, 8, 48, 0)],
    ['26/11/2026 02:18:00 PM', Date.UTC(2026, 10, 26, 8, 48, 0)],
    ['26/11/2026 14:18:00', Date.UTC(2026, 10, 26, 8, 48, 0)],
    ['2026-11-26T09:00:00Z', Date.UTC(2026, 10, 26, 9, 0, 0)],
  ])('reads %s', (text, expected) => {
    expect(catalogATokenExpiry(text, now)).toBe(expected);
  });

  it.each([[undefined], [''], ['tomorrow'], ['2026-11-26 10:00:00'], [1764147600]])(
    'takes the documented hour for %p (absent, unreadable or already past)',
    (text) => {
      expect(catalogATokenExpiry(text, now)).toBe(now + DEFAULT_TOKEN_LIFETIME_MS);
    },
  );
});
