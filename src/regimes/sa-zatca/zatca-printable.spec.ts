import { zatcaPrintable } from './zatca-printable';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

/** A cleared simplified-style invoice, shaped like ZATCA's samples: the QR reference, ICV and one line. */
function invoiceXml(options: { typeName: string; qr?: string }): string {
  const qrReference = options.qr
    ? `<cac:AdditionalDocumentReference><cbc:ID>QR</cbc:ID><cac:Attachment>
         <cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${options.qr}</cbc:EmbeddedDocumentBinaryObject>
       </cac:Attachment></cac:AdditionalDocumentReference>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="${CBC}" xmlns:cac="${CAC}">
  <cbc:ID>SME00010</cbc:ID>
  <cbc:UUID>8e6000cf-1a98-4174-b3e7-b5d5954bc10d</cbc:UUID>
  <cbc:IssueDate>2026-11-20</cbc:IssueDate>
  <cbc:IssueTime>09:30:00</cbc:IssueTime>
  <cbc:InvoiceTypeCode name="${options.typeName}">388</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>SAR</cbc:DocumentCurrencyCode>
  <cbc:TaxCurrencyCode>SAR</cbc:TaxCurrencyCode>
  <cac:AdditionalDocumentReference><cbc:ID>ICV</cbc:ID><cbc:UUID>23</cbc:UUID></cac:AdditionalDocumentReference>
  ${qrReference}
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyIdentification><cbc:ID schemeID="CRN">1010010000</cbc:ID></cac:PartyIdentification>
    <cac:PostalAddress><cbc:StreetName>King Fahd Road</cbc:StreetName><cbc:BuildingNumber>2322</cbc:BuildingNumber>
      <cbc:CityName>الرياض | Riyadh</cbc:CityName><cbc:PostalZone>12222</cbc:PostalZone>
      <cac:Country><cbc:IdentificationCode>SA</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyTaxScheme><cbc:CompanyID>310987654300003</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
    <cac:PartyLegalEntity><cbc:RegistrationName>شركة نجد | Najd Electronics</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="SAR">1725.15</cbc:TaxAmount></cac:TaxTotal>
  <cac:TaxTotal><cbc:TaxAmount currencyID="SAR">1725.15</cbc:TaxAmount>
    <cac:TaxSubtotal><cbc:TaxableAmount currencyID="SAR">11501</cbc:TaxableAmount><cbc:TaxAmount currencyID="SAR">1725.15</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>15</cbc:Percent></cac:TaxCategory></cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="SAR">11501</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="SAR">11501</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="SAR">13226.15</cbc:TaxInclusiveAmount>
    <cbc:AllowanceTotalAmount currencyID="SAR">0</cbc:AllowanceTotalAmount>
    <cbc:PayableAmount currencyID="SAR">13226.15</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
    <cbc:InvoicedQuantity unitCode="PCE">2.000000</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="SAR">11501.00</cbc:LineExtensionAmount>
    <cac:TaxTotal><cbc:TaxAmount currencyID="SAR">1725.15</cbc:TaxAmount><cbc:RoundingAmount currencyID="SAR">13226.15</cbc:RoundingAmount></cac:TaxTotal>
    <cac:Item><cbc:Name>Laptop | حاسوب محمول</cbc:Name>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>15.00</cbc:Percent></cac:ClassifiedTaxCategory></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="SAR">5750.50</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
</Invoice>`;
}

describe('zatcaPrintable', () => {
  it('reads the invoice, its ICV and seller, line and totals, with Arabic beside the English labels', () => {
    const printable = zatcaPrintable({
      xml: invoiceXml({ typeName: '0200000' }),
      qr: 'stored',
      status: 'REPORTED',
    });
    expect(printable.title).toEqual({ en: 'Simplified Tax Invoice', ar: 'فاتورة ضريبية مبسطة' });
    expect(printable.registration).toEqual([
      { label: { en: 'UUID', ar: 'المعرف الفريد' }, value: '8e6000cf-1a98-4174-b3e7-b5d5954bc10d' },
      { label: { en: 'Invoice counter (ICV)', ar: 'عداد الفاتورة' }, value: '23' },
      { label: { en: 'ZATCA status', ar: 'الحالة لدى هيئة الزكاة والضريبة والجمارك' }, value: 'REPORTED' },
    ]);
    expect(printable.parties).toHaveLength(1); // a simplified invoice may leave the buyer out
    expect(printable.parties[0]).toMatchObject({
      name: 'شركة نجد | Najd Electronics',
      facts: [
        { label: { en: 'VAT number' }, value: '310987654300003' },
        { label: { en: 'CRN' }, value: '1010010000' },
      ],
      address: ['2322 King Fahd Road', 'الرياض | Riyadh, 12222', 'SA'],
    });
    expect(printable.lines).toEqual([
      ['1', 'Laptop | حاسوب محمول', '2 PCE', '5750.50', '11501.00', '15% S', '1725.15', '13226.15'],
    ]);
    expect(printable.totals.map((t) => [t.label.en, t.value])).toEqual([
      ['Total (excluding VAT)', '11501.00'],
      ['Total VAT', '1725.15'],
      ['Total (including VAT)', '13226.15'],
      ['Amount due (SAR)', '13226.15'],
    ]);
    expect(printable.qr.payload).toBe('stored');
  });

  it('prints the QR the (cleared) invoice carries over the one stored, and a standard invoice as a tax invoice', () => {
    const printable = zatcaPrintable({
      xml: invoiceXml({ typeName: '0100000', qr: 'AQVaYXRjYQ==' }),
      qr: 'stored',
      status: 'CLEARED',
    });
    expect(printable.title).toEqual({ en: 'Tax Invoice', ar: 'فاتورة ضريبية' });
    expect(printable.qr.payload).toBe('AQVaYXRjYQ==');
  });
});
