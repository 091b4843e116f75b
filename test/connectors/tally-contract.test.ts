/** The shared connector contract against the Tally connector, on the Tally simulator. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { startTallySimulator, type TallySimulator } from '@erp-connector/sandbox/tally';
import {
  REGISTERED,
  asWriteBackDocument,
  pulledDocuments,
  runConnectorContract,
} from '../support/connector-contract';

const COMPANY = 'Contract Traders';
const log = { info: (): void => undefined, warn: (): void => undefined };
let sim: TallySimulator;
let closedUrl: string;

function tally(settings: Partial<TallyConfig> = {}): Promise<TallyConnector> {
  const config = Object.assign(new TallyConfig(), {
    url: sim.url,
    companyName: COMPANY,
    batchSize: 15,
    parallelism: 1,
    timeoutMs: 5_000,
    ...settings,
  });
  return Promise.resolve(new TallyConnector('tally-contract', config, { dataDir: '/tmp', log }));
}

runConnectorContract('tally', {
  setUp: async () => {
    sim = await startTallySimulator({ voucherCount: 60, seed: 23, companyName: COMPANY, days: 90 });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
  },
  tearDown: () => sim.stop(),
  connector: () => tally(),
  misconfigured: () => tally({ companyName: 'No Such Company' }),
  unreachable: () => tally({ url: closedUrl }),
  minBatches: 3,
  // The cursor names the sync window to resume from; a window may take several batches.
  resumesAtLeastOnce: true,
  writeBack: [
    {
      name: 'a pulled voucher: the IRN is written',
      expected: 'written',
      arrange: async () => {
        const connector = await tally();
        const document = (await pulledDocuments(connector)).find((d) => d.normalised.ok)!;
        return { connector, document: asWriteBackDocument(document), outcome: REGISTERED };
      },
    },
    {
      name: 'a voucher deleted from the books: system',
      expected: 'system',
      arrange: async () => {
        const connector = await tally();
        const document = (await pulledDocuments(connector)).find((d) => d.normalised.ok)!;
        const gone = { ...asWriteBackDocument(document), erpId: '00000000-0000-0000-0000-000000000000-0000' };
        return { connector, document: gone, outcome: REGISTERED };
      },
    },
    {
      name: 'Tally not reachable: transient',
      expected: 'transient',
      arrange: async () => {
        const document = (await pulledDocuments(await tally())).find((d) => d.normalised.ok)!;
        return {
          connector: await tally({ url: closedUrl }),
          document: asWriteBackDocument(document),
          outcome: REGISTERED,
        };
      },
    },
  ],
});
