/**
 * The pull spread over worker threads hands over exactly what the single-threaded pull does: the same
 * batches, in the same order, with the same documents (hashes, invoices, field errors) and cursors; and a
 * failing window fails both alike. A proxy in front of the simulator counts the requests in flight, which
 * shows the parallel pull really fetches windows side by side.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConnectorError, type ConnectorCursor, type PullBatch } from '../../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { startTallySimulator, type TallySimulator } from '@erp-connector/sandbox/tally';

const COMPANY = 'Parallel & Co Pvt Ltd';
const log = { info: (): void => undefined, warn: (): void => undefined };

/** Forwards to the simulator; `failWhen` answers HTTP 500 instead; records the most requests at once. */
class CountingProxy {
  maxInFlight = 0;
  failWhen?: (body: string) => boolean;
  private inFlight = 0;
  private readonly server: http.Server;

  constructor(private readonly target: string) {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => this.forward(Buffer.concat(chunks), req, res));
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private forward(body: Buffer, req: http.IncomingMessage, res: http.ServerResponse): void {
    if (this.failWhen?.(body.toString(body[0] === 0xff ? 'utf16le' : 'utf8'))) {
      res.writeHead(500).end();
      return;
    }
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const upstream = http.request(this.target, { method: 'POST', headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', () => (this.inFlight -= 1));
    });
    // The simulator closing under a test's teardown resets this request: the answer goes with it. Without
    // a listener the reset was an unhandled 'error' that failed whichever suite ran next in the worker.
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  }
}

interface PullOutcome {
  batches: PullBatch[];
  error?: ConnectorError;
}

async function pull(
  url: string,
  overrides: Partial<TallyConfig>,
  cursor: ConnectorCursor = null,
): Promise<PullOutcome> {
  const config = Object.assign(
    new TallyConfig(),
    { url, companyName: COMPANY, batchSize: 40, timeoutMs: 10_000 },
    overrides,
  );
  const connector = new TallyConnector('tally-parallel', config, { dataDir: '/tmp', log });
  const batches: PullBatch[] = [];
  try {
    for await (const batch of connector.pullSales(cursor)) batches.push(batch);
    return { batches };
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    return { batches, error };
  } finally {
    await connector.close();
  }
}

describe('Tally pull on worker threads matches the single-threaded pull', () => {
  let sim: TallySimulator;
  let proxy: CountingProxy;
  let url: string;

  afterEach(async () => {
    await proxy.close();
    await sim.stop();
  });

  async function start(utf16 = false): Promise<void> {
    sim = await startTallySimulator({ voucherCount: 500, seed: 23, companyName: COMPANY, utf16 });
    proxy = new CountingProxy(sim.url);
    url = await proxy.listen();
  }

  it('yields the same batches, documents, hashes, field errors and cursors, in order', async () => {
    await start();
    sim.deleteVoucher(`${sim.company.guid}-00000003`, 'cancel');
    const single = await pull(url, { parallelism: 1 });
    expect(proxy.maxInFlight).toBe(1);
    const parallel = await pull(url, { parallelism: 2 });

    expect(proxy.maxInFlight).toBe(2);
    expect(parallel.error).toBeUndefined();
    expect(single.batches.length).toBeGreaterThan(20);
    expect(parallel.batches).toStrictEqual(single.batches);
    const documents = parallel.batches.flatMap((batch) => batch.documents);
    expect(documents.some((doc) => !doc.normalised.ok && !doc.deleted)).toBe(true);
    expect(documents.some((doc) => doc.deleted)).toBe(true);
  });

  it('resumes from a mid-pass cursor alike, and three threads hand over the same as one', async () => {
    await start();
    const single = await pull(url, { parallelism: 1 });
    const cursor = single.batches[7].cursor;
    const resumedSingle = await pull(url, { parallelism: 1 }, cursor);
    const resumedParallel = await pull(url, { parallelism: 3 }, cursor);
    expect(resumedSingle.batches.length).toBeGreaterThan(10);
    expect(resumedParallel.batches).toStrictEqual(resumedSingle.batches);
  });

  it('reads UTF-16 answers alike', async () => {
    await start(true);
    const single = await pull(url, { parallelism: 1, utf16: true });
    const parallel = await pull(url, { parallelism: 2, utf16: true });
    expect(single.batches.flatMap((batch) => batch.documents).length).toBeGreaterThan(300);
    expect(parallel.batches).toStrictEqual(single.batches);
  });

  it('fails on the same window with the same error, after the same batches', async () => {
    await start();
    const windows = (await pull(url, { parallelism: 1 })).batches.filter(
      (batch) => (batch.cursor as { windowFrom?: string }).windowFrom !== undefined,
    );
    // The request of a window in the middle of the pass fails (it starts where an earlier window's cursor points).
    const failing = (windows[Math.floor(windows.length / 2)].cursor as { windowFrom: string }).windowFrom;
    const tallyDate = failing.replace(/-/g, '');
    proxy.failWhen = (body) => body.includes(`<SVFROMDATE TYPE="Date">${tallyDate}</SVFROMDATE>`);

    const single = await pull(url, { parallelism: 1 });
    const parallel = await pull(url, { parallelism: 2 });
    expect(single.error?.errorClass).toBe('transient');
    expect(parallel.error).toEqual(single.error);
    expect(parallel.error?.message).toBe(single.error?.message);
    expect(parallel.batches).toStrictEqual(single.batches);
    expect(single.batches.length).toBeGreaterThan(5);
  });
});
