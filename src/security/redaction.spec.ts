import { isSecretKey, redact, REDACTED } from './redaction';
import { Secret } from './secret.decorator';

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

describe('the one secret list', () => {
  it('knows the names every former list knew: logs, config display and ZATCA error bodies', () => {
    for (const key of [
      'password',
      'clientSecret',
      'client_secret',
      'accessToken',
      'apiKey',
      'apiKeys',
      'x-api-key',
      'privateKey',
      'binarySecurityToken',
      'OTP',
      'otpValue',
      'csr',
      'Sek',
      'txn',
      'Authorization',
      'cookie',
      'x-webhook-signature',
    ]) {
      expect([key, isSecretKey(key)]).toEqual([key, true]);
    }
  });

  it('matches short names as whole words only', () => {
    for (const key of ['notPresent', 'description', 'transactionCount', 'irn', 'gstin', 'csrfFree']) {
      expect([key, isSecretKey(key)]).toEqual([key, false]);
    }
  });

  it('masks fields marked @Secret() on a config class, whatever their name', () => {
    class Settings {
      @Secret()
      webhookUrlWithKey = 'https://x.example/?k=abc';
      name = 'shown';
    }
    expect(redact({ settings: new Settings() })).toEqual({
      settings: { webhookUrlWithKey: REDACTED, name: 'shown' },
    });
  });

  it("keeps an error's message and masks its enumerable fields", () => {
    const error = Object.assign(new Error('request failed'), {
      config: { headers: { Authorization: 'Basic c2VjcmV0' } },
    });
    expect(redact({ error })).toEqual({
      error: { name: 'Error', message: 'request failed', config: { headers: { Authorization: REDACTED } } },
    });
  });
});
