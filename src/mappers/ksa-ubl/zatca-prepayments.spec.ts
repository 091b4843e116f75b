import { type CanonicalInvoice, type KsaPrepayment } from '../../domain';
import { sampleSaudiInvoice } from '../../domain/__fixtures__';
import { buildZatcaInvoiceXml, buildZatcaInvoiceXmlWithoutTemplate } from './ubl-2.1-zatca.mapper';

const chain = {
  icv: 7,
  pih: 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==',
  uuid: 'c3f1a8d2-6e4b-4a9c-8d2e-7b1f0a3c5e91',
};

const advance = (overrides: Partial<KsaPrepayment> = {}): KsaPrepayment => ({
  documentNumber: 'NJ-2024-ADV-3',
  uuid: '5a7e9c1d-2b4f-4e8a-9c6d-1f3b5a7c9e2d',
  issueDate: '2024-08-15',
  issueTime: '12:28:17',
  description: 'Advance received for laptops',
  vatBreakdown: [{ vatCategory: 'S', taxRate: '15', taxableAmount: '1000.00', vatAmount: '150.00' }],
  ...overrides,
});

function finalInvoice(prepayments: KsaPrepayment[], prepaidAmount?: string): CanonicalInvoice {
  const invoice = sampleSaudiInvoice();
  invoice.ksa = { ...invoice.ksa!, prepayments };
  if (prepaidAmount !== undefined) invoice.totals = { ...invoice.totals, prepaidAmount };
  return invoice;
}

function build(invoice: CanonicalInvoice): string {
  const outcome = buildZatcaInvoiceXml(invoice, chain);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
  return outcome.value;
}

const rules = (invoice: CanonicalInvoice) => {
  const outcome = buildZatcaInvoiceXml(invoice, chain);
  return outcome.ok ? [] : outcome.errors.map((error) => `${error.path}:${error.rule}`);
};

describe('advance payments on a final invoice (KSA-26..34)', () => {
  it('writes the prepayment line after the invoice lines and deducts it from the amount payable', () => {
    const xml = build(finalInvoice([advance()], '1150.00'));
    expect(xml).toContain(
      '<cbc:PrepaidAmount currencyID="SAR">1150.00</cbc:PrepaidAmount><cbc:PayableAmount currencyID="SAR">7423.25</cbc:PayableAmount>',
    );
    // the document's own VAT breakdown is the invoice's, not reduced by the advance
    expect(xml).toContain('<cbc:TaxableAmount currencyID="SAR">7455.00</cbc:TaxableAmount>');
    expect(xml).toContain(
      '<cac:InvoiceLine><cbc:ID>3</cbc:ID><cbc:InvoicedQuantity unitCode="PCE">0.00</cbc:InvoicedQuantity>' +
        '<cbc:LineExtensionAmount currencyID="SAR">0.00</cbc:LineExtensionAmount>' +
        '<cac:DocumentReference><cbc:ID>NJ-2024-ADV-3</cbc:ID><cbc:UUID>5a7e9c1d-2b4f-4e8a-9c6d-1f3b5a7c9e2d</cbc:UUID>' +
        '<cbc:IssueDate>2024-08-15</cbc:IssueDate><cbc:IssueTime>12:28:17</cbc:IssueTime>' +
        '<cbc:DocumentTypeCode>386</cbc:DocumentTypeCode></cac:DocumentReference>' +
        '<cac:TaxTotal><cbc:TaxAmount currencyID="SAR">0.00</cbc:TaxAmount><cbc:RoundingAmount currencyID="SAR">0.00</cbc:RoundingAmount>' +
        '<cac:TaxSubtotal><cbc:TaxableAmount currencyID="SAR">1000.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="SAR">150.00</cbc:TaxAmount>' +
        '<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>15.00</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>' +
        '</cac:TaxSubtotal></cac:TaxTotal>' +
        '<cac:Item><cbc:Name>Advance received for laptops</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID>' +
        '<cbc:Percent>15.00</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>' +
        '<cac:Price><cbc:PriceAmount currencyID="SAR">0.00</cbc:PriceAmount></cac:Price></cac:InvoiceLine></Invoice>',
    );
  });

  it('writes one line per VAT category of each advance, computing the prepaid amount when the ERP omits it', () => {
    const invoice = finalInvoice([
      advance({
        vatBreakdown: [
          { vatCategory: 'S', taxRate: '15', taxableAmount: '400.00', vatAmount: '60.00' },
          {
            vatCategory: 'Z',
            taxRate: '0',
            taxableAmount: '100.00',
            vatAmount: '0.00',
            exemptionReasonCode: 'VATEX-SA-35',
          },
        ],
      }),
      advance({ documentNumber: 'NJ-2024-ADV-4', uuid: undefined }),
    ]);
    const xml = build(invoice);
    expect(xml).toContain('<cbc:PrepaidAmount currencyID="SAR">1710.00</cbc:PrepaidAmount>');
    expect(xml.match(/<cbc:DocumentTypeCode>386<\/cbc:DocumentTypeCode>/g)).toHaveLength(3);
    expect(xml).toContain('<cbc:TaxExemptionReasonCode>VATEX-SA-35</cbc:TaxExemptionReasonCode>');
    expect(xml).toContain('<cac:DocumentReference><cbc:ID>NJ-2024-ADV-4</cbc:ID><cbc:IssueDate>');
    expect(buildZatcaInvoiceXmlWithoutTemplate(invoice, chain)).toEqual({ ok: true, value: xml });
  });

  it('refuses a prepaid amount without the prepayment invoice it deducts (BR-KSA-73)', () => {
    expect(rules(finalInvoice([], '1150.00'))).toEqual(['ksa.prepayments:required']);
  });

  it('checks the prepayment VAT (BR-KSA-79), zero rates (BR-KSA-76..78) and the prepaid total (BR-KSA-80)', () => {
    const wrong = finalInvoice(
      [
        advance({
          vatBreakdown: [
            { vatCategory: 'S', taxRate: '15', taxableAmount: '1000.00', vatAmount: '140.00' },
            { vatCategory: 'E', taxRate: '5', taxableAmount: '10.00', vatAmount: '0.50' },
          ],
        }),
      ],
      '999.00',
    );
    expect(rules(wrong)).toEqual([
      'ksa.prepayments[0].vatBreakdown[0].vatAmount:ksa.prepaymentVat',
      'ksa.prepayments[0].vatBreakdown[1].taxRate:ksa.zeroRate',
      'totals.prepaidAmount:ksa.prepaidAmount',
    ]);
  });
});

describe('document-level allowances and charges (BG-20, BG-21)', () => {
  it('writes each allowance with its own reason and code, and one without a code with its reason only', () => {
    const invoice = sampleSaudiInvoice({
      allowances: [
        { description: 'Special rebate', amount: '100.00', reasonCode: '100' },
        { description: 'Loyalty points redeemed', amount: '20.00' },
      ],
      charges: [{ description: 'Freight', amount: '50.00', reasonCode: 'FC' }],
    });
    const xml = build(invoice);
    expect(xml).toContain(
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>' +
        '<cbc:AllowanceChargeReasonCode>100</cbc:AllowanceChargeReasonCode><cbc:AllowanceChargeReason>Special rebate</cbc:AllowanceChargeReason>',
    );
    expect(xml).toContain(
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>' +
        '<cbc:AllowanceChargeReason>Loyalty points redeemed</cbc:AllowanceChargeReason>',
    );
    expect(xml).not.toContain('<cbc:AllowanceChargeReason>Discount</cbc:AllowanceChargeReason>');
    expect(xml).toContain('<cbc:AllowanceTotalAmount currencyID="SAR">120.00</cbc:AllowanceTotalAmount>');
    expect(xml).toContain('<cbc:ChargeTotalAmount currencyID="SAR">50.00</cbc:ChargeTotalAmount>');
    expect(xml).toContain('<cbc:TaxExclusiveAmount currencyID="SAR">7385.00</cbc:TaxExclusiveAmount>');
  });

  it('refuses an allowance reason code outside UNTDID 5189 and an allowance without a reason', () => {
    const invoice = sampleSaudiInvoice({
      allowances: [
        { description: 'Rebate', amount: '10.00', reasonCode: 'FC' },
        { description: ' ', amount: '5.00', reasonCode: '95' },
      ],
    });
    expect(rules(invoice)).toEqual([
      'allowances[0].reasonCode:ksa.allowanceReasonCode',
      'allowances[1].description:required',
    ]);
  });
});
