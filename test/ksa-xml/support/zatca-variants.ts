/**
 * The invoice variants every ZATCA conformance run builds, signs and validates: one per document kind,
 * VAT category and currency situation the mapper supports. Written for this project on top of the
 * domain's Saudi fixture; dates default to today (UTC) so ZATCA's date rules (BR-KSA-04/98) hold.
 */
import { randomUUID } from 'node:crypto';
import { type CanonicalInvoice, type InvoiceLine } from '../../../src/domain/canonical-invoice';
import { sampleSaudiInvoice } from '../../../src/domain/__fixtures__';
import { anonymousBuyer } from '../../../src/domain/invoice-party.reader';

/** ZATCA's published PIH of an EGS unit's first invoice: base64 of the hex SHA-256 of "0". */
export const INITIAL_PIH =
  'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

export interface ZatcaVariant {
  name: string;
  invoice: CanonicalInvoice;
}

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

export function zatcaVariants(date = todayUtc()): ZatcaVariant[] {
  const base = (overrides: Partial<CanonicalInvoice> = {}) => {
    const invoice = sampleSaudiInvoice({ documentDate: date, ...overrides });
    invoice.ksa = { ...invoice.ksa!, supplyDate: date, ...overrides.ksa };
    return invoice;
  };
  const standard = base();
  const consumer: CanonicalInvoice['buyer'] = {
    legalName: 'Walk-in customer',
    address: { line1: '', city: '', countryCode: 'SA' },
  };
  return [
    { name: 'standard', invoice: standard },
    {
      name: 'simplified',
      invoice: base({ buyer: consumer, ksa: { invoiceKind: 'simplified', issueTime: '09:30:00' } }),
    },
    {
      name: 'credit-note',
      invoice: base({
        documentType: 'CRN',
        documentNumber: 'CN-2024-0007',
        lines: [standard.lines[1]],
        originalInvoice: {
          number: standard.documentNumber,
          date,
          reason: 'Goods returned: 10 mice damaged in transit',
        },
      }),
    },
    {
      name: 'debit-note',
      invoice: base({
        documentType: 'DBN',
        documentNumber: 'DN-2024-0003',
        lines: [line(1, 'Price adjustment, laptop', '1', '120.00', '15', 'S')],
        originalInvoice: {
          number: standard.documentNumber,
          date,
          reason: 'Price correction agreed on delivery',
        },
      }),
    },
    {
      name: 'zero-rated',
      invoice: base({
        lines: [line(1, 'Insulin pens, box of 5', '4', '210.00', '0', 'Z', 'VATEX-SA-35')],
      }),
    },
    {
      name: 'exempt',
      invoice: base({
        lines: [line(1, 'Life insurance premium, annual', '1', '5400.00', '0', 'E', 'VATEX-SA-29-7')],
      }),
    },
    {
      name: 'out-of-scope-and-standard',
      invoice: base({
        lines: [
          line(1, 'Consulting hours', '12.5', '310.00', '15', 'S'),
          line(2, 'Government fee paid on behalf of the client', '1', '250.00', '0', 'O', 'VATEX-SA-OOS'),
        ],
      }),
    },
    {
      name: 'export',
      invoice: base({
        currency: 'USD',
        exchangeRate: '3.75',
        supplyType: 'EXPWOP',
        buyer: {
          legalName: 'Gulf Coast Imports Inc.',
          address: {
            line1: '1200 Harbor Blvd',
            street: '1200 Harbor Blvd',
            city: 'Houston',
            postalCode: '77002',
            countryCode: 'US',
          },
          otherIds: [{ scheme: 'OTH', value: 'US4471120' }],
        },
        lines: [line(1, 'Industrial printer', '2', '7500.00', '0', 'Z', 'VATEX-SA-32')],
        ksa: { invoiceKind: 'standard', issueTime: '11:00:00', exports: true },
      }),
    },
    {
      name: 'foreign-currency-usd',
      invoice: base({ currency: 'USD', exchangeRate: '3.75', payment: { meansCode: '42' } }),
    },
    {
      name: 'charges-and-discounts',
      invoice: base({
        lines: [
          { ...line(1, 'Office chair', '6', '415.75', '15', 'S'), discount: '120.00' },
          line(2, 'Desk lamp', '3', '89.99', '15', 'S'),
        ],
        documentDiscount: '50.00',
        charges: [{ description: 'Freight to Jeddah', amount: '150.00', reasonCode: 'FC' }],
      }),
    },
    {
      name: 'simplified-without-buyer',
      invoice: base({
        supplyType: 'B2C',
        buyer: anonymousBuyer(),
        lines: [line(1, 'Coffee beans, 1 kg', '2', '64.00', '15', 'S')],
        ksa: { invoiceKind: 'simplified', issueTime: '08:12:40' },
      }),
    },
    {
      name: 'allowances-with-reasons',
      invoice: base({
        lines: [line(1, 'Network switch, 24 ports', '4', '1320.00', '15', 'S')],
        allowances: [
          { description: 'Special rebate, framework agreement', amount: '200.00', reasonCode: '100' },
          { description: 'Loyalty programme points redeemed', amount: '35.50' },
        ],
        charges: [{ description: 'Installation on site', amount: '300.00', reasonCode: 'CG' }],
      }),
    },
    {
      name: 'advance-payment-deducted',
      invoice: base({
        documentNumber: 'NJ-2024-FINAL-7',
        lines: [line(1, 'Server rack, 42U, delivered', '1', '8000.00', '15', 'S')],
        totals: { ...standard.totals, prepaidAmount: '3450.00' },
        ksa: {
          invoiceKind: 'standard',
          issueTime: '14:40:00',
          prepayments: [
            {
              documentNumber: 'NJ-2024-ADV-3',
              uuid: '5a7e9c1d-2b4f-4e8a-9c6d-1f3b5a7c9e2d',
              issueDate: date,
              issueTime: '09:05:00',
              description: 'Advance received for server rack',
              vatBreakdown: [
                { vatCategory: 'S', taxRate: '15', taxableAmount: '3000.00', vatAmount: '450.00' },
              ],
            },
          ],
        },
      }),
    },
    {
      name: 'long-arabic-names',
      invoice: base({
        seller: {
          ...standard.seller,
          legalNameArabic:
            'شركة نجد المتحدة للتجارة والاستيراد والتصدير والمقاولات العامة والصيانة والتشغيل وتقنية المعلومات والخدمات اللوجستية المحدودة',
          legalName: 'Najd United Trading',
        },
        buyer: consumer,
        lines: [line(1, 'قرطاسية مكتبية متنوعة - دفاتر وأقلام وملفات', '7', '13.40', '15', 'S')],
        ksa: { invoiceKind: 'simplified', issueTime: '13:05:00' },
      }),
    },
  ];
}

/** Three standard invoices of one EGS unit, in chain order. */
export function chainVariants(date = todayUtc()): ZatcaVariant[] {
  return [1, 2, 3].map((n) => ({
    name: `chain-${n}`,
    invoice: sampleSaudiInvoice({
      documentDate: date,
      documentNumber: `NJ-CHAIN-${n}`,
      ksa: { invoiceKind: n === 2 ? 'simplified' : 'standard', issueTime: `10:0${n}:00`, supplyDate: date },
    }),
  }));
}

export function newInvoiceUuid(): string {
  return randomUUID();
}

function line(
  lineNo: number,
  description: string,
  quantity: string,
  unitPrice: string,
  taxRate: string,
  vatCategory: InvoiceLine['vatCategory'],
  exemptionReasonCode?: string,
): InvoiceLine {
  return {
    lineNo,
    description,
    isService: false,
    quantity,
    unit: 'PCE',
    unitPrice,
    grossAmount: '0',
    discount: '0',
    taxableValue: '0',
    taxRate,
    igstAmount: '0',
    cgstAmount: '0',
    sgstAmount: '0',
    cessRate: '0',
    cessAmount: '0',
    cessNonAdvolAmount: '0',
    stateCessRate: '0',
    stateCessAmount: '0',
    stateCessNonAdvolAmount: '0',
    vatAmount: '0',
    otherCharges: '0',
    totalAmount: '0',
    vatCategory,
    exemptionReasonCode,
  };
}
