/**
 * The GSP grants one client id an allowance of requests per window, however many processes the service
 * runs. Two return gateway clients of one client id, each on its own connection pool as two processes
 * are, pace their requests together through PostgreSQL: the allowance is never exceeded by the two.
 */
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { ReturnGatewayClient } from '../../src/compliance/returns';
import { CollectingHttpLogger, InMemoryTokenStore } from '../../src/compliance/http';
import { dataSourceOptions } from '../../src/database/data-source';
import { migrateDatabase } from '../../src/app-schema';
import { ProviderRateLimiter } from '../../src/database/repositories';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import { RETURNS_SERVICE, type ReturnsSimulatorHandle } from '@erp-connector/sandbox/returns';
import { createMigratedTestDatabase } from '../support/test-database';
import { SANDBOX_RETURNS_ACCOUNT, sandboxAccountSettings } from './sandbox-account-settings';

const account = SANDBOX_RETURNS_ACCOUNT;
const ALLOWANCE = { limit: 3, windowMs: 1500 };
const CALLS_EACH = 3;

describe('return gateway clients of one client id in two processes share its allowance', () => {
  let sandbox: RunningSandbox;
  let drop: () => Promise<void>;
  const pools: DataSource[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({
      only: ['returns'],
      rateLimit: { limit: 0, windowMs: 60_000 },
      returns: { periods: [{ gstin: account.gstin, period: '102026' }] },
    });
    const created = await createMigratedTestDatabase('returns_rate');
    drop = created.drop;
    await migrateDatabase(created.url);
    for (let i = 0; i < 2; i++)
      pools.push(await new DataSource(dataSourceOptions(created.url, 2)).initialize());
  });
  afterAll(async () => {
    for (const pool of pools) await pool.destroy();
    await drop?.();
    await sandbox?.stop();
  });

  it('sends no more than the allowance in any window across both', async () => {
    const base = sandbox.urls[RETURNS_SERVICE];
    const logger = new CollectingHttpLogger();
    const clients = pools.map(
      (pool) =>
        new ReturnGatewayClient(sandboxAccountSettings(base), {
          tokenStore: new InMemoryTokenStore(),
          rateLimiter: new ProviderRateLimiter(pool, ALLOWANCE),
          logger,
        }),
    );
    const handle = sandbox.simulators.find((s) => s.name === 'returns')!.handle as ReturnsSimulatorHandle;
    const supplier = handle.period(account.gstin, '102026').book[0].SupplierGSTIN;

    const started = performance.now();
    const answers = await Promise.all(
      clients.flatMap((client) => Array.from({ length: CALLS_EACH }, () => client.searchTaxpayer(supplier))),
    );
    const elapsed = performance.now() - started;
    expect(answers).toHaveLength(2 * CALLS_EACH);
    for (const answer of answers) expect(answer).toMatchObject({ gstin: supplier, sts: 'Active' });

    // Six searches (and any token requests) through an allowance of three a window: the fourth send
    // waits for the first to leave the window, so the whole takes a window at least. Each process on its
    // own would have sent its three at once.
    const sends = logger.entries.length;
    expect(sends).toBeGreaterThan(ALLOWANCE.limit);
    expect(elapsed).toBeGreaterThanOrEqual(
      ALLOWANCE.windowMs * Math.floor((sends - 1) / ALLOWANCE.limit) - 50,
    );
  });
});
