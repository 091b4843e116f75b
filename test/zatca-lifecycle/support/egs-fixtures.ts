/** An EGS unit of a fictitious Riyadh taxpayer, written for these tests. */
import type { Buyer, CanonicalInvoice, Party } from '../../../src/domain/canonical-invoice';
import type { EgsCsrConfig } from '../../../src/regimes/sa-zatca/csr';
import type { EgsUnitProfile } from '../../../src/regimes/sa-zatca/onboarding.service';

export const TEST_VAT_NUMBER = '310122393500003';

export const testSeller: Party = {
  legalName: 'Najd Lantern Trading LLC',
  vatNumber: TEST_VAT_NUMBER,
  address: {
    line1: 'Prince Sultan Street',
    street: 'Prince Sultan Street',
    buildingNumber: '2322',
    additionalNumber: '3131',
    district: 'Al Murabba',
    city: 'Riyadh',
    postalCode: '12611',
    countryCode: 'SA',
  },
  otherIds: [{ scheme: 'CRN', value: '1010010000' }],
};

export function testCsrConfig(overrides: Partial<EgsCsrConfig> = {}): EgsCsrConfig {
  return {
    environment: 'developer-portal',
    commonName: `TST-EGS-${TEST_VAT_NUMBER}`,
    solutionName: 'Connector',
    model: 'POS-7',
    serialNumber: '7c1e6b52-9d0f-4f1e-a0a2-5b0d2f6f7a11',
    vatNumber: TEST_VAT_NUMBER,
    organizationUnitName: 'Riyadh Branch',
    organizationName: 'Najd Lantern Trading LLC',
    invoiceType: '1100',
    locationAddress: 'Al Murabba, Riyadh',
    industryBusinessCategory: 'Retail trade',
    ...overrides,
  };
}

export function testEgsUnit(
  egsUnitId = 'egs-riyadh-1',
  overrides: Partial<EgsCsrConfig> = {},
): EgsUnitProfile {
  return { egsUnitId, csr: testCsrConfig(overrides), seller: testSeller };
}

/** A one-line sale at 15 %: 3 × 40.00 = 120.00 + 18.00 VAT. */
export function testInvoice(
  kind: 'standard' | 'simplified',
  documentNumber: string,
  egsUnitId = 'egs-riyadh-1',
): CanonicalInvoice {
  const buyer: Buyer =
    kind === 'standard'
      ? {
          legalName: 'Hijaz Builders Co',
          vatNumber: '300075588700003',
          address: {
            line1: 'Tahlia Street',
            street: 'Tahlia Street',
            buildingNumber: '7421',
            additionalNumber: '2211',
            district: 'Al Andalus',
            city: 'Jeddah',
            postalCode: '23326',
            countryCode: 'SA',
          },
        }
      : { legalName: 'Cash customer', address: { line1: '', city: 'Riyadh', countryCode: 'SA' } };
  return {
    country: 'SA',
    documentType: 'INV',
    documentNumber,
    documentDate: '2026-11-20',
    supplyType: kind === 'standard' ? 'B2B' : 'B2C',
    reverseCharge: false,
    igstOnIntra: false,
    currency: 'SAR',
    seller: testSeller,
    buyer,
    lines: [
      {
        lineNo: 1,
        description: 'Brass lantern',
        isService: false,
        quantity: '3',
        unit: 'PCE',
        unitPrice: '40.00',
        grossAmount: '120.00',
        discount: '0',
        taxableValue: '120.00',
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
        vatAmount: '18.00',
        otherCharges: '0',
        totalAmount: '138.00',
        vatCategory: 'S',
      },
    ],
    charges: [],
    documentDiscount: '0',
    totals: {
      taxableValue: '120.00',
      igst: '0',
      cgst: '0',
      sgst: '0',
      cess: '0',
      stateCess: '0',
      vat: '18.00',
      discount: '0',
      otherCharges: '0',
      roundOff: '0',
      invoiceTotal: '138.00',
    },
    payment: { meansCode: '10' },
    ksa: { invoiceKind: kind, issueTime: '10:15:00', supplyDate: '2026-11-20', egsUnitId },
  };
}
