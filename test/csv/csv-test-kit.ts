/** Temp-dir connector instances and helpers shared by the CSV connector tests. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ConnectorCursor, PullBatch } from '../../src/connectors/contract';
import { CsvConnector, CsvConnectorConfig } from '../../src/connectors/csv';

export const SAMPLES_DIR = resolve(__dirname, '../../config/samples');
export const SAMPLE_INBOX_FILE = join(SAMPLES_DIR, 'inbox', 'sales-2026-11.csv');
export const BAD_ROWS_FILE = join(SAMPLES_DIR, 'bad-rows.csv');

export interface TestInstance {
  connector: CsvConnector;
  dataDir: string;
  warnings: { msg: string; meta?: object }[];
  cleanup(): Promise<void>;
}

export async function createInstance(config: Partial<CsvConnectorConfig> = {}): Promise<TestInstance> {
  const dataDir = await mkdtemp(join(tmpdir(), 'csv-connector-'));
  const warnings: { msg: string; meta?: object }[] = [];
  const connector = new CsvConnector('csv-test', Object.assign(new CsvConnectorConfig(), config), {
    dataDir,
    log: { info: () => undefined, warn: (msg, meta) => warnings.push({ msg, meta }) },
  });
  const check = await connector.check();
  if (!check.ok) throw new Error(check.message);
  return {
    connector,
    dataDir,
    warnings,
    cleanup: async () => {
      await connector.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Consumes a whole pull, as the sync layer does (storing each batch before asking for the next). */
export async function pullAll(connector: CsvConnector, cursor: ConnectorCursor = null): Promise<PullBatch[]> {
  const batches: PullBatch[] = [];
  for await (const batch of connector.pullSales(cursor)) batches.push(batch);
  return batches;
}
