/**
 * Writes synthetic sales CSVs in the example file's layout (the `india-b2b-lines` profile): tax invoices
 * of the sample seller to the sample's buyers, 1-3 lines each, amounts computed in decimal so every
 * total is what the IRP recomputes.
 */
import Decimal from 'decimal.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const BENCH_SELLER = {
  gstin: '29AADCD4821K1ZI',
  name: 'Deccan Fasteners and Tools Pvt Ltd',
  address: 'Plot 14, 2nd Phase, Peenya Industrial Area',
  city: 'Bengaluru',
  pin: '560058',
};

const BUYERS = [
  [
    '29AAFCM7314Q1ZT',
    'Mysore Auto Components Ltd',
    '42-B, Hebbal Industrial Area',
    'Mysuru',
    '570016',
    'Karnataka',
  ],
  [
    '27AABCP9932F1Z9',
    'Pune Precision Engineering Pvt Ltd',
    'Gat No. 118, Chakan MIDC Phase II',
    'Pune',
    '410501',
    'Maharashtra',
  ],
  [
    '33AAGCS5521M1Z8',
    'Sriperumbudur Motors India Pvt Ltd',
    'SIPCOT Industrial Park, Unit 7',
    'Sriperumbudur',
    '602105',
    'Tamil Nadu',
  ],
  [
    '36AAFFH4410B1Z1',
    'Hyderabad Infra Projects LLP',
    'Plot 9, Hitec City Layout, Madhapur',
    'Hyderabad',
    '500081',
    'Telangana',
  ],
  [
    '24AACCG7765R1ZV',
    'Gujarat Hydraulics Pvt Ltd',
    'Survey 221, Sanand GIDC II',
    'Sanand',
    '382110',
    'Gujarat',
  ],
  [
    '07AAACN2290E1ZR',
    'Northern Rail Fittings Ltd',
    'B-61, Okhla Industrial Area Phase II',
    'New Delhi',
    '110020',
    'Delhi',
  ],
] as const;

const ITEMS = [
  ['Hex bolt M12x60 HT 8.8 zinc plated', '73181500', 'NOS', '6.40'],
  ['Hex nut M12 grade 8 zinc plated', '73181600', 'NOS', '2.15'],
  ['Spring washer M12 carbon steel', '73182200', 'NOS', '0.85'],
  ['HSS twist drill 10 mm DIN 338', '82075000', 'NOS', '312.50'],
  ['Deep groove ball bearing 6205-2RS', '848210', 'NOS', '187.25'],
  ['MS fabricated mounting bracket 150 mm', '73269099', 'NOS', '214.75'],
] as const;

const HEADER = [
  'DocType',
  'InvoiceNo',
  'InvoiceDate',
  'SellerGSTIN',
  'SellerName',
  'SellerAddress',
  'SellerCity',
  'SellerPIN',
  'BuyerGSTIN',
  'BuyerName',
  'BuyerAddress',
  'BuyerCity',
  'BuyerPIN',
  'BuyerState',
  'PlaceOfSupply',
  'OrigInvoiceNo',
  'OrigInvoiceDate',
  'Reason',
  'LineNo',
  'ItemDescription',
  'HSN',
  'Qty',
  'Unit',
  'UnitPrice',
  'Discount',
  'TaxableValue',
  'GSTRate',
  'IGST',
  'CGST',
  'SGST',
  'LineTotal',
  'InvoiceTotal',
];

export interface GeneratedInvoice {
  number: string;
  lines: number;
}

/** Document numbers NIC accepts (at most 16 characters, [A-Z1-9][A-Z0-9/-]*), unique per run tag. */
export function benchDocumentNumber(runTag: string, index: number): string {
  return `B${runTag}/${String(index).padStart(6, '0')}`;
}

/** One invoice's CSV rows. `date` is dd-mm-yyyy. */
export function invoiceRows(number: string, date: string, index: number): string[][] {
  const buyer = BUYERS[index % BUYERS.length];
  const intraState = buyer[0].slice(0, 2) === BENCH_SELLER.gstin.slice(0, 2);
  const lineCount = 1 + (index % 3);
  const lines = Array.from({ length: lineCount }, (_, line) => {
    const item = ITEMS[(index + line) % ITEMS.length];
    const qty = 10 + ((index * 7 + line * 13) % 90);
    const taxable = new Decimal(item[3]).times(qty).toDecimalPlaces(2);
    const half = taxable.times('0.09').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const igst = intraState
      ? new Decimal(0)
      : taxable.times('0.18').toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const cgst = intraState ? half : new Decimal(0);
    const total = taxable.plus(igst).plus(cgst).plus(cgst);
    return { item, qty, taxable, igst, cgst, total };
  });
  const invoiceTotal = lines.reduce((sum, line) => sum.plus(line.total), new Decimal(0));
  return lines.map((line, position) => [
    'Tax Invoice',
    number,
    date,
    BENCH_SELLER.gstin,
    BENCH_SELLER.name,
    BENCH_SELLER.address,
    BENCH_SELLER.city,
    BENCH_SELLER.pin,
    buyer[0],
    buyer[1],
    buyer[2],
    buyer[3],
    buyer[4],
    buyer[5],
    buyer[5],
    '',
    '',
    '',
    String(position + 1),
    line.item[0],
    line.item[1],
    String(line.qty),
    line.item[2],
    line.item[3],
    '0',
    line.taxable.toFixed(2),
    '18',
    line.igst.toFixed(2),
    line.cgst.toFixed(2),
    line.cgst.toFixed(2),
    line.total.toFixed(2),
    invoiceTotal.toFixed(2),
  ]);
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Writes `count` invoices into files of at most `perFile` invoices each; returns the invoices written. */
export function writeInvoiceFiles(
  dir: string,
  options: { count: number; perFile: number; runTag: string; date: string; firstIndex?: number },
): GeneratedInvoice[] {
  const invoices: GeneratedInvoice[] = [];
  const first = options.firstIndex ?? 0;
  for (let start = 0; start < options.count; start += options.perFile) {
    const rows: string[][] = [HEADER];
    const end = Math.min(options.count, start + options.perFile);
    for (let offset = start; offset < end; offset++) {
      const index = first + offset;
      const number = benchDocumentNumber(options.runTag, index);
      const invoiceRowsForNumber = invoiceRows(number, options.date, index);
      rows.push(...invoiceRowsForNumber);
      invoices.push({ number, lines: invoiceRowsForNumber.length });
    }
    const text = rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
    writeFileSync(join(dir, `bench-${options.runTag}-${String(start).padStart(6, '0')}.csv`), text);
  }
  return invoices;
}

/** Today's date in India (dd-mm-yyyy): the IRP refuses future-dated documents. */
export function indiaToday(now = Date.now()): string {
  const ist = new Date(now + 330 * 60_000);
  const dd = String(ist.getUTCDate()).padStart(2, '0');
  const mm = String(ist.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${ist.getUTCFullYear()}`;
}
