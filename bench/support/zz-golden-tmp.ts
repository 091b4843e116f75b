import { createHash } from 'node:crypto';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { startTallySimulator } from '../../src/sandbox/tally';
async function main() {
  const digest = createHash('sha256');
  let n = 0,
    bad = 0;
  for (const [seed, lines, utf16] of [
    [7, 3, false],
    [42, 10, false],
    [11, 3, true],
  ] as const) {
    const sim = await startTallySimulator({
      voucherCount: 3000,
      seed,
      companyName: 'G',
      linesPerVoucher: lines,
      utf16,
    });
    const connector = new TallyConnector(
      'g',
      Object.assign(new TallyConfig(), { url: sim.url, companyName: 'G', utf16 }),
      { dataDir: '/tmp', log: { info: () => undefined, warn: () => undefined } },
    );
    for await (const batch of connector.pullSales(null))
      for (const doc of batch.documents) {
        digest.update(JSON.stringify(doc));
        n++;
        if (!doc.normalised.ok) bad++;
      }
    await connector.close();
    await sim.stop();
  }
  console.log(n, bad, digest.digest('hex'));
}
main();
