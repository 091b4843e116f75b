/**
 * Tally sales pull: N vouchers of 10 item lines streamed from the simulator over HTTP, parsed, normalised
 * and hashed by the connector. Goals: >= 5,000 vouchers/s and peak RSS < 300 MB for 100,000 vouchers.
 * Printed beside it: the simulator alone (bytes generated and discarded) and a bare saxes parse of the
 * same bytes, so the connector's own cost is visible. The simulator runs in this process, so the figures
 * include generating the XML. Smaller runs: BENCH_TALLY_VOUCHERS=5000.
 *
 *   npx ts-node --transpile-only bench/tally-pull.bench.ts
 */
import * as http from 'node:http';
import { SaxesParser } from 'saxes';
import { TallyConfig, TallyConnector } from '../src/connectors/tally';
import { vouchersRequest } from '../src/connectors/tally/tally-envelopes';
import { ControlCharFilter } from '../src/connectors/tally/xml/control-char-filter';
import { startTallySimulator, type TallySimulator } from '../src/sandbox/tally';

const COMPANY = 'Bench Traders Pvt Ltd';
const GOAL_PER_SECOND = 5_000;
const GOAL_RSS_MB = 300;

export async function run(): Promise<void> {
  const voucherCount = Number(process.env.BENCH_TALLY_VOUCHERS ?? 100_000);
  const sim = await startTallySimulator({
    voucherCount,
    seed: 42,
    companyName: COMPANY,
    linesPerVoucher: 10,
  });
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
  try {
    const rawRequest = vouchersRequest({
      company: COMPANY,
      from: '2024-04-01',
      to: '2025-03-31',
      voucherTypes: [],
    });
    const generated = await timed(() => stream(sim, rawRequest, () => undefined));
    let vouchers = 0;
    const parsed = await timed(() => {
      const parser = new SaxesParser({ position: false });
      let depth = 0;
      parser.on('opentag', () => (depth += 1));
      parser.on('closetag', (tag) => {
        if (tag.name === 'VOUCHER' && depth === 5) vouchers += 1;
        depth -= 1;
      });
      // Same cleaning the connector needs, or saxes stops at Tally's first &#4;.
      const filter = new ControlCharFilter();
      return stream(sim, rawRequest, (text) => parser.write(filter.push(text)));
    });

    const config = Object.assign(new TallyConfig(), { url: sim.url, companyName: COMPANY, batchSize: 1000 });
    const connector = new TallyConnector('bench', config, {
      dataDir: '/tmp',
      log: { info: () => undefined, warn: () => undefined },
    });
    let documents = 0;
    let failed = 0;
    const pulled = await timed(async () => {
      for await (const batch of connector.pullSales(null)) {
        documents += batch.documents.length;
        failed += batch.documents.filter((doc) => !doc.normalised.ok).length;
      }
      return 0;
    });
    await connector.close();
    const rate = Math.round((documents * 1000) / pulled.ms);
    console.log(
      `tally-pull: ${rate.toLocaleString('en-US')} vouchers/s (${documents} sales vouchers of 10 lines, ${failed} with field errors, ` +
        `${Math.round(pulled.ms)} ms; goal ${GOAL_PER_SECOND.toLocaleString('en-US')}/s) ${rate >= GOAL_PER_SECOND ? 'OK' : 'BELOW GOAL'}`,
    );
    console.log(
      `  raw saxes over the same XML: ${Math.round((vouchers * 1000) / parsed.ms).toLocaleString('en-US')} vouchers/s, ` +
        `${mbPerSecond(parsed.value, parsed.ms)} MB/s (${vouchers} vouchers, ${(parsed.value / 1e6).toFixed(0)} MB, all types)`,
    );
    console.log(`  simulator alone (generate + HTTP): ${mbPerSecond(generated.value, generated.ms)} MB/s`);
    const peakMb = Math.round(peakRss / 1024 / 1024);
    console.log(
      `  peak RSS: ${peakMb} MB (goal < ${GOAL_RSS_MB} MB) ${peakMb < GOAL_RSS_MB ? 'OK' : 'ABOVE GOAL'}`,
    );
  } finally {
    clearInterval(sampler);
    await sim.stop();
  }
}

function mbPerSecond(bytes: number, ms: number): string {
  return ((bytes / 1e6) * (1000 / ms)).toFixed(1);
}

async function timed<T>(action: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await action();
  return { value, ms: performance.now() - started };
}

/** POSTs a request to the simulator and hands each decoded chunk to `sink`; resolves to the byte count. */
function stream(sim: TallySimulator, body: string, sink: (text: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      sim.url,
      { method: 'POST', headers: { 'Content-Type': 'text/xml;charset=utf-8' } },
      (response) => {
        let bytes = 0;
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          bytes += Buffer.byteLength(text);
          sink(text);
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
