/**
 * GET /regimes over real HTTP: every regime's reason lists in the authority's own numbering (the console
 * fills its dropdowns from here). The e-way bill's cancel code 2 is "order cancelled" and 3 "data entry
 * mistake", the IRN's the other way round; Part-B and extension reasons are the e-way bill system's.
 */
import { type INestApplication, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { tmpdir } from 'node:os';
import { ApiKeyGuard } from '../../src/api/api-key.guard';
import { ApiKeys } from '../../src/api/api-keys';
import { RegimesController } from '../../src/api/regimes.controller';
import { AppConfig } from '../../src/config/app-config';
import { RegimeRegistry } from '../../src/compliance';
import { REGIME_PLUGINS } from '../../src/regimes';
import { validateConfig } from '../../src/config/config-loader';
import { type Json, json } from '../support/http';
import { TEST_API_KEY } from '../support/test-app';

function regimesModule(): new () => unknown {
  const config = validateConfig({
    server: { port: 0, roles: ['api'], dataDir: tmpdir() },
    database: { url: 'postgres://unused/unused' },
    security: { apiKeys: [TEST_API_KEY] },
  });
  @Module({
    controllers: [RegimesController],
    providers: [
      { provide: AppConfig, useValue: config },
      ApiKeys,
      { provide: APP_GUARD, useClass: ApiKeyGuard },
      // The registry of this build's regimes (the route lists what it registers).
      {
        provide: RegimeRegistry,
        useValue: new RegimeRegistry(
          [],
          REGIME_PLUGINS.map((p) => p.descriptor),
        ),
      },
    ],
  })
  class RegimesTestModule {}
  return RegimesTestModule;
}

const codes = (reasons: Json[]): Record<string, string> =>
  Object.fromEntries(reasons.map((r: Json) => [r.code as string, r.label as string]));

describe('GET /regimes', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [regimesModule()] }).compile();
    app = moduleRef.createNestApplication();
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });
  afterAll(async () => app.close());

  it('needs an API key', async () => {
    expect((await fetch(`${url}/regimes`)).status).toBe(401);
  });

  it("serves each regime's cancel, Part-B and extension reasons", async () => {
    const response = await fetch(`${url}/regimes`, { headers: { 'x-api-key': TEST_API_KEY } });
    expect(response.status).toBe(200);
    const regimes = (await json(response)) as Json[];
    const byName = Object.fromEntries(regimes.map((r: Json) => [r.name as string, r]));
    expect(codes(byName['in-ewaybill'].cancelReasons)).toEqual({
      '1': 'duplicate',
      '2': 'order cancelled',
      '3': 'data entry mistake',
      '4': 'others',
    });
    expect(codes(byName['in-einvoice'].cancelReasons)).toEqual({
      '1': 'duplicate',
      '2': 'data entry mistake',
      '3': 'order cancelled',
      '4': 'others',
    });
    expect(byName['in-ewaybill'].cancelRemarkMaxLength).toBe(50);
    const operations = Object.fromEntries(
      (byName['in-ewaybill'].operations as Json[]).map((o: Json) => [o.name as string, codes(o.reasons)]),
    );
    expect(Object.keys(operations['part-b'])).toEqual(['1', '2', '3', '4']);
    expect(Object.keys(operations.extend)).toEqual(['1', '2', '4', '5', '99']);
    expect(byName['sa-zatca'].cancelReasons).toEqual([]);
  });
});
