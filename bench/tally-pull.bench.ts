/**
 * Tally sales pull: N vouchers of 10 item lines streamed from the simulator over HTTP, parsed, normalised
 * and hashed by the connector, each window's read checked against Tally's day-wise count; then 1,000 of them
 * written back with writeBackMany, 100 per call. Goals: >= 5,000 vouchers/s and peak RSS < 300 MB for 100,000 vouchers.
 * The simulator runs in a forked process of its own, serving cached voucher bodies (1,000 distinct ones
 * under distinct GUIDs, dates and numbers), so the figures are the connector's cost. Printed beside it:
 * the simulator alone (bytes received and discarded); the raw parse of the same bytes by the connector's
 * own scanner (decoding and Tally's control characters included, no tree built: the limit of the pull);
 * and a bare saxes parse of them, the general SAX parser the scanner replaced, for comparison. CPU time
 * per voucher is printed for each, as the machine is shared and wall time moves with its load. Peak RSS
 * is this (pulling) process's while it pulls, worker threads included (the simulator's is printed apart);
 * the connector pulls right after the simulator-alone pass, which also warms the simulator's cache. The
 * connector's `parallelism` is left to its default (min(2, CPUs)) unless BENCH_TALLY_PARALLELISM is set (1:
 * the single-threaded pull). Smaller runs: BENCH_TALLY_VOUCHERS=20000.
 *
 *   npx ts-node --transpile-only bench/tally-pull.bench.ts
 */
import * as http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import type { WriteBackDocument } from '../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../src/connectors/tally';
import { vouchersRequest } from '../src/connectors/tally/tally-envelopes';
import { ControlCharFilter } from '../src/connectors/tally/xml/control-char-filter';
import { TallyByteDecoder } from '../src/connectors/tally/xml/text-decoder';
import { XmlScanner } from '../src/connectors/tally/xml/xml-scanner';
import { forkTallySimulator } from './support/tally-simulator-process';

const COMPANY = 'Bench Traders Pvt Ltd';
const GOAL_PER_SECOND = 5_000;
const GOAL_RSS_MB = 300;
const DISTINCT_VOUCHERS = 1_000;
/** Vouchers written back after the pull, and per writeBackMany call (as the sync's write-back batches). */
const WRITE_BACK_VOUCHERS = 1_000;
const WRITE_BACK_GROUP = 100;

export async function run(): Promise<void> {
  const voucherCount = Number(process.env.BENCH_TALLY_VOUCHERS ?? 100_000);
  const sim = await forkTallySimulator({
    voucherCount,
    seed: 42,
    companyName: COMPANY,
    linesPerVoucher: 10,
    distinctVouchers: DISTINCT_VOUCHERS,
  });
  let simulatorPeak: number | undefined;
  try {
    const rawRequest = vouchersRequest({
      company: COMPANY,
      from: '2024-04-01',
      to: '2025-03-31',
      voucherTypes: [],
    });
    // First, and so also the simulator's warm-up (it generates its cached bodies on first use).
    const generated = await timed(() => stream(sim.url, rawRequest));
    const simulatorCpuBefore = await sim.cpuSeconds();
    const pull = await pullWithConnector(sim.url);
    const simulatorCpu = (await sim.cpuSeconds()) - simulatorCpuBefore;
    const written = await writeBackWithConnector(sim.url, pull.firstDocuments);
    const scanned = await rawParse(sim.url, rawRequest, scannerSink);
    const saxes = await rawParse(sim.url, rawRequest, saxesSink);
    simulatorPeak = await sim.stop();

    const rate = Math.round((pull.documents * 1000) / pull.ms);
    console.log(
      `tally-pull: ${rate.toLocaleString('en-US')} vouchers/s (${pull.documents} sales vouchers of 10 lines, ${pull.failed} with field errors, ` +
        `${Math.round(pull.ms)} ms, ${pull.batches} batches of at most ${pull.largestBatch}; goal ${GOAL_PER_SECOND.toLocaleString('en-US')}/s) ` +
        `${rate >= GOAL_PER_SECOND ? 'OK' : 'BELOW GOAL'}`,
    );
    console.log(
      `  threads pulling: ${pull.threads} (TallyConfig.parallelism ${process.env.BENCH_TALLY_PARALLELISM ?? 'default'})`,
    );
    console.log(
      `  CPU time of the pull: ${pull.cpuSeconds.toFixed(1)} s, ${Math.round((pull.cpuSeconds * 1e6) / pull.documents)} µs per voucher ` +
        `(${Math.round(pull.documents / pull.cpuSeconds).toLocaleString('en-US')} vouchers per CPU-second; the machine is shared)`,
    );
    console.log(
      `  simulator's CPU time during the pull: ${simulatorCpu.toFixed(1)} s, ${Math.round((simulatorCpu * 1e6) / pull.documents)} µs per sales voucher ` +
        `(${((simulatorCpu * 1000) / pull.ms).toFixed(2)} cores)`,
    );
    console.log(
      `  batched write-back (writeBackMany, ${WRITE_BACK_GROUP} per call): ${written.written} of ${written.sent} vouchers confirmed, ` +
        `${Math.round((written.written * 1000) / written.ms).toLocaleString('en-US')} vouchers/s, ${Math.round(written.ms)} ms`,
    );
    console.log(
      `  raw parse of the same XML by the connector's scanner (the limit): ${describeParse(scanned)}`,
    );
    console.log(`  raw saxes parse of the same XML, for comparison: ${describeParse(saxes)}`);
    console.log(
      `  simulator alone (separate process, cached bodies, HTTP): ${mbPerSecond(generated.value, generated.ms)} MB/s`,
    );
    const peakMb = toMb(pull.peakRss);
    console.log(
      `  peak RSS of the pulling process during the pull: ${peakMb} MB (goal < ${GOAL_RSS_MB} MB) ${peakMb < GOAL_RSS_MB ? 'OK' : 'ABOVE GOAL'}; ` +
        `${toMb(pull.startRss)} MB when it started (ts-node and TypeScript included); ` +
        `whole run ${toMb(process.resourceUsage().maxRSS * 1024)} MB; simulator process ${toMb(simulatorPeak)} MB`,
    );
    console.log(
      `  load average (1 min) before/after the pull: ${pull.loadBefore.toFixed(2)} / ${pull.loadAfter.toFixed(2)}`,
    );
  } finally {
    if (simulatorPeak === undefined) await sim.stop();
  }
}

interface ParseFigures {
  vouchers: number;
  bytes: number;
  ms: number;
  cpuSeconds: number;
}

/** Counts the vouchers (COLLECTION children, at depth 5) of a stream; `end` finishes the parse. */
type ParseSink = (onVoucher: () => void) => { write(bytes: Buffer): void; end(): void };

/** XmlScanner as the connector's reader drives it (UTF-8 bytes, Tally characters), with no tree built. */
const scannerSink: ParseSink = (onVoucher) => {
  const decoder = new TallyByteDecoder();
  let depth = 0;
  const scanner = new XmlScanner(
    {
      open: () => (depth += 1),
      text: () => undefined,
      close: (name) => {
        if (name === 'VOUCHER' && depth === 5) onVoucher();
        depth -= 1;
      },
    },
    { tallyCharacters: true, utf8Bytes: true },
  );
  return {
    write: (bytes) => scanner.write(decoder.write(bytes)),
    end: () => {
      scanner.write(decoder.end());
      scanner.end();
    },
  };
};

const saxesSink: ParseSink = (onVoucher) => {
  const parser = new SaxesParser({ position: false });
  let depth = 0;
  parser.on('opentag', () => (depth += 1));
  parser.on('closetag', (tag) => {
    if (tag.name === 'VOUCHER' && depth === 5) onVoucher();
    depth -= 1;
  });
  // Same cleaning the connector needs, or saxes stops at Tally's first &#4;.
  const filter = new ControlCharFilter();
  const decoder = new StringDecoder('utf8');
  return {
    write: (bytes) => parser.write(filter.push(decoder.write(bytes))),
    end: () => parser.write(filter.push(decoder.end()) + filter.end()).close(),
  };
};

async function rawParse(url: string, request: string, sink: ParseSink): Promise<ParseFigures> {
  let vouchers = 0;
  const cpuBefore = process.cpuUsage();
  const parsed = await timed(async () => {
    const parser = sink(() => (vouchers += 1));
    const bytes = await stream(url, request, (chunk) => parser.write(chunk));
    parser.end();
    return bytes;
  });
  const cpu = process.cpuUsage(cpuBefore);
  return { vouchers, bytes: parsed.value, ms: parsed.ms, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

function describeParse(figures: ParseFigures): string {
  const { vouchers, bytes, ms, cpuSeconds } = figures;
  return (
    `${Math.round((vouchers * 1000) / ms).toLocaleString('en-US')} vouchers/s, ${mbPerSecond(bytes, ms)} MB/s, ` +
    `${Math.round((cpuSeconds * 1e6) / vouchers)} µs CPU per voucher (${vouchers} vouchers, ${(bytes / 1e6).toFixed(0)} MB, all types)`
  );
}

interface PullFigures {
  documents: number;
  failed: number;
  batches: number;
  largestBatch: number;
  /** The connector's thread plus its pull workers. */
  threads: number;
  ms: number;
  cpuSeconds: number;
  /** Highest RSS seen while pulling: the kernel's high-water mark and 20 ms samples. */
  peakRss: number;
  /** RSS when the pull started: Node, ts-node with the TypeScript compiler, the loaded modules. */
  startRss: number;
  loadBefore: number;
  loadAfter: number;
  /** The first normalised documents, to write back to. */
  firstDocuments: WriteBackDocument[];
}

async function pullWithConnector(url: string): Promise<PullFigures> {
  const parallelism = process.env.BENCH_TALLY_PARALLELISM;
  const config = Object.assign(new TallyConfig(), {
    url,
    companyName: COMPANY,
    parallelism: parallelism ? Number(parallelism) : undefined,
  });
  const connector = new TallyConnector('bench', config, {
    dataDir: '/tmp',
    log: { info: () => undefined, warn: () => undefined },
  });
  const figures = { documents: 0, failed: 0, batches: 0, largestBatch: 0 };
  const firstDocuments: WriteBackDocument[] = [];
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
  const loadBefore = loadavg()[0];
  const cpuBefore = process.cpuUsage();
  try {
    const pulled = await timed(async () => {
      for await (const batch of connector.pullSales(null)) {
        figures.batches += 1;
        figures.largestBatch = Math.max(figures.largestBatch, batch.documents.length);
        figures.documents += batch.documents.length;
        figures.failed += batch.documents.filter((doc) => !doc.normalised.ok).length;
        for (const doc of batch.documents) {
          if (firstDocuments.length < WRITE_BACK_VOUCHERS && doc.normalised.ok)
            firstDocuments.push({ id: doc.erpId, erpId: doc.erpId, documentDate: doc.documentDate });
        }
      }
      return 0;
    });
    const cpu = process.cpuUsage(cpuBefore);
    return {
      ...figures,
      threads: config.parallelism ?? Math.min(2, availableParallelism()),
      ms: pulled.ms,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      peakRss: Math.max(peakRss, process.resourceUsage().maxRSS * 1024),
      startRss,
      loadBefore,
      loadAfter: loadavg()[0],
      firstDocuments,
    };
  } finally {
    clearInterval(sampler);
    await connector.close();
  }
}

/** IRN, AckNo and AckDate written back to the pulled vouchers, WRITE_BACK_GROUP per writeBackMany call. */
async function writeBackWithConnector(
  url: string,
  documents: readonly WriteBackDocument[],
): Promise<{ sent: number; written: number; ms: number }> {
  const config = Object.assign(new TallyConfig(), { url, companyName: COMPANY, parallelism: 1 });
  const connector = new TallyConnector('bench-write-back', config, {
    dataDir: '/tmp',
    log: { info: () => undefined, warn: () => undefined },
  });
  try {
    const result = await timed(async () => {
      let written = 0;
      for (let start = 0; start < documents.length; start += WRITE_BACK_GROUP) {
        const items = documents.slice(start, start + WRITE_BACK_GROUP).map((document, index) => ({
          document,
          outcome: {
            regime: 'in-einvoice' as const,
            state: 'REGISTERED' as const,
            identifiers: {
              irn: (start + index).toString(16).padStart(64, '0'),
              ackNo: String(112410150000000 + start + index),
              ackDate: '2024-04-15 12:30:00',
            },
          },
        }));
        const errors = await connector.writeBackMany(items);
        written += errors.filter((error) => error === undefined).length;
      }
      return written;
    });
    return { sent: documents.length, written: result.value, ms: result.ms };
  } finally {
    await connector.close();
  }
}

function toMb(bytes: number): number {
  return Math.round(bytes / 1024 / 1024);
}

function mbPerSecond(bytes: number, ms: number): string {
  return ((bytes / 1e6) * (1000 / ms)).toFixed(1);
}

async function timed<T>(action: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await action();
  return { value, ms: performance.now() - started };
}

/** POSTs a request to the simulator and hands each chunk to `sink`; resolves to the byte count. */
function stream(url: string, body: string, sink?: (bytes: Buffer) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { 'Content-Type': 'text/xml;charset=utf-8' } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          sink?.(chunk);
        });
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

if (require.main === module) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
