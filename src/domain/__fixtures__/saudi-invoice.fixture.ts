import { type CanonicalInvoice, type InvoiceLine } from '../canonical-invoice';

/**
 * A standard (B2B, cleared) KSA tax invoice written for this project: a Riyadh electronics trader
 * selling to a Jeddah company, two lines at 15% VAT, figures consistent to the halala.
 */
export const SAMPLE_SAUDI_SELLER_VAT = '310987654300003';
export const SAMPLE_SAUDI_BUYER_VAT = '302345678900003';

export function sampleSaudiInvoice(overrides: Partial<CanonicalInvoice> = {}): CanonicalInvoice {
  return {
    country: 'SA',
    documentType: 'INV',
    documentNumber: 'NJ-2024-000118',
    documentDate: '2024-09-03',
    supplyType: 'B2B',
    reverseCharge: false,
    igstOnIntra: false,
    currency: 'SAR',
    seller: {
      vatNumber: SAMPLE_SAUDI_SELLER_VAT,
      legalName: 'Najd Electronics Trading Co.',
      legalNameArabic: 'شركة نجد للتجارة الإلكترونية',
      address: {
        line1: 'King Fahd Road',
        street: 'King Fahd Road',
        buildingNumber: '2431',
        additionalNumber: '8812',
        district: 'Al Olaya',
        city: 'Riyadh',
        postalCode: '12214',
        stateCode: 'Riyadh Region',
        countryCode: 'SA',
      },
      otherIds: [{ scheme: 'CRN', value: '1010456789' }],
    },
    buyer: {
      vatNumber: SAMPLE_SAUDI_BUYER_VAT,
      legalName: 'Red Sea Logistics LLC',
      address: {
        line1: 'Prince Sultan Street',
        street: 'Prince Sultan Street',
        buildingNumber: '7120',
        additionalNumber: '3345',
        district: 'Al Zahra',
        city: 'Jeddah',
        postalCode: '23425',
        stateCode: 'Makkah Region',
        countryCode: 'SA',
      },
    },
    lines: [
      standardRatedLine(1, 'Laptop computer, 14 inch', '2', '3500.00', '7000.00', '1050.00', '8050.00'),
      standardRatedLine(2, 'Wireless mouse', '10', '45.50', '455.00', '68.25', '523.25'),
    ],
    charges: [],
    documentDiscount: '0',
    totals: {
      taxableValue: '7455.00',
      igst: '0',
      cgst: '0',
      sgst: '0',
      cess: '0',
      stateCess: '0',
      vat: '1118.25',
      discount: '0',
      otherCharges: '0',
      roundOff: '0',
      invoiceTotal: '8573.25',
    },
    payment: { meansCode: '30', terms: 'Payment within 30 days' },
    ksa: {
      invoiceKind: 'standard',
      issueTime: '10:15:00',
      supplyDate: '2024-09-03',
      egsUnitId: 'egs-riyadh-01',
    },
    ...overrides,
  };
}

function standardRatedLine(
  lineNo: number,
  description: string,
  quantity: string,
  unitPrice: string,
  amount: string,
  vatAmount: string,
  totalAmount: string,
): InvoiceLine {
  return {
    lineNo,
    description,
    isService: false,
    quantity,
    unit: 'PCE',
    unitPrice,
    grossAmount: amount,
    discount: '0',
    taxableValue: amount,
    taxRate: '15',
    igstAmount: '0',
    cgstAmount: '0',
    sgstAmount: '0',
    cessRate: '0',
    cessAmount: '0',
    cessNonAdvolAmount: '0',
    stateCessRate: '0',
    stateCessAmount: '0',
    stateCessNonAdvolAmount: '0',
    vatAmount,
    otherCharges: '0',
    totalAmount,
    vatCategory: 'S',
  };
}
