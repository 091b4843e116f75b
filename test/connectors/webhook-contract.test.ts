/** The shared connector contract against the webhook connector (a push source) and its signed callbacks. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebhookConnector, WebhookConnectorConfig } from '../../src/connectors/webhook';
import { sampleIndiaInvoice, sampleInterStateInvoice } from '../../src/domain/__fixtures__';
import { REGISTERED, runConnectorContract } from '../support/connector-contract';

const log = { info: (): void => undefined, warn: (): void => undefined };
let dataDir: string;
let callbacks: Server;
let callbackUrl: string;
let closedUrl: string;

/** The callback receiver answers with the status named by the path: /status/503. */
function webhook(callback?: string): Promise<WebhookConnector> {
  const config = Object.assign(new WebhookConnectorConfig(), {
    secret: 's'.repeat(32),
    callbackUrl: callback,
    callbackTimeoutMs: 2_000,
  });
  return Promise.resolve(new WebhookConnector('webhook-contract', config, { dataDir, log }));
}

const pushed = { externalId: 'erp-1', ...sampleIndiaInvoice() };
const writeBackCase = (name: string, expected: 'written' | 'config' | 'transient', url: () => string) => ({
  name,
  expected,
  arrange: async () => ({
    connector: await webhook(url()),
    document: { id: 'doc-1', erpId: 'erp-1', documentNumber: pushed.documentNumber },
    outcome: REGISTERED,
  }),
});

runConnectorContract('webhook', {
  setUp: async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'webhook-contract-'));
    callbacks = createServer((request, response) => {
      request.resume();
      response.statusCode = Number(/\/status\/(\d+)/.exec(request.url ?? '')?.[1] ?? 200);
      // A redirect points at a URL that would take the outcome: following it would hide the refusal.
      if (response.statusCode >= 300 && response.statusCode < 400)
        response.setHeader('location', '/status/204');
      response.end();
    });
    await new Promise<void>((resolve) => callbacks.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(callbacks.address() as AddressInfo).port}`;
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/callback`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
  },
  tearDown: async () => {
    await new Promise((resolve) => callbacks.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  },
  connector: () => webhook(),
  pushedBody: { documents: [pushed, sampleInterStateInvoice()] },
  writeBack: [
    writeBackCase('the callback takes the outcome (2xx)', 'written', () => `${callbackUrl}/status/204`),
    writeBackCase('the callback refuses it (400): config', 'config', () => `${callbackUrl}/status/400`),
    writeBackCase(
      'the callback redirects (302): config, the signed outcome is not sent elsewhere',
      'config',
      () => `${callbackUrl}/status/302`,
    ),
    writeBackCase('the callback fails (503): transient', 'transient', () => `${callbackUrl}/status/503`),
    writeBackCase(
      'the callback is rate limited (429): transient',
      'transient',
      () => `${callbackUrl}/status/429`,
    ),
    writeBackCase('the callback is not reachable: transient', 'transient', () => closedUrl),
  ],
});
