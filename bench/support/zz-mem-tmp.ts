import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { forkTallySimulator } from './tally-simulator-process';
const mb = (n: number) => Math.round(n / 1048576);
const show = (label: string) => { const m = process.memoryUsage(); console.log(label, 'rss', mb(m.rss), 'heapTotal', mb(m.heapTotal), 'heapUsed', mb(m.heapUsed), 'ext', mb(m.external), 'ab', mb(m.arrayBuffers)); };
async function main() {
  show('start');
  const sim = await forkTallySimulator({ voucherCount: Number(process.env.N ?? 10000), seed: 42, companyName: 'B', linesPerVoucher: 10, distinctVouchers: 1000 });
  show('forked');
  let peak = 0; const iv = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 20);
  const connector = new TallyConnector('b', Object.assign(new TallyConfig(), { url: sim.url, companyName: 'B' }), { dataDir: '/tmp', log: { info: () => undefined, warn: () => undefined } });
  let n = 0;
  for await (const batch of connector.pullSales(null)) { n += batch.documents.length; if (n % 2000 < 200) show('at ' + n); }
  clearInterval(iv);
  show('end'); console.log('peak', mb(peak), 'maxRSS', mb(process.resourceUsage().maxRSS * 1024));
  await connector.close(); await sim.stop();
}
main();
