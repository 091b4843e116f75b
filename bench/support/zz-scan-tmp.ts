import { generateCompany } from '../../src/sandbox/tally/sim-company';
import { voucherXml, voucherMeta } from '../../src/sandbox/tally/sim-vouchers';
import { stripInvalidXmlChars } from '../../src/connectors/tally/xml/control-char-filter';
import { XmlScanner } from '../../src/connectors/tally/xml/xml-scanner';
const company = generateCompany(42, 'Bench');
const opts = { voucherCount: 2000, linesPerVoucher: 10, seed: 42, days: 365 };
const vouchers: string[] = [];
for (let i = 0; i < 2000; i++)
  vouchers.push(stripInvalidXmlChars(voucherXml(company, opts, voucherMeta(company, opts, i), i + 100)));
const all = '<R><COLLECTION>' + vouchers.join('') + '</COLLECTION></R>';
const chunks: string[] = [];
for (let i = 0; i < all.length; i += 65536) chunks.push(all.slice(i, i + 65536));
const mode = process.argv[2];
function t(name: string, f: () => void) {
  f();
  f();
  const s = performance.now();
  for (let r = 0; r < 5; r++) f();
  const ms = (performance.now() - s) / 5;
  console.log(name.padEnd(20), (all.length / 1e6 / (ms / 1000)).toFixed(1), 'MB/s');
}
t('scanner noop', () => {
  const p = new XmlScanner({ open: () => {}, text: () => {}, close: () => {} });
  for (const c of chunks) p.write(mode === 'flat' ? c : c);
  p.end();
});
t('scanner whole', () => {
  const p = new XmlScanner({ open: () => {}, text: () => {}, close: () => {} });
  p.write(all);
  p.end();
});
const flatChunks = chunks.map((c) => Buffer.from(c, 'utf16le').toString('utf16le'));
t('scanner flatchunks', () => {
  const p = new XmlScanner({ open: () => {}, text: () => {}, close: () => {} });
  for (const c of flatChunks) p.write(c);
  p.end();
});
let n = 0,
  at = 0;
while ((at = all.indexOf('<', at)) >= 0) {
  n++;
  at++;
}
console.log('tags', n, 'per voucher', n / 2000, 'attrs', (all.match(/="/g) || []).length / 2000);
t('charCodeAt loop', () => {
  let n = 0;
  for (let i = 0; i < all.length; i++) if (all.charCodeAt(i) === 60) n++;
});
t('slice per tag', () => {
  let at = 0,
    n = 0;
  const s = all;
  while ((at = s.indexOf('<', at)) >= 0) {
    let e = at + 1;
    while (e < s.length) {
      const c = s.charCodeAt(e);
      if (c === 62 || c === 32 || c === 47) break;
      e++;
    }
    n += s.slice(at + 1, e).length;
    at = e;
  }
});
require('fs').writeFileSync('/tmp/tb/all.xml', all);
