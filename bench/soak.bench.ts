/**
 * `npm run bench -- soak`: the release soak. The compose layout (one api process, two workers) on
 * loopback only, documents posted at a steady rate for BENCH_SOAK_MINUTES (default 30) against the
 * sandbox with 300 ± 100 ms per call; every BENCH_SOAK_CHURN_MINUTES (default 5) one worker is stopped,
 * by SIGTERM and by SIGKILL in turn, and a new one started. Then it waits (at most 10 minutes) for the
 * last write-backs and stops by itself. Fails (exit code 1) unless every document was registered once
 * and called back with one outcome; prints throughput, post -> write-back p50/p99 and the peak RSS of
 * every process. A callback repeated with the same outcome is counted, not failed: a worker killed after
 * the ERP got its callback and before recording it sends it again (the callback has no idempotency key;
 * the ERP recognises it by documentId and state).
 *
 *   BENCH_SOAK_MINUTES, BENCH_SOAK_RATE (documents/s, default 50), BENCH_SOAK_CHURN_MINUTES,
 *   BENCH_LATENCY ("300+-100").
 */
import { latencyFromText } from '@erp-connector/sandbox/framework';
import { figures, postDocuments, waitForWriteBacks } from './support/load-run';
import { startLayout, type ServiceChild } from './support/service-layout';

export async function run(): Promise<void> {
  const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
  const rate = Number(process.env.BENCH_SOAK_RATE ?? 50);
  const churnMinutes = Number(process.env.BENCH_SOAK_CHURN_MINUTES ?? 5);
  if (!(minutes > 0 && rate > 0 && churnMinutes > 0)) throw new Error('soak settings must be positive');
  const latency = latencyFromText(process.env.BENCH_LATENCY ?? '300+-100')!['*'];
  const documents = Math.round(minutes * 60 * rate);
  console.log(
    `soak: ${documents} documents at ${rate}/s over ${minutes} min; a worker replaced every ${churnMinutes} min`,
  );
  const layout = await startLayout(2, {
    latency,
    gspRateLimitPerMinute: 60_000,
    batchSize: 50,
    concurrency: 8,
  });
  const everyone: ServiceChild[] = [layout.api, ...layout.workers];
  const live = [...layout.workers];
  let kills = 0;
  const churn = setInterval(() => {
    const leaving = live.shift();
    if (!leaving) return;
    const signal = kills++ % 2 === 0 ? 'SIGTERM' : 'SIGKILL';
    console.log(
      `  ${new Date().toISOString()} ${signal} worker ${leaving.pid} (peak RSS ${leaving.peakRssMb().toFixed(0)} MB)`,
    );
    void leaving
      .stop(signal)
      .then(() => layout.addWorker())
      .then((added) => {
        live.push(added);
        everyone.push(added);
        console.log(`  worker ${added.pid} started; ${layout.writtenBack.size} written back so far`);
      })
      .catch((error: unknown) => console.error(`  worker replacement failed: ${String(error)}`));
  }, churnMinutes * 60_000);
  try {
    const postedAt = await postDocuments(layout, {
      prefix: 'SOAK/',
      count: documents,
      perRequest: Math.max(1, Math.round(rate / 2)),
      posters: 2,
      ratePerSecond: rate,
    });
    clearInterval(churn);
    const done = await waitForWriteBacks(layout, postedAt, 600, (n) =>
      console.log(`  ${n}/${documents} written back`),
    );
    const result = figures(layout, postedAt);
    const registrations = await layout.sandbox.registrations();
    console.log(
      `soak: ${done}/${documents} written back; ${result.perSecond.toFixed(0)}/s; post -> write-back p50 ` +
        `${(result.p50Ms / 1000).toFixed(2)} s, p99 ${(result.p99Ms / 1000).toFixed(2)} s; IRNs ${registrations}; ` +
        `callbacks repeated with the same outcome ${layout.duplicateCallbacks() - layout.conflictingCallbacks()}, ` +
        `with another outcome ${layout.conflictingCallbacks()}; workers replaced ${kills}`,
    );
    console.log(
      `  peak RSS: ${everyone.map((p) => `${p.role} ${p.pid} ${p.peakRssMb().toFixed(0)} MB`).join(', ')}`,
    );
    if (done !== documents || registrations !== documents || layout.conflictingCallbacks() > 0) {
      process.exitCode = 1;
    }
  } finally {
    clearInterval(churn);
    await layout.close();
  }
}
