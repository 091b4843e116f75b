/**
 * Voucher i of the simulated company, generated on demand from (seed, i): nothing is kept per voucher
 * until it is altered. Amounts are integer paise so the simulator's own arithmetic is exact. Mixes item and
 * accounting invoices, intra/inter-state supplies, credit/debit notes, purchases, freight, round-off, odd
 * quantities and rates, and (every 997th voucher) a deliberately bad one.
 */
import { type SimCompany, prng, registrationOn } from './sim-company';
import { addDays, amountText, esc, tag } from './sim-xml';

export type SimVoucherType =
  'Sales' | 'Credit Note' | 'Debit Note' | 'Purchase' | 'GST Sales' | 'Export Sales' | 'Sales Return';

/**
 * Voucher types the company has made itself, each under a predefined one (TallyPrime's voucher type
 * PARENT): custom sales types and a sales return type, as businesses number series apart.
 */
export const CUSTOM_VOUCHER_TYPES: Readonly<Record<string, SimVoucherType>> = {
  'GST Sales': 'Sales',
  'Export Sales': 'GST Sales',
  'Sales Return': 'Credit Note',
};

/** The predefined type a voucher type descends from. */
export function baseTypeOf(type: SimVoucherType): SimVoucherType {
  let current = type;
  while (CUSTOM_VOUCHER_TYPES[current] !== undefined) current = CUSTOM_VOUCHER_TYPES[current];
  return current;
}

export interface SimVoucherMeta {
  index: number;
  guid: string;
  date: string;
  type: SimVoucherType;
  /** A Debit Note to a supplier (a purchase return), not a sales document. */
  supplierNote?: boolean;
}

export interface SimOptions {
  voucherCount: number;
  linesPerVoucher: number;
  seed: number;
  /** Days the vouchers are spread over from the books-from date. */
  days: number;
}

/** Cheap per-index facts (no XML): what the filters need. */
export function voucherMeta(company: SimCompany, options: SimOptions, index: number): SimVoucherMeta {
  const roll = prng(options.seed ^ Math.imul(index + 1, 2654435761))();
  const base: SimVoucherType =
    roll < 0.8 ? 'Sales' : roll < 0.88 ? 'Credit Note' : roll < 0.93 ? 'Debit Note' : 'Purchase';
  const custom =
    base === 'Sales'
      ? index % 9 === 4
        ? 'GST Sales'
        : index % 9 === 7
          ? 'Export Sales'
          : undefined
      : undefined;
  const type: SimVoucherType = custom ?? (base === 'Credit Note' && index % 4 === 1 ? 'Sales Return' : base);
  if (base === 'Purchase' && index % 3 === 1) {
    return {
      index,
      guid: voucherGuid(company, index),
      date: addDays(company.booksFrom, dayOf(index, options)),
      type: 'Debit Note',
      supplierNote: true,
    };
  }
  return {
    index,
    guid: voucherGuid(company, index),
    date: addDays(company.booksFrom, dayOf(index, options)),
    type,
  };
}

function dayOf(index: number, options: SimOptions): number {
  return Math.floor((index * options.days) / Math.max(options.voucherCount, 1));
}

export function voucherGuid(company: SimCompany, index: number): string {
  return `${company.guid}-${(index + 1).toString(16).padStart(8, '0')}`;
}

export type BadKind = 'rate' | 'hsn' | 'gstin' | 'totals';
const BAD_KINDS: BadKind[] = ['rate', 'hsn', 'gstin', 'totals'];

export function badKindOf(index: number): BadKind | undefined {
  return index % 997 === 13 ? BAD_KINDS[Math.floor(index / 997) % BAD_KINDS.length] : undefined;
}

interface Line {
  ledger: string;
  item?: string;
  hsn?: string;
  qtyText?: string;
  rateText?: string;
  discount: number;
  amount: number;
  gstRate: number;
  cessRate: number;
}

function round(value: number): number {
  return Math.round(value);
}

export function voucherXml(
  company: SimCompany,
  options: SimOptions,
  meta: SimVoucherMeta,
  alterId: number,
  extra: { narration?: string; cancelled?: boolean } = {},
): string {
  const random = prng(options.seed * 31 + meta.index * 7919 + 17);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
  const purchase = meta.type === 'Purchase' || meta.supplierNote === true;
  const party = purchase ? pick(company.suppliers) : pick(company.parties);
  const registration = registrationOn(party, meta.date);
  const interState = registration.state !== company.state;
  const bad = purchase ? undefined : badKindOf(meta.index);
  const accounting = !purchase && meta.index % 5 === 4;

  const lines: Line[] = [];
  const count = accounting ? 1 + (meta.index % 2) : options.linesPerVoucher;
  for (let k = 0; k < count; k += 1) {
    if (accounting) {
      const service = company.services[k % company.services.length];
      const amount = (1000 + Math.floor(random() * 90000)) * 100;
      lines.push({ ledger: service.name, amount, discount: 0, gstRate: service.rate, cessRate: 0 });
      continue;
    }
    const item =
      bad === 'hsn' && k === 0 ? company.items[company.items.length - 1] : pick(company.items.slice(0, -1));
    const qtyMilli =
      item.kind === 'weight' ? 1 + Math.floor(random() * 1_500_000) : (1 + Math.floor(random() * 500)) * 1000;
    const ratePaise = 100 + Math.floor(random() * 2_000_000);
    const discount = random() < 0.15 ? 5 : 0;
    // Alternate units: the quantity reads " 5000 UG =  5 MG" and the rate's unit says which side is priced.
    const alternate = item.alternate;
    const perAlternate = alternate !== undefined && (alternate.unit === 'MG' || meta.index % 2 === 1);
    const pricedMilli = alternate && !perAlternate ? qtyMilli * alternate.per : qtyMilli;
    const gross = (pricedMilli * ratePaise) / 1000;
    const amount = round((gross * (100 - discount)) / 100);
    const qty = item.kind === 'weight' ? (qtyMilli / 1000).toFixed(3) : String(qtyMilli / 1000);
    const qtyText = alternate
      ? `${(qtyMilli / 1000) * alternate.per} ${item.unit} =  ${qty} ${alternate.unit}`
      : `${qtyMilli >= 1_000_000 ? Number(qty).toLocaleString('en-IN', { minimumFractionDigits: 3 }) : qty} ${item.unit}`;
    const rateUnit = perAlternate ? alternate.unit : item.unit;
    lines.push({
      ledger: purchase ? 'Purchase GST' : 'Sales GST',
      item: item.name,
      qtyText: ` ${qtyText}`,
      rateText: bad === 'rate' && k === 1 ? 'abc/nos' : `${amountText(ratePaise)}/${rateUnit}`,
      discount,
      amount,
      gstRate: item.rate,
      cessRate: item.cessRate,
    });
  }

  const taxable = lines.reduce((total, line) => total + line.amount, 0);
  const taxTotal = round(lines.reduce((total, line) => total + (line.amount * line.gstRate) / 100, 0));
  const half = round(lines.reduce((total, line) => total + (line.amount * line.gstRate) / 200, 0));
  const cess = round(lines.reduce((total, line) => total + (line.amount * line.cessRate) / 100, 0));
  const freight = !purchase && meta.index % 10 === 1 ? 25000 : 0;
  const taxes: [string, number][] = interState
    ? [[purchase ? 'Input IGST' : 'Output IGST', taxTotal]]
    : [
        [purchase ? 'Input CGST' : 'Output CGST', half],
        [purchase ? 'Input SGST' : 'Output SGST', half],
      ];
  if (cess > 0) taxes.push(['Cess on Sales', cess]);
  const exact = taxable + taxes.reduce((total, [, value]) => total + value, 0) + freight;
  const rounded = Math.round(exact / 100) * 100;
  const roundOff = rounded - exact;
  const partyAmount = rounded + (bad === 'totals' ? 1000 : 0);

  // Sales credit the supply side (positive); credit notes and purchases debit it (negative).
  const base = baseTypeOf(meta.type);
  // A purchase return credits the purchase ledger, as a sale credits the sales ledger.
  const s = meta.supplierNote ? 1 : base === 'Credit Note' || purchase ? -1 : 1;
  const deemed = (value: number): string => (value < 0 ? 'Yes' : 'No');
  const ledgerEntry = (name: string, value: number, party = false, inner = ''): string =>
    `<LEDGERENTRIES.LIST>${tag('LEDGERNAME', name, 'String')}${tag('ISDEEMEDPOSITIVE', deemed(value), 'Logical')}` +
    `${party ? tag('ISPARTYLEDGER', 'Yes', 'Logical') : ''}${tag('AMOUNT', amountText(value), 'Amount')}${inner}</LEDGERENTRIES.LIST>`;

  const partyValue = -s * partyAmount;
  const billAlloc = `<BILLALLOCATIONS.LIST>${tag('NAME', String(meta.index + 1))}${tag('BILLTYPE', 'New Ref')}${tag('AMOUNT', amountText(partyValue), 'Amount')}</BILLALLOCATIONS.LIST>`;
  const others: string[] = taxes.map(([name, value]) => ledgerEntry(name, s * value));
  if (freight) others.push(ledgerEntry('Freight Charges', s * freight));
  if (roundOff !== 0) others.push(ledgerEntry('Round Off', s * roundOff));

  const inventory = accounting
    ? ''
    : lines
        .map(
          (line) =>
            `<ALLINVENTORYENTRIES.LIST>${tag('STOCKITEMNAME', line.item!, 'String')}${tag('ISDEEMEDPOSITIVE', deemed(s * line.amount), 'Logical')}` +
            `${tag('RATE', line.rateText!, 'Rate')}${tag('DISCOUNT', String(line.discount), 'Number')}${tag('AMOUNT', amountText(s * line.amount), 'Amount')}` +
            `${tag('ACTUALQTY', line.qtyText!, 'Quantity')}${tag('BILLEDQTY', line.qtyText!, 'Quantity')}` +
            `<BATCHALLOCATIONS.LIST>${tag('GODOWNNAME', 'Main Location', 'String')}<INDENTNO TYPE="String">&#4; Not Applicable</INDENTNO>${tag('AMOUNT', amountText(s * line.amount), 'Amount')}</BATCHALLOCATIONS.LIST>` +
            `<ACCOUNTINGALLOCATIONS.LIST>${tag('LEDGERNAME', line.ledger, 'String')}${tag('ISDEEMEDPOSITIVE', deemed(s * line.amount), 'Logical')}${tag('AMOUNT', amountText(s * line.amount), 'Amount')}</ACCOUNTINGALLOCATIONS.LIST>` +
            '</ALLINVENTORYENTRIES.LIST>',
        )
        .join('');
  const supplyEntries = accounting ? lines.map((line) => ledgerEntry(line.ledger, s * line.amount)) : [];
  const partyEntry = ledgerEntry(party.name, partyValue, true, billAlloc);
  const ledgerList = [partyEntry, ...supplyEntries, ...others].join('');
  // Tally repeats the ledgers in ALLLEDGERENTRIES.LIST; item invoices add the sales ledger carrying the items.
  const salesWithItems = accounting
    ? ''
    : `<LEDGERENTRIES.LIST>${tag('LEDGERNAME', lines[0].ledger, 'String')}${tag('AMOUNT', amountText(s * taxable), 'Amount')}` +
      lines
        .map(
          (line) =>
            `<INVENTORYALLOCATIONS.LIST>${tag('STOCKITEMNAME', line.item!, 'String')}${tag('RATE', line.rateText!, 'Rate')}${tag('AMOUNT', amountText(s * line.amount), 'Amount')}${tag('BILLEDQTY', line.qtyText!, 'Quantity')}</INVENTORYALLOCATIONS.LIST>`,
        )
        .join('') +
      '</LEDGERENTRIES.LIST>';
  const allLedgers = (partyEntry + salesWithItems + [...supplyEntries, ...others].join('')).replace(
    /LEDGERENTRIES\.LIST>/g,
    'ALLLEDGERENTRIES.LIST>',
  );

  const number = `${base === 'Sales' ? 'INV' : base === 'Credit Note' ? 'CN' : base === 'Debit Note' ? 'DN' : 'PUR'}/${meta.index + 1}`;
  const onVoucher = !party.datedOnly;
  const gstin = bad === 'gstin' ? `${registration.gstin.slice(0, 14)}0` : registration.gstin;
  const narration =
    extra.narration ?? (meta.index % 50 === 7 ? `Order\u0004 ${meta.index}&#8;` : `Order ${meta.index}`);
  const view = accounting ? 'Accounting Voucher View' : 'Invoice Voucher View';
  const transport =
    !purchase && meta.index % 20 === 3
      ? `<EWAYBILLDETAILS.LIST><TRANSPORTDETAILS.LIST>${tag('TRANSPORTERID', '29AAACR1234A1Z5')}${tag('TRANSPORTERNAME', 'Ratna Roadlines')}${tag('TRANSPORTMODE', '1 - Road')}${tag('VEHICLENUMBER', 'KA01 AB 1234')}${tag('VEHICLETYPE', 'R - Regular')}${tag('DISTANCE', ' 120')}</TRANSPORTDETAILS.LIST></EWAYBILLDETAILS.LIST>`
      : '';
  const consignee =
    !purchase && meta.index % 25 === 5
      ? `${tag('BASICBUYERNAME', `${party.name} Warehouse`)}<BASICBUYERADDRESS.LIST TYPE="String">${tag('BASICBUYERADDRESS', 'Godown 4, Ring Road')}</BASICBUYERADDRESS.LIST>${tag('CONSIGNEESTATENAME', registration.state)}${tag('CONSIGNEEPINCODE', registration.pincode)}`
      : '';
  const narrationXml = `<NARRATION TYPE="String">${esc(narration).replace('&amp;#8;', '&#8;')}</NARRATION>`;
  return (
    `<VOUCHER REMOTEID="${meta.guid}" VCHKEY="${meta.guid}:00000008" VCHTYPE="${meta.type}" ACTION="Create" OBJVIEW="${view}">` +
    `${tag('DATE', meta.date, 'Date')}${tag('GUID', meta.guid)}${tag('VOUCHERTYPENAME', meta.type)}${tag('VOUCHERNUMBER', number)}` +
    (purchase || base !== 'Sales'
      ? `${tag('REFERENCE', purchase ? `SUP-${meta.index}` : `INV/${meta.index}`, 'String')}${tag('REFERENCEDATE', meta.date, 'Date')}`
      : '') +
    `${tag('PARTYLEDGERNAME', party.name, 'String')}${tag('PARTYNAME', party.name, 'String')}` +
    (onVoucher
      ? `${tag('PARTYGSTIN', gstin, 'String')}${tag('STATENAME', registration.state, 'String')}${tag('PLACEOFSUPPLY', registration.state, 'String')}` +
        `<ADDRESS.LIST TYPE="String">${registration.address.map((line) => tag('ADDRESS', line)).join('')}</ADDRESS.LIST>${tag('PARTYPINCODE', registration.pincode)}`
      : '') +
    `${company.gstRegistrationMasters ? '' : tag('CMPGSTIN', company.gstin)}${consignee}${tag('PERSISTEDVIEW', view)}${tag('ISCANCELLED', extra.cancelled ? 'Yes' : 'No')}` +
    `${tag('ISDELETED', 'No')}${tag('ISOPTIONAL', 'No')}${tag('ISINVOICE', 'Yes')}${narrationXml}` +
    `<ALTERID TYPE="Number"> ${alterId}</ALTERID><MASTERID TYPE="Number"> ${meta.index + 1}</MASTERID>` +
    `${tag('AMOUNT', amountText(partyValue), 'Amount')}${transport}<IRNERRORLIST.LIST> </IRNERRORLIST.LIST>` +
    `${inventory}${ledgerList}${allLedgers}</VOUCHER>`
  );
}
