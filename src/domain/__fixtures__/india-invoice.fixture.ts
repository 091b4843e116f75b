import { type CanonicalInvoice, type InvoiceLine } from '../canonical-invoice';

/**
 * Test invoices written for this project: a Bengaluru furniture dealer selling to a Mysuru company
 * (intra-state, CGST + SGST) and the same goods sold to Pune (inter-state, IGST). Every figure is
 * consistent: taxable = gross - discount, each half-tax rounded half-up to paise, totals are the
 * sums of the lines, and the round-off brings the invoice to whole rupees.
 */
export const SAMPLE_SELLER_GSTIN = '29AABCK1234L1ZI';
export const SAMPLE_BUYER_GSTIN = '29AAFCM5678Q1ZE';
export const SAMPLE_INTERSTATE_BUYER_GSTIN = '27AAECS9012P1ZV';

/** Builds a fresh copy each call, so tests may mutate what they get. */
export function sampleIndiaInvoice(overrides: Partial<CanonicalInvoice> = {}): CanonicalInvoice {
  return {
    country: 'IN',
    documentType: 'INV',
    documentNumber: 'KF/24-25/0042',
    documentDate: '2024-07-15',
    supplyType: 'B2B',
    reverseCharge: false,
    igstOnIntra: false,
    currency: 'INR',
    seller: {
      gstin: SAMPLE_SELLER_GSTIN,
      legalName: 'Kaveri Furnishings Private Limited',
      tradeName: 'Kaveri Furnishings',
      address: {
        line1: '14, 2nd Cross, Peenya Industrial Area',
        line2: 'Phase 2',
        city: 'Bengaluru',
        postalCode: '560058',
        stateCode: '29',
        countryCode: 'IN',
      },
      phone: '9845012345',
      email: 'accounts@kaveri-furnishings.example',
    },
    buyer: {
      gstin: SAMPLE_BUYER_GSTIN,
      legalName: 'Mysore Tech Parks LLP',
      address: {
        line1: 'Plot 7, Hebbal Industrial Estate',
        city: 'Mysuru',
        postalCode: '570016',
        stateCode: '29',
        countryCode: 'IN',
      },
      placeOfSupply: '29',
    },
    lines: [
      intraStateLine(1, {
        description: 'Steel almirah, 4 door',
        hsnCode: '94031090',
        quantity: '2',
        unit: 'NOS',
        unitPrice: '12500.00',
        grossAmount: '25000.00',
        discount: '500.00',
        taxableValue: '24500.00',
        halfTax: '2205.00',
        totalAmount: '28910.00',
      }),
      intraStateLine(2, {
        description: 'Ergonomic office chair',
        hsnCode: '94013000',
        quantity: '5',
        unit: 'NOS',
        unitPrice: '4200.50',
        grossAmount: '21002.50',
        discount: '0',
        taxableValue: '21002.50',
        halfTax: '1890.23',
        totalAmount: '24782.96',
      }),
      intraStateLine(3, {
        description: 'Installation and assembly service',
        hsnCode: '998739',
        isService: true,
        quantity: '1',
        unit: 'OTH',
        unitPrice: '3500.00',
        grossAmount: '3500.00',
        discount: '0',
        taxableValue: '3500.00',
        halfTax: '315.00',
        totalAmount: '4130.00',
      }),
    ],
    charges: [],
    documentDiscount: '0',
    totals: {
      taxableValue: '49002.50',
      igst: '0',
      cgst: '4410.23',
      sgst: '4410.23',
      cess: '0',
      stateCess: '0',
      vat: '0',
      discount: '0',
      otherCharges: '0',
      roundOff: '0.04',
      invoiceTotal: '57823.00',
    },
    payment: { terms: 'Net 30', creditDays: 30 },
    ...overrides,
  };
}

/** The same three lines sold from Karnataka to Maharashtra: IGST 18%. */
export function sampleInterStateInvoice(overrides: Partial<CanonicalInvoice> = {}): CanonicalInvoice {
  const intraState = sampleIndiaInvoice();
  const igstByLine = ['4410.00', '3780.45', '630.00'];
  const totalByLine = ['28910.00', '24782.95', '4130.00'];
  return {
    ...intraState,
    documentNumber: 'KF/24-25/0043',
    buyer: {
      gstin: SAMPLE_INTERSTATE_BUYER_GSTIN,
      legalName: 'Sahyadri Coworking Spaces Private Limited',
      address: {
        line1: 'Office 501, Baner Road',
        city: 'Pune',
        postalCode: '411045',
        stateCode: '27',
        countryCode: 'IN',
      },
      placeOfSupply: '27',
    },
    lines: intraState.lines.map((line, index) => ({
      ...line,
      igstAmount: igstByLine[index],
      cgstAmount: '0',
      sgstAmount: '0',
      totalAmount: totalByLine[index],
    })),
    totals: {
      ...intraState.totals,
      igst: '8820.45',
      cgst: '0',
      sgst: '0',
      roundOff: '0.05',
      invoiceTotal: '57823.00',
    },
    ...overrides,
  };
}

/** A credit note returning one almirah from the intra-state invoice. */
export function sampleIndiaCreditNote(overrides: Partial<CanonicalInvoice> = {}): CanonicalInvoice {
  const { payment: _noPaymentTerms, ...invoice } = sampleIndiaInvoice();
  return {
    ...invoice,
    documentType: 'CRN',
    documentNumber: 'KF/CN/24-25/007',
    documentDate: '2024-07-20',
    lines: [
      intraStateLine(1, {
        description: 'Steel almirah, 4 door (returned)',
        hsnCode: '94031090',
        quantity: '1',
        unit: 'NOS',
        unitPrice: '12500.00',
        grossAmount: '12500.00',
        discount: '250.00',
        taxableValue: '12250.00',
        halfTax: '1102.50',
        totalAmount: '14455.00',
      }),
    ],
    totals: {
      ...invoice.totals,
      taxableValue: '12250.00',
      cgst: '1102.50',
      sgst: '1102.50',
      roundOff: '0',
      invoiceTotal: '14455.00',
    },
    originalInvoice: { number: invoice.documentNumber, date: invoice.documentDate, reason: 'Goods returned' },
    ...overrides,
  };
}

interface IntraStateLineFacts {
  description: string;
  hsnCode: string;
  isService?: boolean;
  quantity: string;
  unit: string;
  unitPrice: string;
  grossAmount: string;
  discount: string;
  taxableValue: string;
  /** CGST and SGST amount each (half of the 18% rate). */
  halfTax: string;
  totalAmount: string;
}

function intraStateLine(lineNo: number, facts: IntraStateLineFacts): InvoiceLine {
  return {
    lineNo,
    description: facts.description,
    hsnCode: facts.hsnCode,
    isService: facts.isService ?? false,
    quantity: facts.quantity,
    unit: facts.unit,
    unitPrice: facts.unitPrice,
    grossAmount: facts.grossAmount,
    discount: facts.discount,
    taxableValue: facts.taxableValue,
    taxRate: '18',
    igstAmount: '0',
    cgstAmount: facts.halfTax,
    sgstAmount: facts.halfTax,
    cessRate: '0',
    cessAmount: '0',
    cessNonAdvolAmount: '0',
    stateCessRate: '0',
    stateCessAmount: '0',
    stateCessNonAdvolAmount: '0',
    vatAmount: '0',
    otherCharges: '0',
    totalAmount: facts.totalAmount,
  };
}
