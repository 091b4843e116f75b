/**
 * CanonicalInvoice -> ZATCA Phase 2 UBL 2.1 invoice XML (unsigned), mapper version `ubl-2.1-zatca/1`.
 *
 * Covers tax (standard, 01) and simplified (02) invoices, credit notes (381) and debit notes (383), the
 * KSA-2 transaction flags, foreign currency with the VAT total in SAR, and VAT categories S/Z/E/O with
 * exemption reasons. Element order follows the UBL 2.1 XSD; figures come from zatca-amounts.ts (its
 * header documents the rounding). The output is compact (no indentation) and has no UBLExtensions,
 * QR reference or cac:Signature: compliance/ksa/signer.ts splices those in without changing the hash.
 * The markup is xmlbuilder2's, through templates cached per invoice shape (see templated-xml-writer.ts).
 */
import {
  type Buyer,
  type CanonicalInvoice,
  type Party,
  type Outcome,
  Dec,
  type Decimal,
  ZERO,
} from '../../domain';
import {
  computeZatcaAmounts,
  type TaxCategoryRef,
  type ZatcaAllowanceCharge,
  type ZatcaAmounts,
  type ZatcaLineAmounts,
  type ZatcaTaxBreakdown,
} from './zatca-amounts';
import {
  INVOICE_TYPE_CODE,
  invoiceTransactionCode,
  SAUDI_RIYAL,
  SELLER_ID_SCHEMES,
  BUYER_ID_SCHEMES,
} from './zatca-codes';
import {
  addressStreet,
  partyRegistrationName,
  validateForZatca,
  type ZatcaChainInput,
} from './zatca-invoice-validation';
import { TemplatedXmlWriter, type XmlRootElement } from './templated-xml-writer';
import { PREPAYMENT_DOCUMENT_TYPE, type ZatcaPrepaymentLine } from './zatca-prepayments';

/** UN/ECE rec 20 "piece", the unit of ZATCA's prepayment lines (quantity 0). */
const PREPAYMENT_UNIT = 'PCE';

export const ZATCA_UBL_MAPPER_VERSION = 'ubl-2.1-zatca/1';

export const UBL_INVOICE_NAMESPACES = {
  xmlns: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  'xmlns:ext': 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
} as const;

const INVOICE_ROOT: XmlRootElement = (() => {
  const { xmlns, ...prefixed } = UBL_INVOICE_NAMESPACES;
  return { namespace: xmlns, name: 'Invoice', attributes: prefixed };
})();

export function buildZatcaInvoiceXml(invoice: CanonicalInvoice, chain: ZatcaChainInput): Outcome<string> {
  return mapInvoice(invoice, chain, (xml) => xml.toXml());
}

/**
 * The same document rendered by xmlbuilder2 element by element, without the template cache: the reference
 * that specs compare buildZatcaInvoiceXml with. Not for production (an order of magnitude slower).
 */
export function buildZatcaInvoiceXmlWithoutTemplate(
  invoice: CanonicalInvoice,
  chain: ZatcaChainInput,
): Outcome<string> {
  return mapInvoice(invoice, chain, (xml) => xml.toXmlWithoutTemplate());
}

function mapInvoice(
  invoice: CanonicalInvoice,
  chain: ZatcaChainInput,
  render: (xml: TemplatedXmlWriter) => string,
): Outcome<string> {
  const errors = validateForZatca(invoice, chain);
  if (errors.length > 0) return { ok: false, errors };
  const amounts = computeZatcaAmounts(invoice);
  if ('errors' in amounts) return { ok: false, errors: amounts.errors };
  const xml = render(new ZatcaInvoiceWriter(invoice, chain, amounts).write());
  return amounts.warnings.length > 0
    ? { ok: true, value: xml, warnings: amounts.warnings }
    : { ok: true, value: xml };
}

class ZatcaInvoiceWriter {
  private readonly xml: TemplatedXmlWriter;
  private readonly currency: string;

  constructor(
    private readonly invoice: CanonicalInvoice,
    private readonly chain: ZatcaChainInput,
    private readonly amounts: ZatcaAmounts,
  ) {
    this.currency = invoice.currency;
    this.xml = new TemplatedXmlWriter(INVOICE_ROOT);
  }

  /** Records the invoice; the caller renders it. */
  write(): TemplatedXmlWriter {
    this.header();
    this.references();
    this.supplier();
    this.customer();
    this.deliveryAndPayment();
    this.amounts.allowanceCharges.forEach((entry) => this.allowanceCharge(entry));
    this.taxTotals();
    this.monetaryTotal();
    this.amounts.lines.forEach((line, index) => this.line(line, index));
    this.amounts.prepaymentLines.forEach((line) => this.prepaymentLine(line));
    return this.xml;
  }

  private header(): void {
    const { invoice, xml } = this;
    xml.text('cbc:ProfileID', 'reporting:1.0');
    xml.text('cbc:ID', invoice.documentNumber);
    xml.text('cbc:UUID', this.chain.uuid);
    xml.text('cbc:IssueDate', invoice.documentDate);
    xml.text('cbc:IssueTime', invoice.ksa!.issueTime!);
    xml.text('cbc:InvoiceTypeCode', INVOICE_TYPE_CODE[invoice.documentType], {
      name: invoiceTransactionCode(invoice),
    });
    if (invoice.notes?.trim()) xml.text('cbc:Note', invoice.notes.trim());
    xml.text('cbc:DocumentCurrencyCode', this.currency);
    xml.text('cbc:TaxCurrencyCode', SAUDI_RIYAL);
  }

  private references(): void {
    const { invoice, xml } = this;
    const original = invoice.originalInvoice;
    if (invoice.documentType !== 'INV' && original) {
      xml.element('cac:BillingReference', () =>
        xml.element('cac:InvoiceDocumentReference', () => xml.text('cbc:ID', original.number)),
      );
    }
    xml.element('cac:AdditionalDocumentReference', () => {
      xml.text('cbc:ID', 'ICV');
      xml.text('cbc:UUID', String(this.chain.icv));
    });
    xml.element('cac:AdditionalDocumentReference', () => {
      xml.text('cbc:ID', 'PIH');
      xml.element('cac:Attachment', () =>
        xml.text('cbc:EmbeddedDocumentBinaryObject', this.chain.pih, { mimeCode: 'text/plain' }),
      );
    });
  }

  private supplier(): void {
    const { xml } = this;
    const { seller } = this.invoice;
    const id = (seller.otherIds ?? []).find((entry) => SELLER_ID_SCHEMES.includes(entry.scheme))!;
    xml.element('cac:AccountingSupplierParty', () =>
      xml.element('cac:Party', () => {
        xml.element('cac:PartyIdentification', () => xml.text('cbc:ID', id.value, { schemeID: id.scheme }));
        this.partyName(seller);
        this.postalAddress(seller);
        this.partyTaxScheme(seller.vatNumber);
        xml.element('cac:PartyLegalEntity', () =>
          xml.text('cbc:RegistrationName', partyRegistrationName(seller)),
        );
      }),
    );
  }

  private customer(): void {
    const { xml } = this;
    const { buyer } = this.invoice;
    xml.element('cac:AccountingCustomerParty', () => {
      if (this.invoice.ksa!.invoiceKind === 'simplified' && !hasBuyerDetails(buyer)) return;
      xml.element('cac:Party', () => {
        if (!buyer.vatNumber) {
          const id = (buyer.otherIds ?? []).find((entry) => BUYER_ID_SCHEMES.includes(entry.scheme));
          if (id) {
            xml.element('cac:PartyIdentification', () =>
              xml.text('cbc:ID', id.value, { schemeID: id.scheme }),
            );
          }
        }
        this.partyName(buyer);
        if (hasCompleteAddress(buyer)) this.postalAddress(buyer);
        this.partyTaxScheme(buyer.vatNumber);
        const name = partyRegistrationName(buyer);
        if (name) xml.element('cac:PartyLegalEntity', () => xml.text('cbc:RegistrationName', name));
      });
    });
  }

  private partyName(source: Party): void {
    const tradeName = source.tradeName?.trim();
    if (tradeName) this.xml.element('cac:PartyName', () => this.xml.text('cbc:Name', tradeName));
  }

  private postalAddress(source: Party): void {
    const { xml } = this;
    const address = source.address;
    xml.element('cac:PostalAddress', () => {
      xml.text('cbc:StreetName', addressStreet(address));
      if (address.line2?.trim() && address.street) xml.text('cbc:AdditionalStreetName', address.line2.trim());
      this.optionalText('cbc:BuildingNumber', address.buildingNumber);
      this.optionalText('cbc:PlotIdentification', address.additionalNumber);
      this.optionalText('cbc:CitySubdivisionName', address.district);
      xml.text('cbc:CityName', address.city.trim());
      this.optionalText('cbc:PostalZone', address.postalCode);
      this.optionalText('cbc:CountrySubentity', address.stateCode);
      xml.element('cac:Country', () => xml.text('cbc:IdentificationCode', address.countryCode));
    });
  }

  private partyTaxScheme(vatNumber: string | undefined): void {
    if (!vatNumber) return;
    const { xml } = this;
    xml.element('cac:PartyTaxScheme', () => {
      xml.text('cbc:CompanyID', vatNumber);
      xml.element('cac:TaxScheme', () => xml.text('cbc:ID', 'VAT'));
    });
  }

  private deliveryAndPayment(): void {
    const { invoice, xml } = this;
    const ksa = invoice.ksa!;
    const standardInvoice = ksa.invoiceKind === 'standard' && invoice.documentType === 'INV';
    // BR-KSA-15: a tax invoice states its supply date; the invoice date stands in when the ERP has none.
    const supplyDate = ksa.supplyDate ?? (standardInvoice ? invoice.documentDate : undefined);
    if (supplyDate) {
      xml.element('cac:Delivery', () => {
        xml.text('cbc:ActualDeliveryDate', supplyDate);
        this.optionalText('cbc:LatestDeliveryDate', ksa.supplyEndDate);
      });
    }
    const reason = invoice.documentType !== 'INV' ? invoice.originalInvoice?.reason?.trim() : undefined;
    const meansCode = invoice.payment?.meansCode;
    if (meansCode || reason) {
      xml.element('cac:PaymentMeans', () => {
        // UNTDID 4461 "1" (instrument not defined) when a note states its reason but no payment means.
        xml.text('cbc:PaymentMeansCode', meansCode ?? '1');
        if (reason) xml.text('cbc:InstructionNote', reason);
        const account = invoice.payment?.accountNumber?.trim();
        if (account) xml.element('cac:PayeeFinancialAccount', () => xml.text('cbc:ID', account));
      });
    }
    const terms = invoice.payment?.terms?.trim();
    if (terms) xml.element('cac:PaymentTerms', () => xml.text('cbc:Note', terms));
  }

  private allowanceCharge(entry: ZatcaAllowanceCharge): void {
    const { xml } = this;
    xml.element('cac:AllowanceCharge', () => {
      xml.text('cbc:ChargeIndicator', entry.charge ? 'true' : 'false');
      if (entry.reasonCode) xml.text('cbc:AllowanceChargeReasonCode', entry.reasonCode);
      xml.text('cbc:AllowanceChargeReason', entry.reason);
      this.amount('cbc:Amount', entry.amount);
      this.taxCategory('cac:TaxCategory', entry);
    });
  }

  private taxCategory(name: string, ref: TaxCategoryRef, breakdown?: ZatcaTaxBreakdown): void {
    const { xml } = this;
    xml.element(name, () => {
      xml.text('cbc:ID', ref.category);
      xml.text('cbc:Percent', fixedText(ref.rate, 2));
      if (breakdown?.exemptionCode) {
        xml.text('cbc:TaxExemptionReasonCode', breakdown.exemptionCode);
        xml.text('cbc:TaxExemptionReason', breakdown.exemptionText ?? breakdown.exemptionCode);
      }
      xml.element('cac:TaxScheme', () => xml.text('cbc:ID', 'VAT'));
    });
  }

  /** BR-KSA-EN16931-08/09: one total in SAR without breakdown, one in the document currency with it. */
  private taxTotals(): void {
    const { xml } = this;
    const { totals, breakdown } = this.amounts;
    xml.element('cac:TaxTotal', () => this.amount('cbc:TaxAmount', totals.taxTotalSar, SAUDI_RIYAL));
    xml.element('cac:TaxTotal', () => {
      this.amount('cbc:TaxAmount', totals.taxTotal);
      for (const entry of breakdown) {
        xml.element('cac:TaxSubtotal', () => {
          this.amount('cbc:TaxableAmount', entry.taxable);
          this.amount('cbc:TaxAmount', entry.tax);
          this.taxCategory('cac:TaxCategory', entry, entry);
        });
      }
    });
  }

  private monetaryTotal(): void {
    const { totals } = this.amounts;
    this.xml.element('cac:LegalMonetaryTotal', () => {
      this.amount('cbc:LineExtensionAmount', totals.lineExtension);
      this.amount('cbc:TaxExclusiveAmount', totals.taxExclusive);
      this.amount('cbc:TaxInclusiveAmount', totals.taxInclusive);
      this.amount('cbc:AllowanceTotalAmount', totals.allowanceTotal);
      if (!totals.chargeTotal.isZero()) this.amount('cbc:ChargeTotalAmount', totals.chargeTotal);
      this.amount('cbc:PrepaidAmount', totals.prepaid);
      if (!totals.payableRounding.isZero()) this.amount('cbc:PayableRoundingAmount', totals.payableRounding);
      this.amount('cbc:PayableAmount', totals.payable);
    });
  }

  private line(amounts: ZatcaLineAmounts, index: number): void {
    const { xml } = this;
    const source = this.invoice.lines[index];
    xml.element('cac:InvoiceLine', () => {
      xml.text('cbc:ID', String(amounts.lineNo));
      xml.text('cbc:InvoicedQuantity', amounts.quantity.toFixed(), { unitCode: source.unit ?? '' });
      this.amount('cbc:LineExtensionAmount', amounts.net);
      if (!amounts.discount.isZero()) {
        xml.element('cac:AllowanceCharge', () => {
          xml.text('cbc:ChargeIndicator', 'false');
          xml.text('cbc:AllowanceChargeReasonCode', '95');
          xml.text('cbc:AllowanceChargeReason', 'Discount');
          this.amount('cbc:Amount', amounts.discount);
        });
      }
      xml.element('cac:TaxTotal', () => {
        this.amount('cbc:TaxAmount', amounts.vat);
        this.amount('cbc:RoundingAmount', amounts.withVat);
      });
      xml.element('cac:Item', () => {
        xml.text('cbc:Name', source.description.trim());
        const sellerItemId = source.hsnCode?.trim();
        if (sellerItemId) {
          xml.element('cac:SellersItemIdentification', () => xml.text('cbc:ID', sellerItemId));
        }
        this.taxCategory('cac:ClassifiedTaxCategory', amounts);
      });
      xml.element('cac:Price', () =>
        this.amount('cbc:PriceAmount', amounts.unitPrice, this.currency, priceScale(amounts.unitPrice)),
      );
    });
  }

  /** KSA-26..34: zero quantity, price and amounts; the prepayment's figures sit in its TaxSubtotal. */
  private prepaymentLine(line: ZatcaPrepaymentLine): void {
    const { xml } = this;
    xml.element('cac:InvoiceLine', () => {
      xml.text('cbc:ID', String(line.lineNo));
      // '0' itself fails EN16931 BR-22 (its test compares the text with '0'); ZATCA's samples write 0.00.
      xml.text('cbc:InvoicedQuantity', '0.00', { unitCode: PREPAYMENT_UNIT });
      this.amount('cbc:LineExtensionAmount', ZERO);
      xml.element('cac:DocumentReference', () => {
        xml.text('cbc:ID', line.documentNumber);
        if (line.uuid) xml.text('cbc:UUID', line.uuid);
        xml.text('cbc:IssueDate', line.issueDate);
        xml.text('cbc:IssueTime', line.issueTime);
        xml.text('cbc:DocumentTypeCode', PREPAYMENT_DOCUMENT_TYPE);
      });
      xml.element('cac:TaxTotal', () => {
        this.amount('cbc:TaxAmount', ZERO);
        this.amount('cbc:RoundingAmount', ZERO);
        xml.element('cac:TaxSubtotal', () => {
          this.amount('cbc:TaxableAmount', line.taxable);
          this.amount('cbc:TaxAmount', line.tax);
          this.taxCategory('cac:TaxCategory', line, line);
        });
      });
      xml.element('cac:Item', () => {
        xml.text('cbc:Name', line.description);
        this.taxCategory('cac:ClassifiedTaxCategory', line);
      });
      xml.element('cac:Price', () => this.amount('cbc:PriceAmount', ZERO));
    });
  }

  private amount(name: string, value: Decimal, currency = this.currency, places = 2): void {
    this.xml.text(name, fixedText(value, places), { currencyID: currency });
  }

  private optionalText(name: string, value: string | undefined): void {
    const trimmed = value?.trim();
    if (trimmed) this.xml.text(name, trimmed);
  }
}

/** money.toFixed for a value that is already a Decimal: rounded half up, never "-0.00". */
function fixedText(value: Decimal, places: number): string {
  const text = value.toFixed(places, Dec.ROUND_HALF_UP);
  return text.charCodeAt(0) === 45 /* - */ && NEGATIVE_ZERO.test(text) ? ZERO.toFixed(places) : text;
}

const NEGATIVE_ZERO = /^-0(?:\.0*)?$/;

/** Unit prices keep their own precision (at least 2 places): BT-146 is not rounded by EN16931. */
function priceScale(price: Decimal): number {
  return Math.max(2, price.decimalPlaces());
}

function hasBuyerDetails(buyer: Buyer): boolean {
  return Boolean(
    buyer.vatNumber || buyer.legalName?.trim() || buyer.legalNameArabic?.trim() || buyer.otherIds?.length,
  );
}

/** Written only when it satisfies BR-KSA-63 (SA) or BR-KSA-10 (elsewhere); validation enforces it for tax invoices. */
function hasCompleteAddress(buyer: Buyer): boolean {
  const address = buyer.address;
  if (!address || !addressStreet(address) || !address.city?.trim() || !address.countryCode) return false;
  if (address.countryCode !== 'SA') return true;
  return Boolean(
    address.buildingNumber?.trim() && /^\d{5}$/.test(address.postalCode ?? '') && address.district?.trim(),
  );
}
