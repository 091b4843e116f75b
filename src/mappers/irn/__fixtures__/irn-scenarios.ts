import {
  type CanonicalInvoice,
  type InvoiceLine,
  Dec,
  type Decimal,
  roundTo,
  toFixed,
  ZERO,
} from '../../../domain';
import {
  sampleIndiaCreditNote,
  sampleIndiaInvoice,
  sampleInterStateInvoice,
} from '../../../domain/__fixtures__';

/**
 * Invoices for the IRN mapper's tests, conformance run and benchmark: the domain's sample invoices plus
 * the supply types and features they do not cover. Figures are computed here the way an ERP would
 * (taxes rounded per line, invoice rounded to whole rupees), so each scenario is consistent.
 */

/** A registered SEZ unit in Bengaluru (same state as the seller: SEZ supplies still carry IGST). */
export const SEZ_BUYER_GSTIN = '29AAHCS4321K1Z4';
/** A registered buyer in Tamil Nadu for deemed exports and reverse charge. */
export const TAMIL_NADU_BUYER_GSTIN = '33AADCT6543M1Z2';

export type TaxTreatment = 'cgst+sgst' | 'igst' | 'none';

export interface LineSpec {
  description: string;
  hsnCode: string;
  quantity: string;
  unit?: string;
  unitPrice: string;
  discount?: string;
  taxRate: string;
  cessRate?: string;
  cessNonAdvolAmount?: string;
  otherCharges?: string;
  batch?: InvoiceLine['batch'];
  attributes?: InvoiceLine['attributes'];
}

const HUNDRED = new Dec(100);
const TWO_HUNDRED = new Dec(200);
const roundPaise = (value: Decimal): Decimal => roundTo(value, 2);

/** A line with its amounts computed from quantity, price, discount and rates, rounded to paise. */
export function lineFrom(lineNo: number, spec: LineSpec, treatment: TaxTreatment): InvoiceLine {
  const gross = new Dec(spec.quantity).times(spec.unitPrice);
  const discount = new Dec(spec.discount ?? '0');
  const taxable = gross.minus(discount);
  const rate = new Dec(spec.taxRate);
  const half = treatment === 'cgst+sgst' ? roundPaise(taxable.times(rate).div(TWO_HUNDRED)) : ZERO;
  const igst = treatment === 'igst' ? roundPaise(taxable.times(rate).div(HUNDRED)) : ZERO;
  const cess = roundPaise(taxable.times(spec.cessRate ?? '0').div(HUNDRED));
  const cessNonAdvol = new Dec(spec.cessNonAdvolAmount ?? '0');
  const otherCharges = new Dec(spec.otherCharges ?? '0');
  const total = taxable.plus(half).plus(half).plus(igst).plus(cess).plus(cessNonAdvol).plus(otherCharges);
  return {
    lineNo,
    description: spec.description,
    hsnCode: spec.hsnCode,
    isService: spec.hsnCode.startsWith('99'),
    quantity: spec.quantity,
    unit: spec.unit ?? 'NOS',
    unitPrice: spec.unitPrice,
    grossAmount: toFixed(gross, 2),
    discount: toFixed(discount, 2),
    taxableValue: toFixed(taxable, 2),
    taxRate: spec.taxRate,
    igstAmount: toFixed(igst, 2),
    cgstAmount: toFixed(half, 2),
    sgstAmount: toFixed(half, 2),
    cessRate: spec.cessRate ?? '0',
    cessAmount: toFixed(cess, 2),
    cessNonAdvolAmount: toFixed(cessNonAdvol, 2),
    stateCessRate: '0',
    stateCessAmount: '0',
    stateCessNonAdvolAmount: '0',
    vatAmount: '0',
    otherCharges: toFixed(otherCharges, 2),
    totalAmount: toFixed(total, 2),
    batch: spec.batch,
    attributes: spec.attributes,
  };
}

/** The invoice with these lines and totals that add up, rounded to whole rupees like most ERPs. */
export function withLines(invoice: CanonicalInvoice, lines: InvoiceLine[]): CanonicalInvoice {
  const sum = (pick: (line: InvoiceLine) => string): Decimal =>
    lines.reduce((total, line) => total.plus(pick(line)), ZERO);
  const cess = sum((line) => line.cessAmount).plus(sum((line) => line.cessNonAdvolAmount));
  const exact = sum((line) => line.totalAmount)
    .plus(invoice.charges.reduce((total, charge) => total.plus(charge.amount), ZERO))
    .minus(invoice.documentDiscount);
  const rounded = exact.toDecimalPlaces(0, Dec.ROUND_HALF_UP);
  return {
    ...invoice,
    lines,
    totals: {
      ...invoice.totals,
      taxableValue: toFixed(
        sum((line) => line.taxableValue),
        2,
      ),
      igst: toFixed(
        sum((line) => line.igstAmount),
        2,
      ),
      cgst: toFixed(
        sum((line) => line.cgstAmount),
        2,
      ),
      sgst: toFixed(
        sum((line) => line.sgstAmount),
        2,
      ),
      cess: toFixed(cess, 2),
      stateCess: '0',
      roundOff: toFixed(rounded.minus(exact), 2),
      invoiceTotal: toFixed(rounded, 2),
    },
  };
}

const FURNITURE: LineSpec[] = [
  {
    description: 'Steel almirah, 4 door',
    hsnCode: '94031090',
    quantity: '2',
    unitPrice: '12500',
    discount: '500',
    taxRate: '18',
  },
  {
    description: 'Ergonomic office chair',
    hsnCode: '94013000',
    quantity: '5',
    unitPrice: '4200.50',
    taxRate: '18',
  },
];

export function sezInvoice(withPayment: boolean): CanonicalInvoice {
  const base = sampleIndiaInvoice({
    supplyType: withPayment ? 'SEZWP' : 'SEZWOP',
    documentNumber: withPayment ? 'KF/SEZ/0001' : 'KF/SEZ/0002',
    buyer: {
      gstin: SEZ_BUYER_GSTIN,
      legalName: 'Electronic City SEZ Developers Limited',
      address: {
        line1: 'Unit 12, Electronic City Phase 1',
        city: 'Bengaluru',
        postalCode: '560100',
        stateCode: '29',
        countryCode: 'IN',
      },
      placeOfSupply: '29',
    },
  });
  const treatment = withPayment ? 'igst' : 'none';
  return withLines(
    base,
    FURNITURE.map((spec, index) => lineFrom(index + 1, spec, treatment)),
  );
}

/** An export billed in US dollars: amounts in USD, converted by the mapper at the exchange rate. */
export function exportInvoice(withPayment: boolean): CanonicalInvoice {
  const base = sampleIndiaInvoice({
    supplyType: withPayment ? 'EXPWP' : 'EXPWOP',
    documentNumber: withPayment ? 'KF/EXP/0001' : 'KF/EXP/0002',
    currency: 'USD',
    exchangeRate: '83.25',
    buyer: {
      legalName: 'Redwood Office Interiors Inc',
      address: { line1: '200 Market Street', city: 'San Francisco', postalCode: '94105', countryCode: 'US' },
    },
    export: {
      shippingBillNumber: '4821973',
      shippingBillDate: '2024-07-16',
      portCode: 'INMAA1',
      countryCode: 'US',
      foreignCurrency: 'USD',
      refundClaim: withPayment,
    },
    payment: { terms: 'Letter of credit, 60 days', creditDays: 60 },
  });
  const lines = [
    {
      description: 'Teak dining table',
      hsnCode: '94036000',
      quantity: '4',
      unitPrice: '610.40',
      taxRate: '18',
    },
    { description: 'Cane chair', hsnCode: '94015200', quantity: '24', unitPrice: '48.75', taxRate: '18' },
  ].map((spec, index) => lineFrom(index + 1, spec, withPayment ? 'igst' : 'none'));
  const invoice = withLines(base, lines);
  // Dollars are not rounded to whole units: the total is exact.
  const exact = new Dec(invoice.totals.invoiceTotal).minus(invoice.totals.roundOff);
  return { ...invoice, totals: { ...invoice.totals, roundOff: '0', invoiceTotal: toFixed(exact, 2) } };
}

export function deemedExportInvoice(): CanonicalInvoice {
  const base = sampleIndiaInvoice({
    supplyType: 'DEXP',
    documentNumber: 'KF/DEXP/0001',
    buyer: {
      gstin: TAMIL_NADU_BUYER_GSTIN,
      legalName: 'Coromandel Export Oriented Unit Private Limited',
      address: {
        line1: '3 SIPCOT Industrial Park',
        city: 'Sriperumbudur',
        postalCode: '602105',
        stateCode: '33',
        countryCode: 'IN',
      },
      placeOfSupply: '33',
    },
  });
  return withLines(
    base,
    FURNITURE.map((spec, index) => lineFrom(index + 1, spec, 'igst')),
  );
}

/** Goods transport by a GTA: the recipient pays the tax (reverse charge); the ERP total excludes it. */
export function reverseChargeInvoice(): CanonicalInvoice {
  const base = sampleIndiaInvoice({ reverseCharge: true, documentNumber: 'KF/RCM/0001' });
  const line = lineFrom(
    1,
    {
      description: 'Goods transport, Bengaluru to Mysuru',
      hsnCode: '996511',
      quantity: '1',
      unit: 'OTH',
      unitPrice: '18000',
      taxRate: '5',
    },
    'cgst+sgst',
  );
  const withoutTax = { ...line, totalAmount: line.taxableValue };
  const invoice = withLines(base, [withoutTax]);
  return { ...invoice, totals: { ...invoice.totals, invoiceTotal: withoutTax.taxableValue, roundOff: '0' } };
}

/** A motor car: 28% GST plus 22% compensation cess, and a tobacco line with non-ad-valorem cess. */
export function cessInvoice(): CanonicalInvoice {
  const base = sampleInterStateInvoice({ documentNumber: 'KF/CESS/0001' });
  return withLines(base, [
    lineFrom(
      1,
      {
        description: 'Utility vehicle, 1500 cc',
        hsnCode: '87032291',
        quantity: '1',
        unitPrice: '1150000',
        taxRate: '28',
        cessRate: '22',
      },
      'igst',
    ),
    lineFrom(
      2,
      {
        description: 'Chewing tobacco, 1000 pouches',
        hsnCode: '24039910',
        quantity: '1000',
        unitPrice: '4.50',
        taxRate: '28',
        cessRate: '0',
        cessNonAdvolAmount: '560.00',
      },
      'igst',
    ),
  ]);
}

/** Goods moved by road with an e-way bill, dispatched from a warehouse, shipped to a site, batch-tracked. */
export function transportInvoice(): CanonicalInvoice {
  const base = sampleIndiaInvoice({
    documentNumber: 'KF/EWB/0001',
    dispatchFrom: {
      name: 'Kaveri Furnishings Warehouse',
      address: {
        line1: 'Survey 88, Nelamangala Road',
        city: 'Tumakuru',
        postalCode: '572106',
        stateCode: '29',
        countryCode: 'IN',
      },
    },
    shipTo: {
      gstin: sampleIndiaInvoice().buyer.gstin,
      legalName: 'Mysore Tech Parks LLP',
      tradeName: 'Tech Park Site B',
      address: {
        line1: 'Site B, Hootagalli',
        city: 'Mysuru',
        postalCode: '570018',
        stateCode: '29',
        countryCode: 'IN',
      },
    },
    transport: {
      transporterId: '29AAACR4849R1ZH',
      transporterName: 'Ranganatha Roadways',
      mode: 'ROAD',
      distanceKm: 152,
      vehicleNumber: 'KA 09 AB 1234',
      vehicleType: 'R',
      transportDocNumber: 'LR-5521',
      transportDocDate: '2024-07-15',
    },
    notes: 'Deliver to gate 3 between 10:00 and 17:00',
  });
  return withLines(base, [
    lineFrom(
      1,
      {
        description: 'Laminated particle board, 18 mm',
        hsnCode: '44101110',
        quantity: '120.5',
        unit: 'SQM',
        unitPrice: '845.125',
        taxRate: '18',
        batch: { name: 'PB-2407-A', expiryDate: '2026-07-31', warrantyDate: '2025-07-31' },
        attributes: [
          { name: 'Thickness', value: '18 mm' },
          { name: 'Finish', value: 'Walnut' },
        ],
      },
      'cgst+sgst',
    ),
  ]);
}

/**
 * One hundred rupees billed as three equal parts: each exact part is 33.333..., which rounds to 33.33
 * three times (99.99) unless the residual is carried.
 */
export function thirdsInvoice(): CanonicalInvoice {
  const third = '33.333333333';
  const halfTax = '2.99999999997';
  const line = (lineNo: number): InvoiceLine => ({
    ...lineFrom(
      lineNo,
      {
        description: `Consulting retainer, part ${lineNo} of 3`,
        hsnCode: '998311',
        quantity: '1',
        unit: 'OTH',
        unitPrice: third,
        taxRate: '18',
      },
      'cgst+sgst',
    ),
    grossAmount: third,
    taxableValue: third,
    cgstAmount: halfTax,
    sgstAmount: halfTax,
    totalAmount: '39.333333333',
  });
  const base = sampleIndiaInvoice({ documentNumber: 'KF/THIRDS/0001' });
  return {
    ...base,
    lines: [line(1), line(2), line(3)],
    totals: {
      ...base.totals,
      taxableValue: '100.00',
      cgst: '9.00',
      sgst: '9.00',
      roundOff: '0',
      invoiceTotal: '118.00',
    },
  };
}

/**
 * Freight and packing charged on the lines (line OthChrg): the ERP's total is the sum of the line totals,
 * which hold those charges, as the IRP computes it (2189).
 */
export function lineChargesInvoice(): CanonicalInvoice {
  const base = sampleIndiaInvoice({ documentNumber: 'KF/LCHG/0001' });
  return withLines(base, [
    lineFrom(1, { ...FURNITURE[0], otherCharges: '500' }, 'cgst+sgst'),
    lineFrom(2, { ...FURNITURE[1], otherCharges: '125.50' }, 'cgst+sgst'),
  ]);
}

/** A link to the purchase order, the signed delivery note as text and a remark, and pre-tax values. */
export function supportingDocumentsInvoice(): CanonicalInvoice {
  const base = sampleIndiaInvoice({
    documentNumber: 'KF/DOCS/0001',
    additionalDocuments: [
      { url: 'https://erp.kaveri-furnishings.example/po/MTP-2024-118', information: 'Purchase order' },
      { document: 'RGVsaXZlcnkgbm90ZSBETi0xMTggc2lnbmVkIGF0IGdhdGUgMw==', information: 'Delivery note' },
    ],
  });
  const invoice = withLines(
    base,
    FURNITURE.map((spec, index) => lineFrom(index + 1, spec, 'cgst+sgst')),
  );
  return {
    ...invoice,
    lines: invoice.lines.map((line) => ({ ...line, preTaxValue: line.grossAmount })),
  };
}

/** A description and remarks longer than NIC takes: the mapper cuts them to 300 and 100 characters. */
export function longTextInvoice(): CanonicalInvoice {
  const base = sampleIndiaInvoice({
    documentNumber: 'KF/LONG/0001',
    notes: `Deliver to the loading bay behind block C. ${'Call the site manager an hour ahead. '.repeat(4)}`,
  });
  const description = `Modular workstation, ${'oak veneer top, steel frame, cable tray, '.repeat(9)}`;
  return withLines(base, [lineFrom(1, { ...FURNITURE[1], description }, 'cgst+sgst')]);
}

export interface IrnScenario {
  name: string;
  invoice: CanonicalInvoice;
}

/**
 * Every scenario above plus the domain samples; each maps to a payload the IRP would accept (the long
 * text one with warnings for what was cut).
 */
export function irnScenarios(): IrnScenario[] {
  return [
    { name: 'B2B intra-state (CGST+SGST)', invoice: sampleIndiaInvoice() },
    { name: 'B2B inter-state (IGST)', invoice: sampleInterStateInvoice() },
    { name: 'credit note with preceding invoice', invoice: sampleIndiaCreditNote() },
    {
      name: 'debit note',
      invoice: sampleIndiaCreditNote({ documentType: 'DBN', documentNumber: 'KF/DN/24-25/003' }),
    },
    { name: 'SEZ with payment', invoice: sezInvoice(true) },
    { name: 'SEZ without payment', invoice: sezInvoice(false) },
    { name: 'export with payment, USD', invoice: exportInvoice(true) },
    { name: 'export without payment, USD', invoice: exportInvoice(false) },
    { name: 'deemed export', invoice: deemedExportInvoice() },
    { name: 'reverse charge', invoice: reverseChargeInvoice() },
    { name: 'cess (ad valorem and non-ad valorem)', invoice: cessInvoice() },
    { name: 'e-way bill, dispatch/ship-to, batch and attributes', invoice: transportInvoice() },
    { name: 'rounding residual (three thirds)', invoice: thirdsInvoice() },
    { name: 'line-level other charges in TotItemVal', invoice: lineChargesInvoice() },
    { name: 'supporting documents (AddlDocDtls) and pre-tax values', invoice: supportingDocumentsInvoice() },
    { name: 'free text longer than NIC takes, cut to its maximum', invoice: longTextInvoice() },
  ];
}
