/**
 * CanonicalInvoice -> ZATCA Phase 2 UBL 2.1 invoice XML (unsigned), mapper version `ubl-2.1-zatca/1`.
 *
 * Covers tax (standard, 01) and simplified (02) invoices, credit notes (381) and debit notes (383), the
 * KSA-2 transaction flags, foreign currency with the VAT total in SAR, and VAT categories S/Z/E/O with
 * exemption reasons. Element order follows the UBL 2.1 XSD; figures come from zatca-amounts.ts (its
 * header documents the rounding). The output is compact (no indentation) and has no UBLExtensions,
 * QR reference or cac:Signature: compliance/ksa/signer.ts splices those in without changing the hash.
 */
import { create } from 'xmlbuilder2';
import { type XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { type Decimal } from 'decimal.js';
import { type Buyer, type CanonicalInvoice, type Party } from '../../domain/canonical-invoice';
import { type Outcome } from '../../domain/field-error';
import { toFixed } from '../../domain/money';
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

export const ZATCA_UBL_MAPPER_VERSION = 'ubl-2.1-zatca/1';

export const UBL_INVOICE_NAMESPACES = {
  xmlns: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  'xmlns:ext': 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
} as const;

export function buildZatcaInvoiceXml(invoice: CanonicalInvoice, chain: ZatcaChainInput): Outcome<string> {
  const errors = validateForZatca(invoice, chain);
  if (errors.length > 0) return { ok: false, errors };
  const amounts = computeZatcaAmounts(invoice);
  if ('errors' in amounts) return { ok: false, errors: amounts.errors };
  const xml = new ZatcaInvoiceWriter(invoice, chain, amounts).write();
  return amounts.warnings.length > 0
    ? { ok: true, value: xml, warnings: amounts.warnings }
    : { ok: true, value: xml };
}

class ZatcaInvoiceWriter {
  private readonly root: XMLBuilder;
  private readonly currency: string;

  constructor(
    private readonly invoice: CanonicalInvoice,
    private readonly chain: ZatcaChainInput,
    private readonly amounts: ZatcaAmounts,
  ) {
    this.currency = invoice.currency;
    const { xmlns, ...prefixed } = UBL_INVOICE_NAMESPACES;
    this.root = create({ version: '1.0', encoding: 'UTF-8' }).ele(xmlns, 'Invoice', prefixed);
  }

  write(): string {
    this.header();
    this.references();
    this.supplier();
    this.customer();
    this.deliveryAndPayment();
    this.amounts.allowanceCharges.forEach((entry) => this.allowanceCharge(this.root, entry));
    this.taxTotals();
    this.monetaryTotal();
    this.amounts.lines.forEach((line, index) => this.line(line, index));
    return this.root.end({ prettyPrint: false });
  }

  private header(): void {
    const { invoice, root } = this;
    text(root, 'cbc:ProfileID', 'reporting:1.0');
    text(root, 'cbc:ID', invoice.documentNumber);
    text(root, 'cbc:UUID', this.chain.uuid);
    text(root, 'cbc:IssueDate', invoice.documentDate);
    text(root, 'cbc:IssueTime', invoice.ksa!.issueTime!);
    text(root, 'cbc:InvoiceTypeCode', INVOICE_TYPE_CODE[invoice.documentType], {
      name: invoiceTransactionCode(invoice),
    });
    if (invoice.notes?.trim()) text(root, 'cbc:Note', invoice.notes.trim());
    text(root, 'cbc:DocumentCurrencyCode', this.currency);
    text(root, 'cbc:TaxCurrencyCode', SAUDI_RIYAL);
  }

  private references(): void {
    const { invoice, root } = this;
    if (invoice.documentType !== 'INV' && invoice.originalInvoice) {
      const reference = root.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference');
      text(reference, 'cbc:ID', invoice.originalInvoice.number);
    }
    const counter = root.ele('cac:AdditionalDocumentReference');
    text(counter, 'cbc:ID', 'ICV');
    text(counter, 'cbc:UUID', String(this.chain.icv));
    const previous = root.ele('cac:AdditionalDocumentReference');
    text(previous, 'cbc:ID', 'PIH');
    text(previous.ele('cac:Attachment'), 'cbc:EmbeddedDocumentBinaryObject', this.chain.pih, {
      mimeCode: 'text/plain',
    });
  }

  private supplier(): void {
    const { seller } = this.invoice;
    const party = this.root.ele('cac:AccountingSupplierParty').ele('cac:Party');
    const id = (seller.otherIds ?? []).find((entry) => SELLER_ID_SCHEMES.includes(entry.scheme))!;
    text(party.ele('cac:PartyIdentification'), 'cbc:ID', id.value, { schemeID: id.scheme });
    this.partyName(party, seller);
    this.postalAddress(party, seller);
    this.partyTaxScheme(party, seller.vatNumber);
    text(party.ele('cac:PartyLegalEntity'), 'cbc:RegistrationName', partyRegistrationName(seller));
  }

  private customer(): void {
    const { buyer } = this.invoice;
    const customer = this.root.ele('cac:AccountingCustomerParty');
    if (this.invoice.ksa!.invoiceKind === 'simplified' && !hasBuyerDetails(buyer)) return;
    const party = customer.ele('cac:Party');
    if (!buyer.vatNumber) {
      const id = (buyer.otherIds ?? []).find((entry) => BUYER_ID_SCHEMES.includes(entry.scheme));
      if (id) text(party.ele('cac:PartyIdentification'), 'cbc:ID', id.value, { schemeID: id.scheme });
    }
    this.partyName(party, buyer);
    if (hasCompleteAddress(buyer)) this.postalAddress(party, buyer);
    this.partyTaxScheme(party, buyer.vatNumber);
    const name = partyRegistrationName(buyer);
    if (name) text(party.ele('cac:PartyLegalEntity'), 'cbc:RegistrationName', name);
  }

  private partyName(party: XMLBuilder, source: Party): void {
    if (source.tradeName?.trim()) text(party.ele('cac:PartyName'), 'cbc:Name', source.tradeName.trim());
  }

  private postalAddress(party: XMLBuilder, source: Party): void {
    const address = source.address;
    const postal = party.ele('cac:PostalAddress');
    text(postal, 'cbc:StreetName', addressStreet(address));
    if (address.line2?.trim() && address.street)
      text(postal, 'cbc:AdditionalStreetName', address.line2.trim());
    optionalText(postal, 'cbc:BuildingNumber', address.buildingNumber);
    optionalText(postal, 'cbc:PlotIdentification', address.additionalNumber);
    optionalText(postal, 'cbc:CitySubdivisionName', address.district);
    text(postal, 'cbc:CityName', address.city.trim());
    optionalText(postal, 'cbc:PostalZone', address.postalCode);
    optionalText(postal, 'cbc:CountrySubentity', address.stateCode);
    text(postal.ele('cac:Country'), 'cbc:IdentificationCode', address.countryCode);
  }

  private partyTaxScheme(party: XMLBuilder, vatNumber: string | undefined): void {
    if (!vatNumber) return;
    const scheme = party.ele('cac:PartyTaxScheme');
    text(scheme, 'cbc:CompanyID', vatNumber);
    text(scheme.ele('cac:TaxScheme'), 'cbc:ID', 'VAT');
  }

  private deliveryAndPayment(): void {
    const { invoice, root } = this;
    const ksa = invoice.ksa!;
    const standardInvoice = ksa.invoiceKind === 'standard' && invoice.documentType === 'INV';
    // BR-KSA-15: a tax invoice states its supply date; the invoice date stands in when the ERP has none.
    const supplyDate = ksa.supplyDate ?? (standardInvoice ? invoice.documentDate : undefined);
    if (supplyDate) {
      const delivery = root.ele('cac:Delivery');
      text(delivery, 'cbc:ActualDeliveryDate', supplyDate);
      optionalText(delivery, 'cbc:LatestDeliveryDate', ksa.supplyEndDate);
    }
    const reason = invoice.documentType !== 'INV' ? invoice.originalInvoice?.reason?.trim() : undefined;
    const meansCode = invoice.payment?.meansCode;
    if (meansCode || reason) {
      const means = root.ele('cac:PaymentMeans');
      // UNTDID 4461 "1" (instrument not defined) when a note states its reason but no payment means.
      text(means, 'cbc:PaymentMeansCode', meansCode ?? '1');
      if (reason) text(means, 'cbc:InstructionNote', reason);
      if (invoice.payment?.accountNumber?.trim()) {
        text(means.ele('cac:PayeeFinancialAccount'), 'cbc:ID', invoice.payment.accountNumber.trim());
      }
    }
    if (invoice.payment?.terms?.trim())
      text(root.ele('cac:PaymentTerms'), 'cbc:Note', invoice.payment.terms.trim());
  }

  private allowanceCharge(parent: XMLBuilder, entry: ZatcaAllowanceCharge): void {
    const element = parent.ele('cac:AllowanceCharge');
    text(element, 'cbc:ChargeIndicator', entry.charge ? 'true' : 'false');
    text(element, 'cbc:AllowanceChargeReasonCode', entry.reasonCode);
    text(element, 'cbc:AllowanceChargeReason', entry.reason);
    this.amount(element, 'cbc:Amount', entry.amount);
    this.taxCategory(element, 'cac:TaxCategory', entry);
  }

  private taxCategory(
    parent: XMLBuilder,
    name: string,
    ref: TaxCategoryRef,
    breakdown?: ZatcaTaxBreakdown,
  ): void {
    const category = parent.ele(name);
    text(category, 'cbc:ID', ref.category);
    text(category, 'cbc:Percent', toFixed(ref.rate, 2));
    if (breakdown?.exemptionCode) {
      text(category, 'cbc:TaxExemptionReasonCode', breakdown.exemptionCode);
      text(category, 'cbc:TaxExemptionReason', breakdown.exemptionText ?? breakdown.exemptionCode);
    }
    text(category.ele('cac:TaxScheme'), 'cbc:ID', 'VAT');
  }

  /** BR-KSA-EN16931-08/09: one total in SAR without breakdown, one in the document currency with it. */
  private taxTotals(): void {
    const { totals, breakdown } = this.amounts;
    this.amount(this.root.ele('cac:TaxTotal'), 'cbc:TaxAmount', totals.taxTotalSar, SAUDI_RIYAL);
    const total = this.root.ele('cac:TaxTotal');
    this.amount(total, 'cbc:TaxAmount', totals.taxTotal);
    for (const entry of breakdown) {
      const subtotal = total.ele('cac:TaxSubtotal');
      this.amount(subtotal, 'cbc:TaxableAmount', entry.taxable);
      this.amount(subtotal, 'cbc:TaxAmount', entry.tax);
      this.taxCategory(subtotal, 'cac:TaxCategory', entry, entry);
    }
  }

  private monetaryTotal(): void {
    const { totals } = this.amounts;
    const element = this.root.ele('cac:LegalMonetaryTotal');
    this.amount(element, 'cbc:LineExtensionAmount', totals.lineExtension);
    this.amount(element, 'cbc:TaxExclusiveAmount', totals.taxExclusive);
    this.amount(element, 'cbc:TaxInclusiveAmount', totals.taxInclusive);
    this.amount(element, 'cbc:AllowanceTotalAmount', totals.allowanceTotal);
    if (!totals.chargeTotal.isZero()) this.amount(element, 'cbc:ChargeTotalAmount', totals.chargeTotal);
    this.amount(element, 'cbc:PrepaidAmount', totals.prepaid);
    if (!totals.payableRounding.isZero())
      this.amount(element, 'cbc:PayableRoundingAmount', totals.payableRounding);
    this.amount(element, 'cbc:PayableAmount', totals.payable);
  }

  private line(amounts: ZatcaLineAmounts, index: number): void {
    const source = this.invoice.lines[index];
    const line = this.root.ele('cac:InvoiceLine');
    text(line, 'cbc:ID', String(amounts.lineNo));
    text(line, 'cbc:InvoicedQuantity', amounts.quantity.toFixed(), { unitCode: source.unit });
    this.amount(line, 'cbc:LineExtensionAmount', amounts.net);
    if (!amounts.discount.isZero()) {
      const allowance = line.ele('cac:AllowanceCharge');
      text(allowance, 'cbc:ChargeIndicator', 'false');
      text(allowance, 'cbc:AllowanceChargeReasonCode', '95');
      text(allowance, 'cbc:AllowanceChargeReason', 'Discount');
      this.amount(allowance, 'cbc:Amount', amounts.discount);
    }
    const tax = line.ele('cac:TaxTotal');
    this.amount(tax, 'cbc:TaxAmount', amounts.vat);
    this.amount(tax, 'cbc:RoundingAmount', amounts.withVat);
    const item = line.ele('cac:Item');
    text(item, 'cbc:Name', source.description.trim());
    if (source.hsnCode?.trim())
      text(item.ele('cac:SellersItemIdentification'), 'cbc:ID', source.hsnCode.trim());
    this.taxCategory(item, 'cac:ClassifiedTaxCategory', amounts);
    this.amount(
      line.ele('cac:Price'),
      'cbc:PriceAmount',
      amounts.unitPrice,
      this.currency,
      priceScale(amounts.unitPrice),
    );
  }

  private amount(
    parent: XMLBuilder,
    name: string,
    value: Decimal,
    currency = this.currency,
    places = 2,
  ): void {
    text(parent, name, toFixed(value, places), { currencyID: currency });
  }
}

function text(parent: XMLBuilder, name: string, value: string, attributes?: Record<string, string>): void {
  parent.ele(name, attributes).txt(value);
}

function optionalText(parent: XMLBuilder, name: string, value: string | undefined): void {
  if (value?.trim()) text(parent, name, value.trim());
}

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
