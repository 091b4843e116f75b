import { SaxesParser } from 'saxes';
import { XMLParser } from 'fast-xml-parser';
import { generateCompany } from '../../src/sandbox/tally/sim-company';
import { voucherXml, voucherMeta } from '../../src/sandbox/tally/sim-vouchers';
import { stripInvalidXmlChars } from '../../src/connectors/tally/xml/control-char-filter';
const company = generateCompany(42, 'Bench');
const opts = { voucherCount: 2000, linesPerVoucher: 10, seed: 42, days: 365 };
const vouchers: string[] = [];
for (let i = 0; i < 2000; i++) vouchers.push(stripInvalidXmlChars(voucherXml(company, opts, voucherMeta(company, opts, i), i + 100)));
const all = vouchers.join('');
console.log('MB', all.length / 1e6, 'avg', all.length / 2000);
function t(name: string, f: () => void) { f(); const s = performance.now(); for (let r = 0; r < 3; r++) f(); const ms = (performance.now() - s) / 3; console.log(name, (all.length / 1e6 / (ms / 1000)).toFixed(1), 'MB/s', Math.round(2000 / (ms / 1000)), 'v/s'); }
t('saxes', () => { const p = new SaxesParser({ position: false }); let n = 0; p.on('opentag', () => n++); p.on('text', () => n++); p.write('<R>'); p.write(all); p.write('</R>'); p.close(); });
const fxp = new XMLParser({ ignoreAttributes: false, parseTagValue: false, processEntities: true, preserveOrder: true, trimValues: false });
t('fxp preserveOrder', () => { for (const v of vouchers) fxp.parse(v); });
const fxp2 = new XMLParser({ ignoreAttributes: false, parseTagValue: false, processEntities: true });
t('fxp obj', () => { for (const v of vouchers) fxp2.parse(v); });
t('indexOf scan', () => { let n = 0, at = 0; while ((at = all.indexOf('<', at)) >= 0) { n++; at++; } });
