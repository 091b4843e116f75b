import { ConnectorError } from '../contract';
import { connectorErrorForNetworkFailure, connectorErrorForStatus } from './http-failures';

const answer = (status: number, headers: Record<string, string> = {}) => ({
  status,
  header: (name: string) => headers[name.toLowerCase()],
});

describe('connectorErrorForStatus', () => {
  it.each([401, 403])('%i: the credentials are the settings to fix (config)', (status) => {
    expect(connectorErrorForStatus('SAP B1', answer(status))).toMatchObject({
      errorClass: 'config',
      details: { status },
    });
  });

  it.each([408, 429, 500, 502, 503, 504])('%i: transient', (status) => {
    const error = connectorErrorForStatus('SAP B1', answer(status));
    expect(error).toMatchObject({ errorClass: 'transient', retryable: true });
  });

  it('a 429 carries its Retry-After, as seconds or as a date', () => {
    expect(connectorErrorForStatus('Zoho', answer(429, { 'retry-after': '7' })).details).toMatchObject({
      retryAfterMs: 7000,
    });
    const later = new Date(Date.now() + 60_000).toUTCString();
    const fromDate = connectorErrorForStatus('Zoho', answer(503, { 'retry-after': later }));
    expect(fromDate.details?.retryAfterMs).toBeGreaterThan(50_000);
  });

  it.each([400, 404, 405, 409, 422])(
    '%i: a request the connector should not have made (system)',
    (status) => {
      expect(connectorErrorForStatus('Zoho', answer(status))).toMatchObject({ errorClass: 'system' });
    },
  );
});

describe('connectorErrorForNetworkFailure', () => {
  const socket = (code: string) => Object.assign(new Error(code), { code });

  it('no connection: transient, never sent', () => {
    expect(connectorErrorForNetworkFailure('Tally', socket('EHOSTUNREACH'))).toMatchObject({
      errorClass: 'transient',
      details: { code: 'EHOSTUNREACH', neverSent: true },
    });
  });

  it('a reset: transient, may have been sent', () => {
    expect(connectorErrorForNetworkFailure('Tally', socket('ECONNRESET'))).toMatchObject({
      errorClass: 'transient',
      details: { neverSent: false },
    });
  });

  it('an invalid URL is the settings to fix', () => {
    const invalid = new TypeError('Invalid URL', { cause: socket('ERR_INVALID_URL') });
    expect(connectorErrorForNetworkFailure('Zoho', invalid)).toMatchObject({ errorClass: 'config' });
  });

  it('a ConnectorError passes through', () => {
    const error = new ConnectorError('system', 'bad answer');
    expect(connectorErrorForNetworkFailure('Zoho', error)).toBe(error);
  });
});
