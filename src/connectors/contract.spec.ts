import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isFileDropSource, isPushSource, type ConnectorContext, type ErpConnector } from './contract';
import { CsvConnector, CsvConnectorConfig } from './csv';
import { TallyConfig, TallyConnector } from './tally';
import { WebhookConnector, WebhookConnectorConfig } from './webhook';

describe('connector capabilities', () => {
  let dataDir: string;
  let context: ConnectorContext;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'capabilities-'));
    context = { dataDir, log: { info: () => undefined, warn: () => undefined } };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('the webhook connector is a push source and nothing else', () => {
    const config = Object.assign(new WebhookConnectorConfig(), { secret: 'x'.repeat(32) });
    const webhook = new WebhookConnector('hooks', config, context);
    expect(isPushSource(webhook)).toBe(true);
    expect(isFileDropSource(webhook)).toBe(false);
  });

  it('the CSV connector is a file-drop source and nothing else', () => {
    const csv = new CsvConnector('csv', new CsvConnectorConfig(), context);
    expect(isFileDropSource(csv)).toBe(true);
    expect(isPushSource(csv)).toBe(false);
  });

  it('the Tally connector only pulls', () => {
    const tally = new TallyConnector('tally', new TallyConfig(), context);
    expect(isPushSource(tally)).toBe(false);
    expect(isFileDropSource(tally)).toBe(false);
  });

  it('a connector that merely has methods of those names is not taken for one (no duck typing)', () => {
    const lookalike = {
      kind: 'lookalike',
      instanceName: 'x',
      verify: () => ({ ok: true }),
      read: () => ({ ok: true, items: [] }),
      watch: () => () => undefined,
      upload: () => Promise.resolve({ fileName: 'a', contentHash: 'b' }),
      listFiles: () => Promise.resolve({ inbox: [], rejected: [] }),
    } as unknown as ErpConnector;
    expect(isPushSource(lookalike)).toBe(false);
    expect(isFileDropSource(lookalike)).toBe(false);
  });
});
