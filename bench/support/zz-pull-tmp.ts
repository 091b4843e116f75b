import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { forkTallySimulator } from './tally-simulator-process';
async function main() {
  const sim = await forkTallySimulator({
    voucherCount: Number(process.env.N ?? 10000),
    seed: 42,
    companyName: 'B',
    linesPerVoucher: 10,
    distinctVouchers: 1000,
  });
  for (let r = 0; r < 3; r++) {
    const connector = new TallyConnector(
      'b',
      Object.assign(new TallyConfig(), { url: sim.url, companyName: 'B' }),
      { dataDir: '/tmp', log: { info: () => undefined, warn: () => undefined } },
    );
    const s = performance.now();
    let n = 0;
    const c0 = process.cpuUsage();
    for await (const batch of connector.pullSales(null)) n += batch.documents.length;
    const c = process.cpuUsage(c0);
    console.log(
      'v/s',
      Math.round(n / ((performance.now() - s) / 1000)),
      'cpu µs/v',
      Math.round((c.user + c.system) / n),
      n,
    );
    await connector.close();
  }
  console.log('sim peak', await sim.stop(), 'self maxRSS MB', process.resourceUsage().maxRSS / 1024);
}
main();
