/**
 * Posts documents to the layout's API process as an ERP would (signed webhook batches, several at once)
 * and waits for every write-back callback; the figures of one run.
 */
import type { CanonicalInvoice } from '../../src/domain/canonical-invoice';
import { sampleIndiaInvoice } from '../../src/domain/__fixtures__';
import { signWebhook } from '../../src/connectors/webhook/webhook-signature';
import { BENCH_SELLER } from './invoice-csv';
import { WEBHOOK_SECRET, type Layout } from './service-layout';

export interface PostOptions {
  /** Document numbers are `${prefix}${i}`. */
  prefix: string;
  count: number;
  /** Documents per webhook request. */
  perRequest: number;
  /** Requests in flight at once. */
  posters: number;
  /** Documents per second at most (soak); absent: as fast as the API takes them. */
  ratePerSecond?: number;
  /** The document numbered `number` (the i-th posted), dated `date` (today in the seller's country). */
  invoice?: (number: string, i: number) => CanonicalInvoice;
}

/** Posts `count` documents; returns each document's posting time (performance.now()). */
export async function postDocuments(layout: Layout, options: PostOptions): Promise<Map<string, number>> {
  const postedAt = new Map<string, number>();
  // Today in India (IST, UTC+5:30), as the IRP dates documents.
  const date = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  let next = 0;
  const started = performance.now();
  const poster = async (): Promise<void> => {
    while (next < options.count) {
      // This request's documents are fixed before any wait: other posters move `next` on meanwhile.
      const from = next;
      const to = Math.min(options.count, next + options.perRequest);
      next = to;
      if (options.ratePerSecond) {
        const due = started + (from / options.ratePerSecond) * 1000;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      const documents = [];
      for (let i = from; i < to; i++) {
        const number = `${options.prefix}${i}`;
        if (options.invoice) {
          documents.push(options.invoice(number, i));
          continue;
        }
        const invoice = sampleIndiaInvoice({ documentNumber: number, documentDate: date });
        invoice.seller.gstin = BENCH_SELLER.gstin;
        documents.push(invoice);
      }
      const body = JSON.stringify({ documents });
      const timestamp = Math.floor(Date.now() / 1000);
      const at = performance.now();
      for (const invoice of documents) postedAt.set(invoice.documentNumber, at);
      const answer = await fetch(`${layout.api.url}/webhooks/erp/invoices`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': String(timestamp),
          'x-webhook-signature': signWebhook(WEBHOOK_SECRET, timestamp, body),
        },
        body,
      });
      const text = await answer.text();
      if (answer.status !== 202) throw new Error(`webhook answered ${answer.status}: ${text.slice(0, 300)}`);
      // Each document is posted once, so the intake creates every one: anything else is the bench's
      // defect (it once re-posted documents while paced, measuring latency from the last post) or the API's.
      const { accepted } = JSON.parse(text) as { accepted: { erpId: string; result: string }[] };
      const notCreated = accepted.filter((item) => item.result !== 'created');
      if (notCreated.length > 0 || accepted.length !== documents.length) {
        throw new Error(
          `webhook took ${accepted.length} of ${documents.length} documents, ${notCreated.length} not as new: ` +
            JSON.stringify(notCreated.slice(0, 3)),
        );
      }
    }
  };
  await Promise.all(Array.from({ length: options.posters }, poster));
  return postedAt;
}

/** Waits until every posted document is called back, or `maxSeconds` pass; how many were. */
export async function waitForWriteBacks(
  layout: Layout,
  postedAt: Map<string, number>,
  maxSeconds: number,
  onProgress?: (done: number) => void,
): Promise<number> {
  const deadline = performance.now() + maxSeconds * 1000;
  let lastReport = performance.now();
  for (;;) {
    const done = [...postedAt.keys()].filter((n) => layout.writtenBack.has(n)).length;
    if (done === postedAt.size || performance.now() > deadline) return done;
    if (onProgress && performance.now() - lastReport > 10_000) {
      onProgress(done);
      lastReport = performance.now();
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface RunFigures {
  documents: number;
  writtenBack: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Write-backs a second between the first and the last of them: the rate at the output. */
  outputPerSecond: number;
  /**
   * Median latency of the first and of the last fifth of the documents by posting time: at a rate the
   * layout keeps up with they are alike; a backlog makes the last fifth wait longer.
   */
  p50FirstFifthMs: number;
  p50LastFifthMs: number;
}

export function figures(layout: Layout, postedAt: Map<string, number>): RunFigures {
  const done: { posted: number; latency: number }[] = [];
  let first = Infinity;
  let firstBack = Infinity;
  let last = 0;
  for (const [number, posted] of postedAt) {
    first = Math.min(first, posted);
    const back = layout.writtenBack.get(number);
    if (back === undefined) continue;
    firstBack = Math.min(firstBack, back);
    last = Math.max(last, back);
    done.push({ posted, latency: back - posted });
  }
  const latencies = done.map((item) => item.latency).sort((a, b) => a - b);
  const byPosting = [...done].sort((a, b) => a.posted - b.posted);
  const fifth = Math.max(1, Math.floor(byPosting.length / 5));
  const seconds = (last - first) / 1000;
  return {
    documents: postedAt.size,
    writtenBack: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    outputPerSecond: (latencies.length - 1) / ((last - firstBack) / 1000),
    p50FirstFifthMs: median(byPosting.slice(0, fifth).map((item) => item.latency)),
    p50LastFifthMs: median(byPosting.slice(-fifth).map((item) => item.latency)),
  };
}

/** The `q` quantile of ascending `sorted` (NaN when empty). */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

function median(values: readonly number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}
