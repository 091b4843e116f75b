/**
 * A fourth regime, registered by one line: `xx-demo` (test/fixtures/regimes/xx-demo, the walkthrough of
 * docs/regime-sdk.md) is added to this build's REGIME_PLUGINS and nothing else is touched. The real service
 * (database, queue, HTTP, webhook connector) takes a document through it to the demo authority, simulated
 * over real HTTP, and calls the sender back with the authority's identifier; a refused document, a
 * mapping failure and a lost answer take their own ways; a wrong setting stops the boot; the CLI finds
 * its own command in its folder's cli/.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { REGIMES_FOLDER } from '../../src/cli/regime-commands';
import { runCli } from '../cli/cli-harness';
import { createApp } from '../../src/app.factory';
import { ConfigError, validateConfig } from '../../src/config/config-loader';
import type { CanonicalInvoice } from '../../src/domain/canonical-invoice';
import {
  SAMPLE_BUYER_GSTIN,
  SAMPLE_INTERSTATE_BUYER_GSTIN,
  sampleIndiaInvoice,
} from '../../src/domain/__fixtures__';
import { REGIME_PLUGINS } from '../../src/regimes';
import { startDemoAuthority, type DemoAuthority } from '../fixtures/regimes/xx-demo/demo-authority';
import { XX_DEMO_MODULE } from '../fixtures/regimes/xx-demo/xx-demo.module';
import { json, postSignedWebhook, type Json } from '../support/http';
import { eventually, startTestApp, TEST_API_KEY, type TestApp } from '../support/test-app';
import { SchedulerService } from '../../src/sync';
import { XX_DEMO_STATUS_JOB, XxDemoStatusPass } from '../fixtures/regimes/xx-demo/xx-demo-status';

const SECRET = 'whsec-xx-demo-0123456789abcdef0123';
const API_KEY = 'xx-demo-api-key-0123456789';
const SELLER_TAXPAYER = '29AABCK1234L1ZI';

const get = async (t: TestApp, path: string): Promise<Json> =>
  json(await fetch(`${t.url}${path}`, { headers: { 'x-api-key': TEST_API_KEY } }));

function yesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

describe('a fourth regime registered by one line (xx-demo)', () => {
  let authority: DemoAuthority;
  let callbackServer: Server;
  let t: TestApp;
  const callbacks: Json[] = [];

  const connector = (regimeSettings: Record<string, unknown>, callbackUrl?: string) => ({
    name: 'shop',
    kind: 'webhook',
    regimes: ['xx-demo'],
    config: { secret: SECRET, ...(callbackUrl ? { callbackUrl } : {}) },
    regimeSettings: { 'xx-demo': regimeSettings },
  });

  beforeAll(async () => {
    authority = await startDemoAuthority({ apiKey: API_KEY, taxpayers: [SAMPLE_BUYER_GSTIN] });
    callbackServer = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        callbacks.push(JSON.parse(body));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((listening) => callbackServer.listen(0, '127.0.0.1', listening));
    const { port } = callbackServer.address() as AddressInfo;
    t = await startTestApp({
      regimePlugins: [...REGIME_PLUGINS, XX_DEMO_MODULE],
      connectors: [
        connector(
          { baseUrl: authority.url, taxpayerId: SELLER_TAXPAYER, apiKey: API_KEY },
          `http://127.0.0.1:${port}/outcomes`,
        ),
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((closed) => callbackServer?.close(closed));
    await authority?.stop();
  });

  async function push(invoice: CanonicalInvoice): Promise<string> {
    const res = await postSignedWebhook(t.url, 'shop', SECRET, JSON.stringify(invoice));
    expect(res.status).toBe(202);
    return (await json(res)).accepted[0].documentId as string;
  }

  const callbackOf = (documentId: string, state: string) =>
    eventually<Json>(() =>
      Promise.resolve(callbacks.find((c) => c.documentId === documentId && c.state === state)),
    );

  async function submissionOf(documentId: string): Promise<Json> {
    const page = await get(t, `/submissions?regime=xx-demo&limit=50`);
    return (page.items as Json[]).find((s) => s.documentId === documentId);
  }

  it('registers a document at the authority and writes its identifier back to the sender', async () => {
    const documentId = await push(
      sampleIndiaInvoice({ documentNumber: 'XX/0001', documentDate: yesterday() }),
    );

    const callback = await callbackOf(documentId, 'REGISTERED');
    const registration = authority.registrations.get('XX/0001');
    expect(registration?.registrationId).toMatch(/^XXD-\d{6}$/);
    expect(callback).toMatchObject({
      documentId,
      documentNumber: 'XX/0001',
      regime: 'xx-demo',
      state: 'REGISTERED',
      identifiers: {
        ackNo: registration!.registrationId,
        ackDate: registration!.registeredAt,
        // An identifier of the regime's own kind, written back as the authority gave it.
        extra: { verificationCode: registration!.verificationCode },
      },
      error: null,
    });
    expect(authority.submits.filter((n) => n === 'XX/0001')).toHaveLength(1);

    const submission = await eventually(async () => {
      const s = await submissionOf(documentId);
      return s?.state === 'WRITTEN_BACK' ? s : undefined;
    });
    expect(submission).toMatchObject({ regime: 'xx-demo', ackNo: registration!.registrationId });
    expect(registration!.verificationCode).toMatch(/^VC-[0-9A-F]{8}$/);
    const detail = await get(t, `/documents/${documentId}`);
    expect((detail.submissions as Json[])[0].identifiers).toMatchObject({
      extra: { verificationCode: registration!.verificationCode },
    });
  });

  it("runs the regime's scheduled job on a queue of its own name, with the port its module binds", async () => {
    const pass = t.app.get(XxDemoStatusPass);
    const before = pass.runs.length;
    expect(await t.app.get(SchedulerService).tickRegimeJob(XX_DEMO_STATUS_JOB)).toBe(1);
    await eventually(() => Promise.resolve(pass.runs.length > before ? true : undefined));
  });

  it('lists the regime among the registered ones', async () => {
    const regimes = (await get(t, '/regimes')) as Json[];
    expect(regimes.map((r) => r.name)).toEqual(['in-einvoice', 'sa-zatca', 'in-ewaybill', 'xx-demo']);
    // Its identifier of its own kind, labelled for the console.
    expect(regimes.find((r) => r.name === 'xx-demo')?.identifierFields).toEqual([
      { code: 'verificationCode', label: 'Verification code' },
    ]);
  });

  it("gives the CLI the regime's own command, found in its folder's cli/", async () => {
    const fixtureRegimes = resolve(__dirname, '..', 'fixtures', 'regimes');
    const calls = await get(t, '/xx-demo/calls');
    const out = await runCli(['xx-demo', 'calls', '--url', t.url], {
      env: { CONNECTOR_API_KEY: TEST_API_KEY },
      regimeFolders: [REGIMES_FOLDER, fixtureRegimes],
    });
    expect(out).toMatchObject({ code: 0, stderr: '' });
    expect(out.stdout).toBe(`register ${String(calls.register)}, lookup ${String(calls.lookup)}\n`);
    // This build's CLI alone has no such command; its own regimes' are there.
    const help = await runCli(['--help']);
    expect(help.stdout).not.toMatch(/xx-demo/);
    expect(help.stdout).toMatch(/\n {2}zatca /);
    expect(help.stdout).toMatch(/\n {2}ewaybill /);
  });

  it('keeps the authority refusal with its code and the canonical path of the field', async () => {
    const invoice = sampleIndiaInvoice({ documentNumber: 'XX/0002', documentDate: yesterday() });
    invoice.buyer.gstin = SAMPLE_INTERSTATE_BUYER_GSTIN;
    const documentId = await push(invoice);

    const callback = await callbackOf(documentId, 'REJECTED');
    expect(callback.error).toMatchObject({
      errorClass: 'rejected',
      code: 'XX-201',
      fieldErrors: [
        {
          path: 'buyer.gstin',
          authorityPath: 'buyerTaxId',
          rule: 'authority',
          value: SAMPLE_INTERSTATE_BUYER_GSTIN,
        },
      ],
    });
    expect(authority.registrations.has('XX/0002')).toBe(false);
    expect(await submissionOf(documentId)).toMatchObject({
      errorCode: 'XX-201',
      fieldErrors: [expect.objectContaining({ path: 'buyer.gstin', authorityPath: 'buyerTaxId' })],
    });
  });

  it('stops at mapping with the canonical path of what the authority cannot do without', async () => {
    const invoice = sampleIndiaInvoice({
      documentNumber: 'XX/0003',
      documentDate: yesterday(),
      supplyType: 'B2C',
    });
    delete invoice.buyer.gstin;
    const documentId = await push(invoice);

    const callback = await callbackOf(documentId, 'MAPPING_FAILED');
    expect(callback.error.fieldErrors).toEqual([
      expect.objectContaining({ path: 'buyer.gstin', rule: 'required' }),
    ]);
    expect(authority.submits).not.toContain('XX/0003');
  });

  it('looks a document up after a lost answer and adopts its registration instead of resending', async () => {
    authority.dropNextAnswer();
    const documentId = await push(
      sampleIndiaInvoice({ documentNumber: 'XX/0004', documentDate: yesterday() }),
    );

    const callback = await callbackOf(documentId, 'REGISTERED');
    const registration = authority.registrations.get('XX/0004');
    expect(callback.identifiers.ackNo).toBe(registration!.registrationId);
    expect(authority.submits.filter((n) => n === 'XX/0004')).toHaveLength(1);
    expect(authority.lookups).toEqual(['XX/0004']);
    // The regime's own route, served by the module, saw the same from this side.
    expect(await get(t, '/xx-demo/calls')).toEqual({ register: 3, lookup: 1 });
  });

  it('refuses to boot on a wrong setting, naming the instance and the setting, never the secret', async () => {
    let error: unknown;
    try {
      const app = await createApp({
        config: validateConfig({
          server: { port: 0, roles: ['api'], dataDir: t.dataDir },
          database: { url: t.databaseUrl },
          security: { apiKeys: [TEST_API_KEY] },
          connectors: [connector({ baseUrl: 'authority.example', taxpayerId: SELLER_TAXPAYER, apiKey: 42 })],
        }),
        databaseUrl: t.databaseUrl,
        regimePlugins: [...REGIME_PLUGINS, XX_DEMO_MODULE],
      });
      await app.close();
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual(
      expect.arrayContaining([
        'connectors.shop.regimeSettings.xx-demo.baseUrl: must be a URL address (value: "authority.example")',
        expect.stringMatching(
          /^connectors\.shop\.regimeSettings\.xx-demo\.apiKey: .*\(value: \[redacted\]\)$/,
        ),
      ]),
    );
  });
});
