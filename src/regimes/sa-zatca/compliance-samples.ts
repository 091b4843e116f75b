/**
 * The sample documents an EGS unit submits to `/compliance/invoices` before ZATCA grants its production
 * CSID: an invoice, a credit note and a debit note for each kind its CSR enables (title flag 1 =
 * standard, flag 2 = simplified). One line at 15 %, figures chosen to be exact at 2 decimals.
 */
import {
  type Buyer,
  type CanonicalInvoice,
  type DocumentType,
  type Party,
  anonymousBuyer,
} from '../../domain';

export interface ComplianceSample {
  /** `standard:388`, `simplified:381`, ... as ZATCA counts the steps. */
  key: string;
  invoice: CanonicalInvoice;
}

const TYPE_CODES: Record<DocumentType, string> = { INV: '388', CRN: '381', DBN: '383' };

export function enabledKinds(invoiceType: string): ('standard' | 'simplified')[] {
  const kinds: ('standard' | 'simplified')[] = [];
  if (invoiceType.charAt(0) === '1') kinds.push('standard');
  if (invoiceType.charAt(1) === '1') kinds.push('simplified');
  return kinds;
}

export function complianceSamples(seller: Party, invoiceType: string, today: string): ComplianceSample[] {
  return enabledKinds(invoiceType).flatMap((kind) =>
    (['INV', 'CRN', 'DBN'] as const).map((documentType, index) => ({
      key: `${kind}:${TYPE_CODES[documentType]}`,
      invoice: sampleInvoice(
        seller,
        kind,
        documentType,
        `CMP-${kind === 'standard' ? 'S' : 'B'}-${index + 1}`,
        today,
      ),
    })),
  );
}

function sampleInvoice(
  seller: Party,
  kind: 'standard' | 'simplified',
  documentType: DocumentType,
  number: string,
  today: string,
): CanonicalInvoice {
  const buyer: Buyer =
    kind === 'standard'
      ? {
          legalName: 'Compliance Check Buyer Co',
          vatNumber: '300000000000003',
          address: {
            line1: 'King Fahd Road',
            street: 'King Fahd Road',
            buildingNumber: '1234',
            additionalNumber: '5678',
            district: 'Al Olaya',
            city: 'Riyadh',
            postalCode: '12211',
            countryCode: 'SA',
          },
        }
      : anonymousBuyer();
  return {
    country: 'SA',
    documentType,
    documentNumber: number,
    documentDate: today,
    supplyType: kind === 'standard' ? 'B2B' : 'B2C',
    reverseCharge: false,
    igstOnIntra: false,
    currency: 'SAR',
    seller,
    buyer,
    lines: [
      {
        lineNo: 1,
        description: 'Compliance check item',
        isService: false,
        quantity: '2',
        unit: 'PCE',
        unitPrice: '50.00',
        grossAmount: '100.00',
        discount: '0',
        taxableValue: '100.00',
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
        vatAmount: '15.00',
        otherCharges: '0',
        totalAmount: '115.00',
        vatCategory: 'S',
      },
    ],
    charges: [],
    documentDiscount: '0',
    totals: {
      taxableValue: '100.00',
      igst: '0',
      cgst: '0',
      sgst: '0',
      cess: '0',
      stateCess: '0',
      vat: '15.00',
      discount: '0',
      otherCharges: '0',
      roundOff: '0',
      invoiceTotal: '115.00',
    },
    originalInvoice:
      documentType === 'INV'
        ? undefined
        : {
            number: `CMP-${kind === 'standard' ? 'S' : 'B'}-1`,
            date: today,
            reason: 'Compliance check adjustment',
          },
    payment: { meansCode: '10' },
    ksa: { invoiceKind: kind, issueTime: '09:00:00', supplyDate: today },
  };
}
