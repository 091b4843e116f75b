/**
 * What the e-way bill operation tests (over the API and from the console) run against: the sandbox's
 * e-way bill system, the real app with one CSV instance `books` running in-ewaybill for the sandbox's
 * Karnataka seller, its database, and the product's catalog A client to generate bills with (seedBill).
 */
import { resolve } from 'node:path';
import type { DataSource } from 'typeorm';
import { DataSource as DataSourceToken } from 'typeorm';
import {
  DEFAULT_EINVOICE_ACCOUNTS,
  SANDBOX_GSTINS,
  startSandbox,
  type RunningSandbox,
} from '@erp-connector/sandbox';
import { ClientRateLimiter } from '../../src/compliance/http';
import { CatalogAEwaybillClient, type EwaybillProviderConfig } from '../../src/regimes/in-ewaybill';
import { startTestApp, type TestApp } from '../support/test-app';

export const SELLER = SANDBOX_GSTINS.karnatakaSeller;

export interface EwaybillWorld {
  sandbox: RunningSandbox;
  app: TestApp;
  db: DataSource;
  generator: CatalogAEwaybillClient;
  stop(): Promise<void>;
}

/** `settings`: the instance's e-way bill settings beside the sandbox's gateway (e.g. autoExtend). */
export async function startEwaybillWorld(settings: Record<string, unknown> = {}): Promise<EwaybillWorld> {
  const account = DEFAULT_EINVOICE_ACCOUNTS[0];
  const sandbox = await startSandbox({ only: ['einvoice'], rateLimit: { limit: 0, windowMs: 60_000 } });
  const provider: EwaybillProviderConfig = {
    catalog: 'A',
    baseUrl: sandbox.urls.einvoiceGsp,
    clientId: account.clientId,
    clientSecret: account.clientSecret,
    username: account.username,
    password: account.password,
    gstin: SELLER,
    email: 'ops@example.test',
    http: { maxAttempts: 1, backoffBaseMs: 1, backoffMaxMs: 2 },
  };
  const generator = new CatalogAEwaybillClient(provider, {
    rateLimiter: new ClientRateLimiter({ limit: 0, windowMs: 1 }),
  });
  const app = await startTestApp({
    roles: ['api'],
    connectors: [
      {
        name: 'books',
        kind: 'csv',
        regimes: ['in-ewaybill'],
        config: {
          inboxDir: '/nonexistent/inbox',
          profile: resolve(__dirname, '..', '..', 'config', 'csv-profiles', 'india-b2b-lines.yaml'),
          pollIntervalMs: 3_600_000,
        },
        regimeSettings: { 'in-ewaybill': { ...provider, ...settings } },
      },
    ],
  });
  return {
    sandbox,
    app,
    db: app.app.get(DataSourceToken),
    generator,
    stop: async () => {
      await app.close();
      await sandbox.stop();
    },
  };
}
