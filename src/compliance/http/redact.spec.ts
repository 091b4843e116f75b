import { redact, REDACTED } from './redact';

describe('redact', () => {
  it('masks credentials, tokens, keys and Authorization headers at any depth, keeping the rest', () => {
    const input = {
      client_id: 'abc',
      client_secret: 's3cret',
      headers: { Authorization: 'Bearer xyz', 'auth-token': 't', gstin: '29AABCS1429B1ZQ' },
      body: [{ password: 'p', AppKey: 'k', Sek: 'sek', AuthToken: 'a', Irn: 'irn' }],
    };
    expect(redact(input)).toEqual({
      client_id: 'abc',
      client_secret: REDACTED,
      headers: { Authorization: REDACTED, 'auth-token': REDACTED, gstin: '29AABCS1429B1ZQ' },
      body: [{ password: REDACTED, AppKey: REDACTED, Sek: REDACTED, AuthToken: REDACTED, Irn: 'irn' }],
    });
    expect(input.client_secret).toBe('s3cret');
  });

  it('masks the secret fields of a form-urlencoded body (an OAuth2 token request)', () => {
    expect(redact('grant_type=client_credentials&client_id=abc&client_secret=s3cret%21')).toBe(
      `grant_type=client_credentials&client_id=abc&client_secret=${REDACTED}`,
    );
    expect(redact('plain text, not a form')).toBe('plain text, not a form');
  });
});
