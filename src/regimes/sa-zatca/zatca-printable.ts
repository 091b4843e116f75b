/**
 * A KSA invoice as ZATCA's tax invoices are printed: Arabic beside English, from the invoice XML that was
 * signed (or, for a standard invoice, the one ZATCA cleared and stamped), with its UUID, ICV and QR.
 */
import type { Element } from '@xmldom/xmldom';
import { dec } from '../../domain';
import { amountText, decimalText } from '../../compliance/printable';
import { fact, type PrintColumn, type PrintableInvoice, type PrintParty } from '../../compliance/printable';
import { all, one, parseUbl, text } from './ubl-elements';

export interface ZatcaRegistration {
  xml: string;
  /** The QR (base64 TLV) stored for the invoice: printed when the XML carries none. */
  qr: string;
  status: string | null;
}

const TITLES: Record<string, { en: string; ar: string }> = {
  '388': { en: 'Tax Invoice', ar: 'فاتورة ضريبية' },
  '381': { en: 'Credit Note', ar: 'إشعار دائن' },
  '383': { en: 'Debit Note', ar: 'إشعار مدين' },
  '386': { en: 'Prepayment Invoice', ar: 'فاتورة دفعة مقدمة' },
};

export function zatcaPrintable(registration: ZatcaRegistration): PrintableInvoice {
  const invoice = parseUbl(registration.xml);
  const currency = text(invoice, 'cbc:DocumentCurrencyCode') || 'SAR';
  const money = (value: string) => (value ? amountText(value, currency) : '');
  const typeCode = one(invoice, 'cbc:InvoiceTypeCode');
  const simplified = (typeCode?.getAttribute('name') ?? '').startsWith('02');
  const title = TITLES[(typeCode?.textContent ?? '').trim()] ?? TITLES['388'];
  const references = all(invoice, 'cac:AdditionalDocumentReference');
  const icv = references.find((r) => text(r, 'cbc:ID') === 'ICV');
  // A cleared invoice carries the QR ZATCA stamped on it, which is the one to print.
  const qr = text(
    references.find((r) => text(r, 'cbc:ID') === 'QR'),
    'cac:Attachment/cbc:EmbeddedDocumentBinaryObject',
  );
  const documentTax = all(invoice, 'cac:TaxTotal').find((t) => all(t, 'cac:TaxSubtotal').length > 0);
  const totals = one(invoice, 'cac:LegalMonetaryTotal');
  const columns: [PrintColumn, (line: Element) => string][] = [
    [column('#', '', false, 0.4), (l) => text(l, 'cbc:ID')],
    [column('Description', 'الوصف', false, 3), (l) => text(l, 'cac:Item/cbc:Name')],
    [column('Quantity', 'الكمية', true, 0.9), quantityOf],
    [column('Unit price', 'سعر الوحدة', true, 1.1), (l) => money(text(l, 'cac:Price/cbc:PriceAmount'))],
    [
      column('Taxable amount', 'المبلغ الخاضع للضريبة', true, 1.3),
      (l) => money(text(l, 'cbc:LineExtensionAmount')),
    ],
    [column('VAT rate', 'نسبة الضريبة', true, 0.8), vatRateOf],
    [column('VAT amount', 'مبلغ الضريبة', true, 1.1), (l) => money(text(l, 'cac:TaxTotal/cbc:TaxAmount'))],
    [
      column('Total incl. VAT', 'المجموع شامل الضريبة', true, 1.3),
      (l) => money(text(l, 'cac:TaxTotal/cbc:RoundingAmount')),
    ],
  ];
  const taxCurrency = text(invoice, 'cbc:TaxCurrencyCode');
  const vatInTaxCurrency = all(invoice, 'cac:TaxTotal/cbc:TaxAmount').find(
    (amount) => taxCurrency && taxCurrency !== currency && amount.getAttribute('currencyID') === taxCurrency,
  );
  return {
    title: simplified ? { en: `Simplified ${title.en}`, ar: `${title.ar} مبسطة` } : title,
    registration: [
      ...fact('UUID', text(invoice, 'cbc:UUID'), 'المعرف الفريد'),
      ...fact('Invoice counter (ICV)', text(icv, 'cbc:UUID'), 'عداد الفاتورة'),
      ...fact('ZATCA status', registration.status, 'الحالة لدى هيئة الزكاة والضريبة والجمارك'),
    ],
    document: [
      ...fact('Invoice number', text(invoice, 'cbc:ID'), 'رقم الفاتورة'),
      ...fact('Issue date', text(invoice, 'cbc:IssueDate'), 'تاريخ الإصدار'),
      ...fact('Issue time', text(invoice, 'cbc:IssueTime'), 'وقت الإصدار'),
      ...fact('Supply date', text(invoice, 'cac:Delivery/cbc:ActualDeliveryDate'), 'تاريخ التوريد'),
      ...fact('Currency', currency, 'العملة'),
      ...fact(
        'Reference',
        text(invoice, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID'),
        'المرجع',
      ),
    ],
    parties: [
      party({ en: 'Seller', ar: 'البائع' }, one(invoice, 'cac:AccountingSupplierParty/cac:Party')),
      ...(one(invoice, 'cac:AccountingCustomerParty/cac:Party')
        ? [party({ en: 'Buyer', ar: 'المشتري' }, one(invoice, 'cac:AccountingCustomerParty/cac:Party'))]
        : []),
    ],
    columns: columns.map(([c]) => c),
    lines: all(invoice, 'cac:InvoiceLine').map((line) => columns.map(([, cell]) => cell(line))),
    totals: [
      ...fact(
        'Total (excluding VAT)',
        money(text(totals, 'cbc:TaxExclusiveAmount')),
        'الإجمالي غير شامل ضريبة القيمة المضافة',
      ),
      ...(dec(text(totals, 'cbc:AllowanceTotalAmount') || '0').isZero()
        ? []
        : fact('Discount', money(text(totals, 'cbc:AllowanceTotalAmount')), 'الخصم')),
      ...(dec(text(totals, 'cbc:ChargeTotalAmount') || '0').isZero()
        ? []
        : fact('Charges', money(text(totals, 'cbc:ChargeTotalAmount')), 'الرسوم')),
      ...fact(`Total VAT`, money(text(documentTax, 'cbc:TaxAmount')), 'مجموع ضريبة القيمة المضافة'),
      ...(vatInTaxCurrency
        ? fact(
            `Total VAT (${taxCurrency})`,
            amountText((vatInTaxCurrency.textContent ?? '').trim(), taxCurrency),
            'مجموع ضريبة القيمة المضافة بالريال',
          )
        : []),
      ...fact(
        'Total (including VAT)',
        money(text(totals, 'cbc:TaxInclusiveAmount')),
        'الإجمالي شامل ضريبة القيمة المضافة',
      ),
      ...(dec(text(totals, 'cbc:PrepaidAmount') || '0').isZero()
        ? []
        : fact('Prepaid amount', money(text(totals, 'cbc:PrepaidAmount')), 'المبلغ المدفوع مسبقاً')),
      ...fact(`Amount due (${currency})`, money(text(totals, 'cbc:PayableAmount')), 'المبلغ المستحق'),
    ],
    qr: { payload: qr || registration.qr, caption: { en: 'ZATCA QR code', ar: 'رمز الاستجابة السريعة' } },
  };
}

function column(en: string, ar: string, numeric: boolean, weight: number): PrintColumn {
  return { label: { en, ar: ar || undefined }, numeric, weight };
}

function quantityOf(line: Element): string {
  const quantity = one(line, 'cbc:InvoicedQuantity');
  const value = (quantity?.textContent ?? '').trim();
  if (!value) return '';
  const unit = quantity?.getAttribute('unitCode');
  return unit ? `${decimalText(value)} ${unit}` : decimalText(value);
}

function vatRateOf(line: Element): string {
  const category = one(line, 'cac:Item/cac:ClassifiedTaxCategory');
  const percent = text(category, 'cbc:Percent');
  return `${percent ? `${decimalText(percent)}%` : ''} ${text(category, 'cbc:ID')}`.trim();
}

function party(role: { en: string; ar: string }, element: Element | undefined): PrintParty {
  const address = one(element, 'cac:PostalAddress');
  const street = [text(address, 'cbc:BuildingNumber'), text(address, 'cbc:StreetName')]
    .filter(Boolean)
    .join(' ');
  const city = [
    text(address, 'cbc:CitySubdivisionName'),
    text(address, 'cbc:CityName'),
    text(address, 'cbc:PostalZone'),
  ]
    .filter(Boolean)
    .join(', ');
  const otherIds = all(element, 'cac:PartyIdentification/cbc:ID').flatMap((id) =>
    fact(id.getAttribute('schemeID') ?? 'ID', (id.textContent ?? '').trim(), 'معرف آخر'),
  );
  return {
    role,
    name: text(element, 'cac:PartyLegalEntity/cbc:RegistrationName'),
    facts: [
      ...fact('VAT number', text(element, 'cac:PartyTaxScheme/cbc:CompanyID'), 'الرقم الضريبي'),
      ...otherIds,
    ],
    address: [
      street,
      text(address, 'cbc:AdditionalStreetName'),
      city,
      text(address, 'cac:Country/cbc:IdentificationCode'),
    ].filter(Boolean),
  };
}
