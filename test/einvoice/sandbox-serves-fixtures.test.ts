/**
 * The simulator follows the providers' recorded exchanges, not the other way round: every method and path
 * in test/fixtures/providers/{catalog-a,catalog-b,ksa-gsp} is served by the sandbox (answered as the
 * provider answers a caller without valid credentials, never 404), and the paths the clients used to
 * invent are gone. Both e-way bill tables are served whole (src/sandbox/ewaybill).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { startZatcaSimulator, type ZatcaSimulator } from '@erp-connector/sandbox/zatca';
import { FIXTURE_ROOT, loadFixture } from '../compliance-http/contract-server';

function exchanges(folder: string): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const file of readdirSync(join(FIXTURE_ROOT, folder))) {
    const { method, path } = loadFixture(`${folder}/${file.replace(/\.json$/, '')}`).request;
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

async function statusOf(base: string, method: string, path: string): Promise<number> {
  const body =
    method === 'GET' ? undefined : method === 'POST' && path.endsWith('/token') ? 'grant_type=x' : '{}';
  const contentType = path.endsWith('/token') ? 'application/x-www-form-urlencoded' : 'application/json';
  const response = await fetch(`${base}${path}?email=ops%40example.test`, {
    method,
    headers: { 'content-type': contentType },
    body,
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status;
}

describe('the sandbox serves the recorded exchanges of each profile', () => {
  let sandbox: RunningSandbox;
  let zatca: ZatcaSimulator;

  beforeAll(async () => {
    sandbox = await startSandbox({ rateLimit: { limit: 0, windowMs: 60_000 } });
    zatca = await startZatcaSimulator();
  });
  afterAll(async () => {
    await sandbox.stop();
    await zatca.stop();
  });

  it.each(exchanges('catalog-a'))('catalog A: $method $path', async ({ method, path }) => {
    expect(await statusOf(sandbox.urls.einvoiceGsp, method, path)).not.toBe(404);
  });

  it.each(exchanges('catalog-b'))('catalog B: $method $path', async ({ method, path }) => {
    expect(await statusOf(sandbox.urls.einvoiceApi, method, path)).not.toBe(404);
  });

  it.each(exchanges('ksa-gsp'))('KSA GSP: $method $path', async ({ method, path }) => {
    expect(await statusOf(zatca.url, method, path)).not.toBe(404);
  });

  it.each(exchanges('ewaybill-a'))('e-way bill catalog A: $method $path', async ({ method, path }) => {
    expect(await statusOf(sandbox.urls.einvoiceGsp, method, path)).not.toBe(404);
  });

  it.each(exchanges('ewaybill-b'))('e-way bill catalog B: $method $path', async ({ method, path }) => {
    expect(await statusOf(sandbox.urls.einvoiceApi, method, path)).not.toBe(404);
  });

  it.each([
    ['einvoiceApi', 'POST', '/api/v1/auth/token'],
    ['einvoiceApi', 'GET', '/api/v1/irn/abc'],
    ['einvoiceApi', 'GET', '/api/v1/gstin/29AABCS1429B1ZQ'],
    ['einvoiceApi', 'POST', '/api/v1/generate-irn'],
    ['einvoiceGsp', 'POST', '/einvoice/type/B2CQR/version/V1_03'],
  ])('no longer serves the invented %s %s %s', async (service, method, path) => {
    expect(await statusOf(sandbox.urls[service], method, path)).toBe(404);
  });

  it.each([
    ['POST', '/ksa-einvoice/api/v1/reporting'],
    ['GET', '/ksa-einvoice/api/v1/status/some-uuid'],
  ])('KSA GSP no longer serves the invented %s %s', async (method, path) => {
    expect(await statusOf(zatca.url, method, path)).toBe(404);
  });
});
