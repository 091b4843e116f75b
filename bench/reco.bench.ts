/**
 * GSTR-2B reconciliation engine: N purchase lines against N GSTR-2B documents of one GSTIN and month,
 * for N = 10,000, 50,000 and 100,000, on one core. Goal: 100,000 against 100,000 in under 5 s with peak
 * RSS under 1 GB. The book is shaped like a large buyer's month: 2,000 suppliers, most documents equal
 * on both sides, and a share of every difference the rules look for (rounding, renumbered, mistyped,
 * changed amount, other GSTIN of the PAN, missing on either side). Also times reading the 100,000
 * documents' GSTR-2B JSON. Then the whole public route (bench/support/reco-route.ts) for BENCH_RECO_ROUTE
 * sizes, and whether its goals are met: 100,000 x 100,000 imported, pulled, stored and matched in under 10 s
 * with the service under 400 MB; 1,000,000 x 1,000,000 under 1 GB, in near-linear time.
 *
 *   npm run bench -- reco
 */
import * as os from 'node:os';
import { parseGstr2b } from '../src/compliance/returns';
import { DEFAULT_MATCH_CONFIG, reconcile, type RecoDocument } from '../src/reconciliation/matching';
import { runRoute } from './support/reco-route';

const SIZES = (process.env.BENCH_RECO_ENGINE ?? '10000,50000,100000').split(',').map(Number);
const SUPPLIERS = 2_000;
const GOAL_MS = 5_000;
const GOAL_RSS_MB = 1024;

function gstin(i: number, state = 29): string {
  const pan = `AAB${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}${String(i % 10_000).padStart(4, '0')}Z`;
  return `${state}${pan}1Z${i % 10}`;
}

function money(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

function pair(i: number): { book?: RecoDocument; portal?: RecoDocument } {
  const supplier = gstin(i % SUPPLIERS);
  const taxable = 100_000 + ((i * 7919) % 10_000_000);
  const igst = Math.round(taxable * 0.18);
  const day = 1 + (i % 28);
  const base: RecoDocument = {
    id: `b${i}`,
    supplierGstin: supplier,
    kind: i % 20 === 7 ? 'CRN' : 'INV',
    number: `INV/${String(i).padStart(6, '0')}`,
    date: `2026-10-${String(day).padStart(2, '0')}`,
    taxableValue: money(taxable),
    igst: money(igst),
    cgst: '0.00',
    sgst: '0.00',
    cess: '0.00',
  };
  const portal: RecoDocument = { ...base, id: `g${i}` };
  switch (i % 50) {
    case 1: // rounding
      return { book: base, portal: { ...portal, taxableValue: money(taxable + 40) } };
    case 2: // renumbered with the financial year
      return { book: base, portal: { ...portal, number: `INV/2026-27/${i}` } };
    case 3: // mistyped
      return { book: base, portal: { ...portal, number: `INV/${String(i).padStart(6, '0')}X` } };
    case 4: // changed amount
      return { book: base, portal: { ...portal, taxableValue: money(taxable + 100_000) } };
    case 5: // other GSTIN of the PAN
      return { book: base, portal: { ...portal, supplierGstin: gstin(i % SUPPLIERS, 27) } };
    case 6:
      return { book: base };
    case 8:
      return { portal: { ...portal, number: `NEW-${i}` } };
    default:
      return { book: base, portal };
  }
}

function dataset(n: number): { books: RecoDocument[]; portal: RecoDocument[] } {
  const books: RecoDocument[] = [];
  const portal: RecoDocument[] = [];
  for (let i = 0; books.length < n || portal.length < n; i++) {
    const p = pair(i);
    if (p.book && books.length < n) books.push(p.book);
    if (p.portal && portal.length < n) portal.push(p.portal);
  }
  return { books, portal };
}

function gstr2bJson(documents: readonly RecoDocument[]): string {
  const bySupplier = new Map<string, unknown[]>();
  for (const d of documents) {
    if (d.kind !== 'INV') continue;
    const list = bySupplier.get(d.supplierGstin) ?? [];
    list.push({
      inum: d.number,
      typ: 'R',
      dt: `${d.date.slice(8)}-${d.date.slice(5, 7)}-${d.date.slice(0, 4)}`,
      val: Number(d.taxableValue) + Number(d.igst),
      pos: '29',
      rev: 'N',
      itcavl: 'Y',
      items: [
        { num: 1, rt: 18, txval: Number(d.taxableValue), igst: Number(d.igst), cgst: 0, sgst: 0, cess: 0 },
      ],
    });
    bySupplier.set(d.supplierGstin, list);
  }
  const b2b = [...bySupplier].map(([ctin, inv]) => ({
    ctin,
    trdnm: 'Supplier',
    supprd: '102026',
    supfildt: '11-10-2026',
    inv,
  }));
  return JSON.stringify({
    chksum: 'x',
    data: { gstin: '29AAACW4202F1ZM', rtnprd: '102026', gendt: '14-11-2026', docdata: { b2b } },
  });
}

export async function run(): Promise<void> {
  let previousCpuMs: number | undefined;
  for (const n of SIZES) {
    const { books, portal } = dataset(n);
    if (global.gc) global.gc();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const results = reconcile(books, portal, DEFAULT_MATCH_CONFIG);
    const elapsedMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const counts: Record<string, number> = {};
    for (const r of results) counts[r.category] = (counts[r.category] ?? 0) + 1;
    const rssMb = process.resourceUsage().maxRSS / 1024;
    const cpuMs = (cpu.user + cpu.system) / 1000;
    // Growth by CPU time: on a shared machine the wall clock also counts other processes' turns.
    const growth =
      previousCpuMs === undefined
        ? ''
        : `, CPU x${(cpuMs / previousCpuMs).toFixed(2)} for x${(n / SIZES[SIZES.indexOf(n) - 1]).toFixed(0)} lines`;
    console.log(
      `reco ${n.toLocaleString('en-US')} x ${n.toLocaleString('en-US')}: ${Math.round(elapsedMs)} ms wall, ` +
        `${Math.round(cpuMs)} ms CPU${growth}; peak RSS ${Math.round(rssMb)} MB; ${JSON.stringify(counts)}`,
    );
    previousCpuMs = cpuMs;
    if (n === SIZES[SIZES.length - 1]) {
      // One core's worth of work is the CPU time (the engine is single-threaded); the wall clock is
      // printed too, and equals it on an idle core.
      console.log(
        `reco goal (100,000 x 100,000 < ${GOAL_MS} ms on one core, RSS < ${GOAL_RSS_MB} MB): ` +
          `${cpuMs < GOAL_MS && rssMb < GOAL_RSS_MB ? 'met' : 'NOT met'} by CPU time` +
          `, ${elapsedMs < GOAL_MS ? 'met' : 'NOT met'} by wall time (${Math.round(elapsedMs)} ms; load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
      );
      const json = gstr2bJson(portal);
      const parseStarted = performance.now();
      const parseCpu = process.cpuUsage();
      const parsed = parseGstr2b(JSON.parse(json));
      const parseCpuMs = Math.round(
        (process.cpuUsage(parseCpu).user + process.cpuUsage(parseCpu).system) / 1000,
      );
      console.log(
        `reco GSTR-2B read: ${parsed.return?.documents.length.toLocaleString('en-US')} documents ` +
          `(${Math.round(json.length / 1_048_576)} MB JSON) in ${Math.round(performance.now() - parseStarted)} ms wall, ${parseCpuMs} ms CPU; ` +
          `peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
      );
    }
  }
  // Through the public route (the service in its own process): BENCH_RECO_ROUTE sizes, comma separated
  // (default 10,000 and 100,000; add 1000000 for the million, which takes minutes).
  const routeSizes = (process.env.BENCH_RECO_ROUTE ?? '10000,100000')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((s) => s > 0);
  const imports = new Map<number, { wallMs: number; serviceRssMb: number }>();
  for (const size of routeSizes) {
    const figures = await runRoute(size);
    imports.set(size, figures['import (stream + pull + store + match)']);
  }
  console.log(
    'reco route goal: 100,000 x 100,000 import + pull + store + match < 10 s with service RSS < 400 MB; 1,000,000 x 1,000,000 in < 1 GB, near-linear',
  );
  const hundredThousand = imports.get(100_000);
  if (hundredThousand) {
    const met = hundredThousand.wallMs < 10_000 && hundredThousand.serviceRssMb < 400;
    console.log(
      `reco route 100,000: ${met ? 'met' : 'NOT met'} (import ${hundredThousand.wallMs} ms wall, service peak RSS ${hundredThousand.serviceRssMb} MB; load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
    );
  }
  const million = imports.get(1_000_000);
  if (million) {
    const linear = hundredThousand
      ? ` (x${(million.wallMs / hundredThousand.wallMs).toFixed(1)} the 100,000's time for x10 the rows)`
      : '';
    console.log(
      `reco route 1,000,000: ${million.serviceRssMb < 1024 ? 'met' : 'NOT met'} for memory (service peak RSS ${million.serviceRssMb} MB), import ${million.wallMs} ms wall${linear}`,
    );
  }
}

if (require.main === module) void run();
