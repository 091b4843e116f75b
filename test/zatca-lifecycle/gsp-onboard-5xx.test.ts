import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GspKsaClient } from '../../src/regimes/sa-zatca/gsp-ksa.client';
import { CircuitBreaker } from '../../src/compliance/http/circuit-breaker';

/** A GSP that issues tokens and answers every other call 502 after reading it. */
describe('KSA GSP onboarding: a 5xx after the OTP call left us', () => {
  let server: Server;
  let baseUrl: string;
  const calls: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      calls.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => {
        if (req.url?.startsWith('/oauth/token')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ access_token: 't', token_type: 'Bearer', expires_in: 3600 }));
          return;
        }
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is "OTP may be spent" (not transient), and the OTP is sent once', async () => {
    const client = new GspKsaClient({
      baseUrl,
      clientId: 'id',
      clientSecret: 'secret',
      email: 'ops@example.sa',
      circuitBreaker: new CircuitBreaker(),
    });
    await expect(client.requestComplianceCsid('Y3Ny', '123456')).rejects.toMatchObject({
      errorClass: 'rejected',
      options: { code: 'OTP_MAYBE_SPENT' },
    });
    const sent = calls.filter((c) => !c.includes('/oauth/token'));
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0].split(' ')[1], baseUrl).searchParams.get('email')).toBe('ops@example.sa');
  });
});
