import { generateCompany } from '../../src/sandbox/tally/sim-company';
import { voucherXml, voucherMeta } from '../../src/sandbox/tally/sim-vouchers';
import { ledgerRecords, stockItemRecords, companyXml } from '../../src/sandbox/tally/sim-masters';
import { TallyRecordReader } from '../../src/connectors/tally/xml/tally-xml-reader';
import { voucherContentHash } from '../../src/connectors/tally/voucher-document';
import { normaliseVoucher } from '../../src/connectors/tally/voucher-normaliser';
import {
  MasterIndex,
  readLedger,
  readStockItem,
  readCompany,
} from '../../src/connectors/tally/tally-masters';
import type { TallyNode } from '../../src/connectors/tally/xml/tally-node';
const company = generateCompany(42, 'Bench');
const N = 2000;
const opts = { voucherCount: N, linesPerVoucher: 10, seed: 42, days: 365 };
const xml =
  '<ENVELOPE><COLLECTION>' +
  Array.from({ length: N }, (_, i) => voucherXml(company, opts, voucherMeta(company, opts, i), i + 100)).join(
    '',
  ) +
  '</COLLECTION></ENVELOPE>';
const bytes = Buffer.from(xml);
const chunks: Buffer[] = [];
for (let i = 0; i < bytes.length; i += 65536) chunks.push(bytes.subarray(i, i + 65536));
const parse = (x: string) => {
  const r = new TallyRecordReader({ records: { childrenOf: 'COLLECTION' } });
  return [...r.write(Buffer.from(x)), ...r.end()];
};
const masters = new MasterIndex();
for (const l of parse('<E><COLLECTION>' + [...ledgerRecords(company)].join('') + '</COLLECTION></E>'))
  masters.addLedger(readLedger(l));
for (const l of parse('<E><COLLECTION>' + [...stockItemRecords(company)].join('') + '</COLLECTION></E>'))
  masters.addStockItem(readStockItem(l));
const companyInfo = readCompany(
  parse('<E><COLLECTION>' + companyXml(company, 1, 1, '20250331') + '</COLLECTION></E>')[0],
);
const ctx = {
  company: companyInfo,
  masters,
  documentTypeOf: (t: string) =>
    t === 'Sales'
      ? ('INV' as const)
      : t === 'Credit Note'
        ? ('CRN' as const)
        : t === 'Debit Note'
          ? ('DBN' as const)
          : undefined,
};
function t(name: string, f: () => void) {
  f();
  f();
  const c0 = process.cpuUsage();
  for (let r = 0; r < 5; r++) f();
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(12), ((c.user + c.system) / 5 / N).toFixed(1), 'cpu µs/voucher');
}
let trees: TallyNode[] = [];
{
  const r = new TallyRecordReader({ records: { childrenOf: 'COLLECTION' } });
  trees = [];
  for (const c of chunks) trees.push(...r.write(c));
  trees.push(...r.end());
}
if (!process.env.ONLY)
  t('parse', () => {
    const r = new TallyRecordReader({ records: { childrenOf: 'COLLECTION' } });
    let n = 0;
    for (const c of chunks) n += r.write(c).length;
    n += r.end().length;
  });
import { XmlScanner } from '../../src/connectors/tally/xml/xml-scanner';
import { TallyTextDecoder } from '../../src/connectors/tally/xml/text-decoder';
import { ControlCharFilter } from '../../src/connectors/tally/xml/control-char-filter';
if (!process.env.ONLY)
  t('decode', () => {
    const d = new TallyTextDecoder();
    for (const c of chunks) d.write(c);
  });
if (!process.env.ONLY)
  t('decode+filter', () => {
    const d = new TallyTextDecoder();
    const f = new ControlCharFilter();
    for (const c of chunks) f.push(d.write(c));
  });
if (!process.env.ONLY)
  t('+scan noop', () => {
    const d = new TallyTextDecoder();
    const f = new ControlCharFilter();
    const s = new XmlScanner({ open: () => {}, text: () => {}, close: () => {} });
    for (const c of chunks) s.write(f.push(d.write(c)));
  });
if (!process.env.ONLY)
  t('hash', () => {
    for (const v of trees) voucherContentHash(v);
  });
for (let k = 0; k < (process.env.ONLY ? 5 : 1); k++)
  t(process.env.ONLY === 'hash' ? 'hash' : 'normalise', () => {
    for (const v of trees) process.env.ONLY === 'hash' ? voucherContentHash(v) : normaliseVoucher(v, ctx);
  });
