/**
 * `npm run bench [-- name ...]`: runs the benchmarks one after another and prints their figures. It runs
 * the compiled code (tsconfig.bench.json -> dist-bench), as production does, not ts-node's.
 * Names: irn-mapper, zatca-signing, tally-pull, einvoice-pipeline, reco (all when none given); load and
 * soak (the scale-out layout under latency, load.bench.ts and soak.bench.ts) and ewaybill (10,000 e-way
 * bills per catalog), unauth-bodies (16 parallel 10 MB bodies without a key) and ksa (KSA clearance end to
 * end for 1 and 50 EGS units) only when named.
 * Speed is measured here, never asserted in tests.
 */
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';

type Bench = { run: () => unknown };

const BENCHES = ['irn-mapper', 'zatca-signing', 'tally-pull', 'einvoice-pipeline', 'reco'];
/** Run only when named: the load runs take minutes to hours. */
const NAMED_ONLY = ['load', 'soak', 'ewaybill', 'unauth-bodies', 'ksa'];

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const names = wanted.length > 0 ? wanted : BENCHES;
  for (const name of names) {
    const file = join(__dirname, `${name}.bench${extname(__filename)}`);
    if (!existsSync(file)) {
      console.log(`\n== ${name}: no such benchmark (known: ${[...BENCHES, ...NAMED_ONLY].join(', ')})`);
      process.exitCode = 1;
      continue;
    }
    console.log(`\n== ${name}`);
    const started = Date.now();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bench = require(file) as Bench;
    await bench.run();
    console.log(`== ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
