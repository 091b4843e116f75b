/** The shared connector contract against the CSV connector: three inbox files, one batch each. */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CsvConnector, CsvConnectorConfig } from '../../src/connectors/csv';
import {
  REGISTERED,
  asWriteBackDocument,
  pulledDocuments,
  runConnectorContract,
} from '../support/connector-contract';
import { SAMPLE_INBOX_FILE } from '../csv/csv-test-kit';

const log = { info: (): void => undefined, warn: (): void => undefined };
let root: string;
let sample: string;
let made = 0;

/** A connector on a fresh data dir whose inbox holds the sample month three times, renumbered. */
async function freshCsv(config: Partial<CsvConnectorConfig> = {}): Promise<CsvConnector> {
  const dataDir = join(root, `instance-${(made += 1)}`);
  const connector = new CsvConnector('csv-contract', Object.assign(new CsvConnectorConfig(), config), {
    dataDir,
    log,
  });
  await mkdir(connector.directories.inbox, { recursive: true });
  for (const series of ['A', 'B', 'C']) {
    const renumbered = sample.replace(/\bDFT\//g, `DFT${series}/`);
    await writeFile(join(connector.directories.inbox, `sales-${series}.csv`), renumbered);
  }
  return connector;
}

runConnectorContract('csv', {
  setUp: async () => {
    root = await mkdtemp(join(tmpdir(), 'csv-contract-'));
    sample = await readFile(SAMPLE_INBOX_FILE, 'utf8');
  },
  tearDown: () => rm(root, { recursive: true, force: true }),
  connector: () => freshCsv(),
  misconfigured: () => freshCsv({ profile: 'no-such-profile' }),
  minBatches: 3,
  writeBack: [
    {
      name: 'a pulled document: the result file is written',
      expected: 'written',
      arrange: async () => {
        const connector = await freshCsv();
        const [document] = await pulledDocuments(connector);
        return { connector, document: asWriteBackDocument(document), outcome: REGISTERED };
      },
    },
    {
      name: 'the outbox cannot be written: transient',
      expected: 'transient',
      arrange: async () => {
        const outboxDir = join(root, `outbox-is-a-file-${(made += 1)}`);
        await writeFile(outboxDir, 'not a directory');
        const connector = await freshCsv({ outboxDir });
        const [document] = await pulledDocuments(connector);
        return { connector, document: asWriteBackDocument(document), outcome: REGISTERED };
      },
    },
    {
      name: 'a document without CSV source rows: system',
      expected: 'system',
      arrange: async () => ({
        connector: await freshCsv(),
        document: { id: 'doc-1', erpId: 'not-from-csv', raw: { something: 'else' } },
        outcome: REGISTERED,
      }),
    },
  ],
});
