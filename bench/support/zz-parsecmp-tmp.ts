import { SaxesParser } from 'saxes';
import { generateCompany } from '../../src/sandbox/tally/sim-company';
import { voucherXml, voucherMeta } from '../../src/sandbox/tally/sim-vouchers';
import { stripInvalidXmlChars } from '../../src/connectors/tally/xml/control-char-filter';
import { XmlScanner } from '../../src/connectors/tally/xml/xml-scanner';
import { TallyRecordReader } from '../../src/connectors/tally/xml/tally-xml-reader';
const company = generateCompany(42, 'Bench');
const opts = { voucherCount: 2000, linesPerVoucher: 10, seed: 42, days: 365 };
const vouchers: string[] = [];
for (let i = 0; i < 2000; i++)
  vouchers.push(stripInvalidXmlChars(voucherXml(company, opts, voucherMeta(company, opts, i), i + 100)));
const all = '<R><COLLECTION>' + vouchers.join('') + '</COLLECTION></R>';
const chunks: string[] = [];
for (let i = 0; i < all.length; i += 65536) chunks.push(all.slice(i, i + 65536));
const bytes = Buffer.from(all);
const bchunks: Buffer[] = [];
for (let i = 0; i < bytes.length; i += 65536) bchunks.push(bytes.subarray(i, i + 65536));
console.log('MB', all.length / 1e6);
function t(name: string, f: () => void) {
  f();
  f();
  const s = performance.now();
  for (let r = 0; r < 3; r++) f();
  const ms = (performance.now() - s) / 3;
  console.log(
    name.padEnd(20),
    (all.length / 1e6 / (ms / 1000)).toFixed(1),
    'MB/s',
    Math.round(2000 / (ms / 1000)),
    'v/s',
  );
}
t('saxes', () => {
  const p = new SaxesParser({ position: false });
  let n = 0;
  p.on('opentag', () => n++);
  p.on('text', () => n++);
  for (const c of chunks) p.write(c);
  p.close();
});
t('scanner noop', () => {
  const p = new XmlScanner({ open: () => {}, text: () => {}, close: () => {} });
  for (const c of chunks) p.write(c);
  p.end();
});
t('reader (bytes)', () => {
  const r = new TallyRecordReader({ records: { childrenOf: 'COLLECTION' } });
  for (const c of bchunks) r.write(c);
  r.end();
});
t('indexOf scan', () => {
  let n = 0,
    at = 0;
  while ((at = all.indexOf('<', at)) >= 0) {
    n++;
    at++;
  }
});
t('strip', () => {
  for (const c of chunks) stripInvalidXmlChars(c);
});
t('decode', () => {
  const d = new (require('string_decoder').StringDecoder)('utf8');
  for (const c of bchunks) d.write(c);
});
