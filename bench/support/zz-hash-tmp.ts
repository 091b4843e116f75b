import { generateCompany } from '../../src/sandbox/tally/sim-company';
import { voucherXml, voucherMeta } from '../../src/sandbox/tally/sim-vouchers';
import { parseTallyXml } from '../../src/connectors/tally/xml/tally-xml-reader';
import { voucherContentHash } from '../../src/connectors/tally/voucher-document';
const company = generateCompany(7, 'Hash Co');
const opts = { voucherCount: 400, linesPerVoucher: 3, seed: 7, days: 365 };
const hashes: string[] = [];
for (let i = 0; i < 400; i++)
  hashes.push(
    voucherContentHash(parseTallyXml(voucherXml(company, opts, voucherMeta(company, opts, i), i + 100))),
  );
console.log(require('crypto').createHash('sha256').update(hashes.join(',')).digest('hex'));
console.log(hashes[8]);
