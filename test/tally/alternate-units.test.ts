/**
 * Finding 2 of issue 14: a line in alternate units (" 5000 UG =  5 MG" at "213.00/MG") is worth
 * 5 MG x 213, not 5000 x 213 with an invented discount. The simulator's lines are priced per main or per
 * alternate unit; expectations are read from the simulator's XML with plain patterns, not the connector.
 */
import type { PullBatch, SourceDocument } from '../../src/connectors/contract';
import { TallyConfig, TallyConnector } from '../../src/connectors/tally';
import { startTallySimulator, type TallySimulator } from '@erp-connector/sandbox/tally';

const COMPANY = 'Pharma Units Ltd';
const log = { info: (): void => undefined, warn: (): void => undefined };

interface SimLine {
  item: string;
  qty: string;
  rate: string;
  amount: string;
}

/** Item lines of the simulator's voucher XML: plain regular expressions over its text. */
function simLines(xml: string): SimLine[] {
  return [...xml.matchAll(/<ALLINVENTORYENTRIES\.LIST>([\s\S]*?)<\/ALLINVENTORYENTRIES\.LIST>/g)].map(
    (m) => ({
      item: /<STOCKITEMNAME[^>]*>([^<]*)</.exec(m[1])![1],
      qty: /<BILLEDQTY[^>]*>([^<]*)</.exec(m[1])![1],
      rate: /<RATE[^>]*>([^<]*)</.exec(m[1])![1],
      amount: /<AMOUNT[^>]*>([^<]*)</.exec(m[1])![1].replace('-', ''),
    }),
  );
}

describe('Tally lines in alternate units', () => {
  let sim: TallySimulator;
  let connector: TallyConnector;
  let documents: SourceDocument[];

  beforeAll(async () => {
    sim = await startTallySimulator({ voucherCount: 300, seed: 23, companyName: COMPANY });
    const config = Object.assign(new TallyConfig(), { url: sim.url, companyName: COMPANY, timeoutMs: 5000 });
    connector = new TallyConnector('tally-units', config, { dataDir: '/tmp', log });
    const batches: PullBatch[] = [];
    for await (const batch of connector.pullSales(null)) batches.push(batch);
    documents = batches.flatMap((batch) => batch.documents);
  });
  afterAll(async () => {
    await connector.close();
    await sim.stop();
  });

  it('prices " 5000 UG =  5 MG" at "213.00/MG" as 5 MG, without an invented discount', () => {
    let checked = 0;
    for (const doc of documents) {
      if (!doc.normalised.ok) continue;
      const lines = simLines(sim.voucher(doc.erpId)!);
      doc.normalised.value.lines.forEach((line, index) => {
        const source = lines[index];
        if (!source) return;
        const alternate = /^\s*([\d.]+) (\w+) =\s+([\d.]+) (\w+)$/.exec(source.qty);
        if (!alternate) return;
        const [, main, mainUnit, alt, altUnit] = alternate;
        const rateUnit = source.rate.split('/')[1];
        const priced = rateUnit === altUnit ? alt : main;
        expect(rateUnit === altUnit || rateUnit === mainUnit).toBe(true);
        expect(Number(line.quantity)).toBe(Number(priced));
        expect(line.unitPrice).toBe(Number(source.rate.split('/')[0]).toFixed(3));
        expect(line.taxableValue).toBe(source.amount);
        // Nothing but the simulator's 5% trade discount, and never more than the line's value.
        const gross = Number(line.grossAmount);
        const discount = Number(line.discount);
        if (discount !== 0) expect(Math.abs(discount - gross * 0.05)).toBeLessThan(0.011);
        checked += 1;
      });
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('reports no line whose quantity x rate differs from its amount', () => {
    const problems = documents.flatMap((doc) =>
      doc.normalised.ok ? (doc.normalised.warnings ?? []) : doc.normalised.errors,
    );
    expect(problems.filter((problem) => problem.rule === 'line.value')).toEqual([]);
  });
});
