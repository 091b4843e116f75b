/**
 * Boot refuses a configuration the regimes cannot work with, before anything starts: a wrong value in
 * an instance's `regimeSettings` (named with the instance, the setting and the rule; a secret's value not
 * shown) and a regime no registered implementation provides (its documents would wait at READY for ever).
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp } from '../../src/app.factory';
import { ConfigError } from '../../src/config/config-loader';
import { validateConfig } from '../../src/config/config-loader';
import { migrateDatabase } from '../../src/app-schema';
import { regimePort } from '../../src/compliance/regime-job';
import { REGIME_PLUGINS } from '../../src/regimes';
import { createMigratedTestDatabase } from '../support/test-database';
import { TEST_API_KEY } from '../support/test-app';

const SELLER_GSTIN = '29AADCD4821K1ZI';

describe('regime configuration at boot', () => {
  let db: Awaited<ReturnType<typeof createMigratedTestDatabase>>;
  const started: NestExpressApplication[] = [];
  beforeAll(async () => {
    db = await createMigratedTestDatabase('regime_config');
    await migrateDatabase(db.url);
  });
  afterAll(async () => {
    for (const app of started) await app.close();
    await db?.drop();
  });

  const config = (regimes: string[], regimeSettings: Record<string, Record<string, unknown>>) =>
    validateConfig({
      server: { port: 0, roles: ['api'], dataDir: '/tmp/regime-config-test' },
      database: { url: db.url },
      security: { apiKeys: [TEST_API_KEY] },
      connectors: [
        {
          name: 'shop',
          kind: 'webhook',
          regimes,
          config: { secret: 'a-webhook-secret-of-32-characters!' },
          regimeSettings,
        },
      ],
    });

  async function boot(options: Parameters<typeof createApp>[0]): Promise<unknown> {
    try {
      started.push(await createApp(options));
      return undefined;
    } catch (error) {
      return error;
    }
  }

  it('stops on a wrong e-invoice setting, naming instance, setting and rule, never a secret', async () => {
    const error = await boot({
      config: config(['in-einvoice'], {
        'in-einvoice': {
          gstin: '29AADCD4821K1ZX',
          baseUrl: 'gsp.example',
          provider: 'catalog-c',
          clientSecret: 42,
        },
      }),
      databaseUrl: db.url,
    });
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        'connectors.shop.regimeSettings.in-einvoice.gstin: must be a GSTIN with a valid check digit (value: "29AADCD4821K1ZX")',
        expect.stringMatching(
          /^connectors\.shop\.regimeSettings\.in-einvoice\.baseUrl: must be a URL address \(value: "gsp\.example"\)$/,
        ),
        expect.stringMatching(
          /^connectors\.shop\.regimeSettings\.in-einvoice\.provider: must be one of the following values: nic-gsp-catalog-a, nic-api-catalog-b \(value: "catalog-c"\)$/,
        ),
        'connectors.shop.regimeSettings.in-einvoice.clientSecret: must be a string (value: [redacted])',
      ]),
    );
  });

  it('stops on a KSA instance that names the GSP without its credentials', async () => {
    const error = await boot({
      config: config(['sa-zatca'], { 'sa-zatca': { egsUnitId: 'egs-1', provider: 'gsp-ksa' } }),
      databaseUrl: db.url,
    });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^connectors\.shop\.regimeSettings\.sa-zatca\.baseUrl: must be a URL address/),
        expect.stringMatching(/^connectors\.shop\.regimeSettings\.sa-zatca\.clientId: /),
        expect.stringMatching(
          /^connectors\.shop\.regimeSettings\.sa-zatca\.clientSecret: .*\(value: \[redacted\]\)$/,
        ),
      ]),
    );
  });

  it('validates settings over the process defaults: a default fills what the instance leaves out', async () => {
    const error = await boot({
      config: config(['in-einvoice'], { 'in-einvoice': { gstin: SELLER_GSTIN } }),
      databaseUrl: db.url,
      regimeDefaults: { 'in-einvoice': { baseUrl: 'not a url' } },
    });
    expect((error as ConfigError).problems).toEqual([
      'connectors.shop.regimeSettings.in-einvoice.baseUrl: must be a URL address (value: "not a url")',
    ]);
  });

  it('stops on a configured regime that no registered implementation provides', async () => {
    // This build's registry without the e-invoice regime, whatever else it registers.
    const withoutEinvoice = REGIME_PLUGINS.filter((plugin) => plugin.descriptor.name !== 'in-einvoice');
    const error = await boot({
      config: config(['in-einvoice'], { 'in-einvoice': { gstin: SELLER_GSTIN } }),
      databaseUrl: db.url,
      regimePlugins: withoutEinvoice,
    });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      `connectors.shop.regimes: in-einvoice has no implementation registered in this build (registered: ${withoutEinvoice
        .map((plugin) => plugin.descriptor.name)
        .join(', ')})`,
    ]);
  });

  it("stops on a regime job's port that nothing in the build implements, naming job and port", async () => {
    // The KSA regime as registered, its reporting job also asking for a store this build does not bind.
    const unbound = regimePort<{ pending(): Promise<string[]> }>('zatca-archive-store');
    const plugins = REGIME_PLUGINS.map((plugin) =>
      plugin.descriptor.name !== 'sa-zatca'
        ? plugin
        : {
            ...plugin,
            descriptor: {
              ...plugin.descriptor,
              jobs: (plugin.descriptor.jobs ?? []).map((job) => ({
                ...job,
                ports: [...(job.ports ?? []), unbound],
              })),
            },
          },
    );
    const error = await boot({
      config: config(['sa-zatca'], { 'sa-zatca': { egsUnitId: 'egs-1' } }),
      databaseUrl: db.url,
      regimePlugins: plugins,
    });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'regime job zatca-report declares port zatca-archive-store, which nothing in this build implements',
    ]);
  });

  it('boots with right settings, in the older `catalog:` spelling too', async () => {
    const error = await boot({
      config: config(['in-einvoice', 'sa-zatca'], {
        'in-einvoice': {
          gstin: SELLER_GSTIN,
          catalog: 'B',
          baseUrl: 'http://127.0.0.1:9',
          clientId: 'c',
          clientSecret: 's',
        },
        'sa-zatca': { egsUnitId: 'egs-1' },
      }),
      databaseUrl: db.url,
    });
    expect(error).toBeUndefined();
  });
});
