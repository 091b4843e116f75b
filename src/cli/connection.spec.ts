import { resolveConnection, resolveUrl } from './connection';

describe('connection settings', () => {
  const nowhere = '/nonexistent-dir-for-cli-spec';

  it('takes --url over CONNECTOR_URL over the default, without a trailing slash', () => {
    expect(resolveUrl({ url: 'http://a:1/' }, { env: { CONNECTOR_URL: 'http://b:2' } })).toBe('http://a:1');
    expect(resolveUrl({}, { env: { CONNECTOR_URL: 'https://b:2/api/' } })).toBe('https://b:2/api');
    expect(resolveUrl({}, { env: {} })).toBe('http://localhost:3000');
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => resolveUrl({ url: 'localhost:3000' }, { env: {} })).toThrow(/http or https|not a valid/);
    expect(() => resolveUrl({ url: 'not a url' }, { env: {} })).toThrow('not a valid service URL: not a url');
  });

  it('takes --api-key over CONNECTOR_API_KEY and names the source, not the key', () => {
    const env = { CONNECTOR_API_KEY: 'from-env' };
    expect(resolveConnection({ apiKey: 'from-flag' }, { env, cwd: nowhere })).toMatchObject({
      apiKey: 'from-flag',
      keySource: '--api-key',
    });
    expect(resolveConnection({}, { env, cwd: nowhere })).toMatchObject({
      apiKey: 'from-env',
      keySource: 'CONNECTOR_API_KEY',
    });
  });

  it('says where a key can come from when there is none', () => {
    expect(() => resolveConnection({}, { env: {}, cwd: nowhere })).toThrow(/no API key: pass --api-key/);
  });
});
