/**
 * The compliance clients' debug log over real HTTP: at LOG_LEVEL=debug each attempt is logged with what
 * the call was (method, path, status, duration, sizes) and no invoice contents, because bodies hold
 * buyers, amounts and signed invoices; bodies appear only with LOG_HTTP_BODIES=true, and then with their
 * secrets redacted. Secrets (headers, query, body fields) are in no line either way.
 */
import { Logger, type LoggerService } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ComplianceHttpClient, CircuitBreaker } from '../../src/compliance/http';
import { ComplianceHttpLog } from '../../src/sync/compliance-http-log';
import { REDACTED } from '../../src/security/redaction';

const CLIENT_SECRET = 'cs-9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const AUTH_TOKEN = 'tok-1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d';
const PASSWORD = 'pw-Irp!2026-secret';
const BUYER = 'Sunrise Traders Pvt Ltd';
const BUYER_GSTIN = '29AAFCM7314Q1ZT';
const SIGNED_INVOICE = 'eyJhbGciOiJSUzI1NiJ9.eyJCdXllckR0bHMiOnsiTGdsTm0iOiJTdW5yaXNlIn19.c2ln';

class CollectingLogger implements LoggerService {
  readonly lines: string[] = [];
  private keep(message: unknown): void {
    this.lines.push(typeof message === 'string' ? message : JSON.stringify(message));
  }
  log(message: unknown): void {
    this.keep(message);
  }
  error(message: unknown): void {
    this.keep(message);
  }
  warn(message: unknown): void {
    this.keep(message);
  }
  debug(message: unknown): void {
    this.keep(message);
  }
  verbose(message: unknown): void {
    this.keep(message);
  }
}

describe('the compliance HTTP debug log', () => {
  let server: Server;
  let url: string;
  let collected: CollectingLogger;
  const env = { level: process.env.LOG_LEVEL, bodies: process.env.LOG_HTTP_BODIES };

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ Irn: 'a'.repeat(64), SignedInvoice: SIGNED_INVOICE, BuyerName: BUYER })),
      );
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((closed) => server.close(closed));
  });
  beforeEach(() => {
    collected = new CollectingLogger();
    Logger.overrideLogger(collected);
    process.env.LOG_LEVEL = 'debug';
  });
  afterEach(() => {
    Logger.overrideLogger(new Logger());
    for (const [name, value] of [
      ['LOG_LEVEL', env.level],
      ['LOG_HTTP_BODIES', env.bodies],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  async function generate(): Promise<void> {
    const client = new ComplianceHttpClient({
      provider: 'gsp-test',
      logger: new ComplianceHttpLog(),
      circuitBreaker: new CircuitBreaker(),
    });
    await client.send({
      operation: 'generate',
      method: 'post',
      url: `${url}/einvoice/type/GENERATE/version/V1_03?aspid=1600&password=${encodeURIComponent(PASSWORD)}`,
      headers: { client_secret: CLIENT_SECRET, authtoken: AUTH_TOKEN, gstin: '29AADCD4821K1ZI' },
      data: {
        BuyerDtls: { LglNm: BUYER, Gstin: BUYER_GSTIN },
        ValDtls: { TotInvVal: 118000 },
        password: PASSWORD,
      },
      idempotent: false,
      rateKey: 'gsp-test|client',
    });
  }

  const debugLines = () => collected.lines.filter((line) => line.includes('"operation":"generate"'));

  it('logs method, path, status, duration and sizes, without bodies, query or secrets', async () => {
    delete process.env.LOG_HTTP_BODIES;
    await generate();
    const [line, ...more] = debugLines();
    expect(more).toEqual([]);
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(entry).toMatchObject({
      provider: 'gsp-test',
      method: 'POST',
      path: '/einvoice/type/GENERATE/version/V1_03',
      status: 200,
      attempt: 1,
    });
    expect(entry.durationMs).toEqual(expect.any(Number));
    expect(entry.requestBytes).toBeGreaterThan(50);
    expect(entry.responseBytes).toBeGreaterThan(SIGNED_INVOICE.length);
    const all = collected.lines.join('\n');
    for (const content of [BUYER, BUYER_GSTIN, '118000', SIGNED_INVOICE, 'aspid'])
      expect([content, all.includes(content)]).toEqual([content, false]);
    for (const secret of [CLIENT_SECRET, AUTH_TOKEN, PASSWORD, encodeURIComponent(PASSWORD)])
      expect([secret, all.includes(secret)]).toEqual([secret, false]);
  });

  it('adds bodies and headers, secrets redacted, only when LOG_HTTP_BODIES=true', async () => {
    process.env.LOG_HTTP_BODIES = 'true';
    await generate();
    const entry = JSON.parse(debugLines()[0]) as Record<string, unknown>;
    expect(entry.requestBody).toMatchObject({ BuyerDtls: { LglNm: BUYER }, password: REDACTED });
    expect(entry.responseBody).toMatchObject({ SignedInvoice: SIGNED_INVOICE });
    expect(entry.requestHeaders).toMatchObject({ client_secret: REDACTED, authtoken: REDACTED });
    const all = collected.lines.join('\n');
    for (const secret of [CLIENT_SECRET, AUTH_TOKEN, PASSWORD, encodeURIComponent(PASSWORD)])
      expect([secret, all.includes(secret)]).toEqual([secret, false]);
  });

  it('logs nothing of the exchange below debug', async () => {
    process.env.LOG_LEVEL = 'info';
    process.env.LOG_HTTP_BODIES = 'true';
    await generate();
    expect(debugLines()).toEqual([]);
  });
});
