/**
 * Code lists of the ZATCA XML implementation standard (v1.2 / rules R3.4.8) that the mapper needs.
 */
import { type CanonicalInvoice, type DocumentType, type VatCategory } from '../../domain';

/** UN/CEFACT 1001 subset (11.2.1). */
export const INVOICE_TYPE_CODE: Record<DocumentType, string> = { INV: '388', CRN: '381', DBN: '383' };

/**
 * KSA-2, the `name` attribute of cbc:InvoiceTypeCode: "NNPNESB".
 * NN = 01 tax invoice / 02 simplified; then third party, nominal, exports, summary, self-billed (0/1 each).
 */
export function invoiceTransactionCode(invoice: CanonicalInvoice): string {
  const ksa = invoice.ksa;
  const flag = (value: boolean | undefined) => (value ? '1' : '0');
  return (
    (ksa?.invoiceKind === 'simplified' ? '02' : '01') +
    flag(ksa?.thirdParty) +
    flag(ksa?.nominal) +
    flag(ksa?.exports) +
    flag(ksa?.summary) +
    flag(ksa?.selfBilled)
  );
}

/** VAT exemption / exception reason codes per category, with their English texts (11.2.4). */
export const EXEMPTION_REASONS: Record<Exclude<VatCategory, 'S'>, Record<string, string>> = {
  E: {
    'VATEX-SA-29': 'Financial services mentioned in Article 29 of the VAT Regulations',
    'VATEX-SA-29-7': 'Life insurance services mentioned in Article 29 of the VAT Regulations',
    'VATEX-SA-30': 'Real estate transactions mentioned in Article 30 of the VAT Regulations',
  },
  Z: {
    'VATEX-SA-32': 'Export of goods',
    'VATEX-SA-33': 'Export of services',
    'VATEX-SA-34-1': 'The international transport of Goods',
    'VATEX-SA-34-2': 'International transport of passengers',
    'VATEX-SA-34-3':
      'Services directly connected and incidental to a Supply of international passenger transport',
    'VATEX-SA-34-4': 'Supply of a qualifying means of transport',
    'VATEX-SA-34-5':
      'Any services relating to Goods or passenger transportation, as defined in article twenty five of these Regulations',
    'VATEX-SA-35': 'Medicines and medical equipment',
    'VATEX-SA-36': 'Qualifying metals',
    'VATEX-SA-EDU': 'Private education to citizen',
    'VATEX-SA-HEA': 'Private healthcare to citizen',
    'VATEX-SA-MLTRY': 'Supply of qualified military goods',
  },
  O: {
    'VATEX-SA-OOS': 'Services outside scope of tax / Not subject to VAT',
  },
};

/** Exemptions that name a citizen buyer (BR-KSA-49: buyer id with scheme NAT). */
export const CITIZEN_EXEMPTIONS = new Set(['VATEX-SA-EDU', 'VATEX-SA-HEA']);

/** Standard rate may only be 15 or 5 percent (BR-KSA-84). */
export const STANDARD_RATES = ['15', '5'];

/** BR-KSA-08: the one seller identification scheme. */
export const SELLER_ID_SCHEMES = ['CRN', 'MOM', 'MLS', 'SAG', 'OTH', '700'];

/** BR-KSA-14: buyer identification schemes. */
export const BUYER_ID_SCHEMES = ['TIN', 'CRN', 'MOM', 'MLS', '700', 'SAG', 'NAT', 'GCC', 'IQA', 'PAS', 'OTH'];

/** UNTDID 4461 subset accepted by BR-KSA-16. */
export const PAYMENT_MEANS_CODES = new Set([
  ...Array.from({ length: 68 }, (_, i) => String(i + 1)),
  '70',
  '74',
  '75',
  '76',
  '77',
  '78',
  '91',
  '92',
  '93',
  '94',
  '95',
  '96',
  '97',
  'ZZZ',
]);

/** UNTDID 5189: the reason codes of a document-level allowance (BT-98), as EN16931 lists them. */
export const ALLOWANCE_REASON_CODES = new Set([
  '41',
  '42',
  '60',
  '62',
  '63',
  '64',
  '65',
  '66',
  '67',
  '68',
  '70',
  '71',
  '88',
  '95',
  '100',
  '102',
  '103',
  '104',
  '105',
]);

/** UNTDID 5189 "Discount", the reason code of `documentDiscount`. */
export const DISCOUNT_REASON_CODE = '95';
/** UNTDID 7161 "Mutually defined": used for a document charge the ERP gave no reason code for. */
export const UNSPECIFIED_CHARGE_REASON_CODE = 'ZZZ';

export const SAUDI_RIYAL = 'SAR';
