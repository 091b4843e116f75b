import { type CanonicalInvoice } from '../../domain';
import { sampleSaudiInvoice } from '../../domain/__fixtures__';
import { DOMParser } from '@xmldom/xmldom';
import { chainVariants, zatcaVariants } from '../../../test/ksa-xml/support/zatca-variants';
import { buildZatcaInvoiceXml, buildZatcaInvoiceXmlWithoutTemplate } from './ubl-2.1-zatca.mapper';

const chain = {
  icv: 42,
  pih: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
  uuid: 'b1d4a7e2-5c11-4f3e-9d1b-2a9f0c7e8d44',
};

function build(invoice: CanonicalInvoice): string {
  const outcome = buildZatcaInvoiceXml(invoice, chain);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.value;
}

function errorsOf(invoice: CanonicalInvoice, pih = chain.pih) {
  const outcome = buildZatcaInvoiceXml(invoice, { ...chain, pih });
  return outcome.ok ? [] : outcome.errors;
}

function withKsa(
  overrides: Partial<NonNullable<CanonicalInvoice['ksa']>>,
  invoice = sampleSaudiInvoice(),
): CanonicalInvoice {
  invoice.ksa = { ...invoice.ksa!, ...overrides };
  return invoice;
}

describe('buildZatcaInvoiceXml', () => {
  it('writes the header, chain references and the two tax totals of a standard invoice', () => {
    const xml = build(sampleSaudiInvoice());
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"',
      ),
    ).toBe(true);
    expect(xml).toContain('<cbc:ProfileID>reporting:1.0</cbc:ProfileID><cbc:ID>NJ-2024-000118</cbc:ID>');
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0100000">388</cbc:InvoiceTypeCode>');
    expect(xml).toContain('<cbc:ID>ICV</cbc:ID><cbc:UUID>42</cbc:UUID>');
    expect(xml).toContain(
      `<cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain">${chain.pih}</cbc:EmbeddedDocumentBinaryObject>`,
    );
    expect(xml).toContain(
      '<cac:TaxTotal><cbc:TaxAmount currencyID="SAR">1118.25</cbc:TaxAmount></cac:TaxTotal>',
    );
    expect(xml).toContain('<cbc:PayableAmount currencyID="SAR">8573.25</cbc:PayableAmount>');
    expect(xml).toContain('<cbc:ActualDeliveryDate>2024-09-03</cbc:ActualDeliveryDate>');
    expect(xml).not.toContain('UBLExtensions');
  });

  it('writes the national address of both parties and the seller id with its scheme', () => {
    const xml = build(sampleSaudiInvoice());
    expect(xml).toContain('<cbc:ID schemeID="CRN">1010456789</cbc:ID>');
    expect(xml).toContain(
      '<cbc:StreetName>King Fahd Road</cbc:StreetName><cbc:BuildingNumber>2431</cbc:BuildingNumber>' +
        '<cbc:PlotIdentification>8812</cbc:PlotIdentification><cbc:CitySubdivisionName>Al Olaya</cbc:CitySubdivisionName>' +
        '<cbc:CityName>Riyadh</cbc:CityName><cbc:PostalZone>12214</cbc:PostalZone>' +
        '<cbc:CountrySubentity>Riyadh Region</cbc:CountrySubentity>',
    );
    expect(xml).toContain(
      '<cbc:RegistrationName>شركة نجد للتجارة الإلكترونية | Najd Electronics Trading Co.</cbc:RegistrationName>',
    );
  });

  it.each([
    [{ invoiceKind: 'simplified' as const }, '0200000'],
    [{ thirdParty: true }, '0110000'],
    [{ nominal: true }, '0101000'],
    [{ exports: true }, '0100100'],
    [{ summary: true }, '0100010'],
    [{ selfBilled: true }, '0100001'],
  ])('sets the transaction code flags %j -> %s', (flags, name) => {
    expect(build(withKsa(flags))).toContain(`<cbc:InvoiceTypeCode name="${name}">`);
  });

  it('writes credit notes with the billing reference and the reason as InstructionNote', () => {
    const note = sampleSaudiInvoice({
      documentType: 'CRN',
      originalInvoice: { number: 'NJ-2024-000100', date: '2024-08-01', reason: 'Returned goods' },
    });
    const xml = build(note);
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0100000">381</cbc:InvoiceTypeCode>');
    expect(xml).toContain(
      '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>NJ-2024-000100</cbc:ID>',
    );
    expect(xml).toContain(
      '<cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cbc:InstructionNote>Returned goods</cbc:InstructionNote>',
    );
    const debit = build({ ...note, documentType: 'DBN' });
    expect(debit).toContain('>383</cbc:InvoiceTypeCode>');
  });

  it('rounds line by line, then per VAT category, then totals (2 places, half up)', () => {
    const invoice = sampleSaudiInvoice();
    invoice.lines = [
      { ...invoice.lines[0], quantity: '3', unitPrice: '10.335', discount: '0.005', taxRate: '15' },
      { ...invoice.lines[1], quantity: '1', unitPrice: '0.07', discount: '0', taxRate: '15' },
    ];
    const xml = build(invoice);
    // 3 x 10.335 = 31.005 -> 31.01, minus discount 0.01 -> 31.00; VAT 4.65
    expect(xml).toContain('<cbc:LineExtensionAmount currencyID="SAR">31.00</cbc:LineExtensionAmount>');
    expect(xml).toContain(
      '<cbc:TaxAmount currencyID="SAR">4.65</cbc:TaxAmount><cbc:RoundingAmount currencyID="SAR">35.65</cbc:RoundingAmount>',
    );
    expect(xml).toContain('<cbc:PriceAmount currencyID="SAR">10.335</cbc:PriceAmount>');
    // second line 0.07 -> VAT 0.0105 -> 0.01; the category: 31.07 x 15% = 4.6605 -> 4.66 (not 4.65 + 0.01)
    expect(xml).toContain(
      '<cbc:TaxableAmount currencyID="SAR">31.07</cbc:TaxableAmount><cbc:TaxAmount currencyID="SAR">4.66</cbc:TaxAmount>',
    );
    expect(xml).toContain('<cbc:TaxInclusiveAmount currencyID="SAR">35.73</cbc:TaxInclusiveAmount>');
  });

  it('applies document allowances and charges to the category and the totals', () => {
    const invoice = sampleSaudiInvoice({
      documentDiscount: '455.00',
      charges: [{ description: 'Freight', amount: '100.00', reasonCode: 'FC' }],
    });
    const xml = build(invoice);
    expect(xml).toContain(
      '<cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>',
    );
    expect(xml).toContain(
      '<cbc:ChargeIndicator>true</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>FC</cbc:AllowanceChargeReasonCode>',
    );
    // 7455 - 455 + 100 = 7100; VAT 1065
    expect(xml).toContain('<cbc:TaxExclusiveAmount currencyID="SAR">7100.00</cbc:TaxExclusiveAmount>');
    expect(xml).toContain(
      '<cbc:TaxableAmount currencyID="SAR">7100.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="SAR">1065.00</cbc:TaxAmount>',
    );
    expect(xml).toContain(
      '<cbc:AllowanceTotalAmount currencyID="SAR">455.00</cbc:AllowanceTotalAmount><cbc:ChargeTotalAmount currencyID="SAR">100.00</cbc:ChargeTotalAmount>',
    );
  });

  it('gives a foreign-currency invoice its VAT in SAR first, then the breakdown in the document currency', () => {
    const xml = build(sampleSaudiInvoice({ currency: 'USD', exchangeRate: '3.75' }));
    expect(xml).toContain(
      '<cbc:DocumentCurrencyCode>USD</cbc:DocumentCurrencyCode><cbc:TaxCurrencyCode>SAR</cbc:TaxCurrencyCode>',
    );
    expect(xml).toContain(
      '<cac:TaxTotal><cbc:TaxAmount currencyID="SAR">4193.44</cbc:TaxAmount></cac:TaxTotal>' +
        '<cac:TaxTotal><cbc:TaxAmount currencyID="USD">1118.25</cbc:TaxAmount><cac:TaxSubtotal>',
    );
  });

  it('writes exemption reason code and text on zero-rated, exempt and out-of-scope breakdowns', () => {
    const invoice = sampleSaudiInvoice();
    invoice.lines = [
      { ...invoice.lines[0], vatCategory: 'Z', taxRate: '0', exemptionReasonCode: 'VATEX-SA-35' },
      { ...invoice.lines[1], vatCategory: 'E', taxRate: '0', exemptionReasonCode: 'VATEX-SA-30' },
    ];
    const xml = build(invoice);
    expect(xml).toContain(
      '<cbc:ID>Z</cbc:ID><cbc:Percent>0.00</cbc:Percent><cbc:TaxExemptionReasonCode>VATEX-SA-35</cbc:TaxExemptionReasonCode>' +
        '<cbc:TaxExemptionReason>Medicines and medical equipment</cbc:TaxExemptionReason>',
    );
    expect(xml).toContain('<cbc:TaxExemptionReasonCode>VATEX-SA-30</cbc:TaxExemptionReasonCode>');
  });

  it('leaves out the buyer party of a simplified invoice without buyer details', () => {
    const invoice = withKsa({ invoiceKind: 'simplified' });
    invoice.buyer = { legalName: '', address: { line1: '', city: '', countryCode: 'SA' } };
    expect(build(invoice)).toContain('<cac:AccountingCustomerParty/>');
  });

  describe('validation', () => {
    const rules = (invoice: CanonicalInvoice) =>
      errorsOf(invoice).map((error) => `${error.path}:${error.rule}`);

    it('checks the seller VAT number (15 digits, first and last 3)', () => {
      const invoice = sampleSaudiInvoice();
      invoice.seller = { ...invoice.seller, vatNumber: '310987654300001' };
      expect(rules(invoice)).toContain('seller.vatNumber:ksa.vatNumber');
    });

    it('requires the buyer VAT number or another id on a standard invoice, not on a simplified one', () => {
      const invoice = sampleSaudiInvoice();
      invoice.buyer = { ...invoice.buyer, vatNumber: undefined };
      expect(rules(invoice)).toContain('buyer.vatNumber:required');
      invoice.buyer.otherIds = [{ scheme: 'CRN', value: '4030111222' }];
      expect(rules(invoice)).toEqual([]);
      expect(build(invoice)).toContain('<cbc:ID schemeID="CRN">4030111222</cbc:ID>');
      invoice.buyer.otherIds = [];
      expect(rules(withKsa({ invoiceKind: 'simplified' }, invoice))).toEqual([]);
    });

    it('requires the original invoice and the reason on notes', () => {
      expect(rules(sampleSaudiInvoice({ documentType: 'CRN' }))).toEqual(
        expect.arrayContaining(['originalInvoice.number:required', 'originalInvoice.reason:required']),
      );
    });

    it('checks the national address, VAT categories, rates and exemption codes', () => {
      const invoice = sampleSaudiInvoice();
      invoice.seller = {
        ...invoice.seller,
        address: { ...invoice.seller.address, buildingNumber: '12', postalCode: '1221' },
      };
      invoice.lines = [
        { ...invoice.lines[0], taxRate: '10' },
        { ...invoice.lines[1], vatCategory: 'Z', taxRate: '0', exemptionReasonCode: 'VATEX-SA-29' },
      ];
      expect(rules(invoice)).toEqual(
        expect.arrayContaining([
          'seller.address.buildingNumber:ksa.buildingNumber',
          'seller.address.postalCode:ksa.postalCode',
          'lines[0].taxRate:ksa.standardRate',
          'lines[1].exemptionReasonCode:ksa.exemptionReason',
        ]),
      );
    });

    it('rejects self-billed simplified invoices, a missing issue time and a bad chain', () => {
      expect(rules(withKsa({ invoiceKind: 'simplified', selfBilled: true }))).toContain(
        'ksa.selfBilled:ksa.selfBilling',
      );
      expect(rules(withKsa({ issueTime: undefined }))).toContain('ksa.issueTime:ksa.issueTime');
      expect(errorsOf(sampleSaudiInvoice(), 'not base64!').map((error) => error.path)).toContain('chain.pih');
    });

    it('refuses two exemption codes within one VAT category', () => {
      const invoice = sampleSaudiInvoice();
      invoice.lines = [
        { ...invoice.lines[0], vatCategory: 'E', taxRate: '0', exemptionReasonCode: 'VATEX-SA-29' },
        { ...invoice.lines[1], vatCategory: 'E', taxRate: '0', exemptionReasonCode: 'VATEX-SA-30' },
      ];
      expect(rules(invoice)).toContain('lines:ksa.exemptionReason');
    });

    it('refuses a seller name too long for the QR', () => {
      const invoice = sampleSaudiInvoice();
      invoice.seller = { ...invoice.seller, legalNameArabic: 'ش'.repeat(200) };
      expect(rules(invoice)).toContain('seller.legalName:ksa.sellerNameLength');
    });
  });

  describe('xmlbuilder2 templates', () => {
    const variants = [...zatcaVariants('2024-09-03'), ...chainVariants('2024-09-03')];

    it.each(variants.map((variant) => [variant.name, variant.invoice] as const))(
      '%s: the cached template writes what xmlbuilder2 writes element by element',
      (_name, invoice) => {
        for (const icv of [1, 2]) {
          const templated = buildZatcaInvoiceXml(invoice, { ...chain, icv });
          const direct = buildZatcaInvoiceXmlWithoutTemplate(invoice, { ...chain, icv });
          expect(templated.ok && direct.ok).toBe(true);
          expect(templated).toEqual(direct);
        }
      },
    );

    it('escapes ERP text so that a parser reads it back, ampersands included', () => {
      const invoice = sampleSaudiInvoice();
      invoice.lines[0].description = 'Cable <2m> & "adapter" &amp; &nbsp; kit';
      invoice.notes = 'A&B <urgent>';
      const xml = build(invoice);
      expect(buildZatcaInvoiceXmlWithoutTemplate(invoice, chain)).toEqual({ ok: true, value: xml });
      const document = new DOMParser().parseFromString(xml, 'text/xml');
      const text = (name: string) => document.getElementsByTagName(name)[0].textContent;
      expect(text('cbc:Name')).toBe('Cable <2m> & "adapter" &amp; &nbsp; kit');
      expect(text('cbc:Note')).toBe('A&B <urgent>');
    });
  });

  it('warns when the ERP totals differ from the recomputed ones', () => {
    const invoice = sampleSaudiInvoice();
    invoice.totals = { ...invoice.totals, vat: '1118.30' };
    const outcome = buildZatcaInvoiceXml(invoice, chain);
    expect(outcome.ok && outcome.warnings?.map((warning) => warning.path)).toEqual(['totals.vat']);
  });
});
