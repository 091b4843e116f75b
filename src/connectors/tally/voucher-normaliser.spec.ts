import { MasterIndex, readCompany, readLedger, readStockItem } from './tally-masters';
import { normaliseVoucher, type NormaliseContext } from './voucher-normaliser';
import { parseTallyXml } from './xml/tally-xml-reader';

const company = readCompany(
  parseTallyXml(
    '<COMPANY NAME="Rao Metals"><GSTREGISTRATIONNUMBER>29AAACR5055K1Z3</GSTREGISTRATIONNUMBER><STATENAME>Karnataka</STATENAME>' +
      '<ADDRESS.LIST><ADDRESS>12 Mill Road</ADDRESS><ADDRESS>Bengaluru</ADDRESS></ADDRESS.LIST><PINCODE>560002</PINCODE></COMPANY>',
  ),
);

function masters(): MasterIndex {
  const index = new MasterIndex();
  index.addStockItem(
    readStockItem(
      parseTallyXml(
        '<STOCKITEM NAME="Bolt M8"><BASEUNITS>nos</BASEUNITS><GSTDETAILS.LIST><APPLICABLEFROM>20170701</APPLICABLEFROM><HSNCODE>73181500</HSNCODE>' +
          '<STATEWISEDETAILS.LIST><RATEDETAILS.LIST><GSTRATEDUTYHEAD>IGST</GSTRATEDUTYHEAD><GSTRATE> 18</GSTRATE></RATEDETAILS.LIST></STATEWISEDETAILS.LIST></GSTDETAILS.LIST></STOCKITEM>',
      ),
    ),
  );
  index.addLedger(
    readLedger(
      parseTallyXml(
        '<LEDGER NAME="Moved Traders"><PARENT>Sundry Debtors</PARENT>' +
          '<LEDGSTREGDETAILS.LIST><APPLICABLEFROM>20170701</APPLICABLEFROM><PLACEOFSUPPLY>Karnataka</PLACEOFSUPPLY><GSTIN>29AAACR5055K1Z3</GSTIN></LEDGSTREGDETAILS.LIST>' +
          '<LEDGSTREGDETAILS.LIST><APPLICABLEFROM>20241001</APPLICABLEFROM><PLACEOFSUPPLY>Tamil Nadu</PLACEOFSUPPLY><GSTIN>33AAACR5055K1ZE</GSTIN></LEDGSTREGDETAILS.LIST>' +
          '<LEDMAILINGDETAILS.LIST><APPLICABLEFROM>20241001</APPLICABLEFROM><ADDRESS.LIST><ADDRESS>5 Anna Salai</ADDRESS></ADDRESS.LIST><STATE>Tamil Nadu</STATE><PINCODE>600002</PINCODE></LEDMAILINGDETAILS.LIST></LEDGER>',
      ),
    ),
  );
  index.addLedger(
    readLedger(
      parseTallyXml(
        '<LEDGER NAME="Out CGST"><TAXTYPE>GST</TAXTYPE><GSTDUTYHEAD>Central Tax</GSTDUTYHEAD></LEDGER>',
      ),
    ),
  );
  return index;
}

const ctx: NormaliseContext = {
  company,
  masters: masters(),
  documentTypeOf: (type) => (type === 'Sales' ? 'INV' : type === 'Credit Note' ? 'CRN' : undefined),
};

// 10 nos at 100.00 less 10% = 900.00; CGST 81 + SGST 81; freight 50; total 1112.00 -> 1112 (no round-off)
const itemInvoice = (type: string, s: 1 | -1, extra = ''): string =>
  `<VOUCHER VCHTYPE="${type}"><DATE>20240520</DATE><GUID>g-1</GUID><VOUCHERTYPENAME>${type}</VOUCHERTYPENAME><VOUCHERNUMBER>A/1</VOUCHERNUMBER>` +
  '<PARTYLEDGERNAME>Buyer One</PARTYLEDGERNAME><PARTYGSTIN>29AAACR5055K1Z3</PARTYGSTIN><STATENAME>Karnataka</STATENAME><PLACEOFSUPPLY>Karnataka</PLACEOFSUPPLY>' +
  '<ADDRESS.LIST><ADDRESS>1 Main St</ADDRESS><ADDRESS>Mysuru</ADDRESS></ADDRESS.LIST><PARTYPINCODE>570001</PARTYPINCODE>' +
  `<ALLINVENTORYENTRIES.LIST><STOCKITEMNAME>Bolt M8</STOCKITEMNAME><RATE>100.00/nos</RATE><DISCOUNT>10</DISCOUNT><AMOUNT>${s * 900}.00</AMOUNT><BILLEDQTY> 10 nos</BILLEDQTY>` +
  `<ACCOUNTINGALLOCATIONS.LIST><LEDGERNAME>Sales</LEDGERNAME><AMOUNT>${s * 900}.00</AMOUNT></ACCOUNTINGALLOCATIONS.LIST></ALLINVENTORYENTRIES.LIST>` +
  `<LEDGERENTRIES.LIST><LEDGERNAME>Buyer One</LEDGERNAME><ISPARTYLEDGER>Yes</ISPARTYLEDGER><AMOUNT>${-s * 1112}.00</AMOUNT></LEDGERENTRIES.LIST>` +
  `<LEDGERENTRIES.LIST><LEDGERNAME>Out CGST</LEDGERNAME><AMOUNT>${s * 81}.00</AMOUNT></LEDGERENTRIES.LIST>` +
  `<LEDGERENTRIES.LIST><LEDGERNAME>Output SGST 9%</LEDGERNAME><AMOUNT>${s * 81}.00</AMOUNT></LEDGERENTRIES.LIST>` +
  `<LEDGERENTRIES.LIST><LEDGERNAME>Freight</LEDGERNAME><AMOUNT>${s * 50}.00</AMOUNT></LEDGERENTRIES.LIST>${extra}</VOUCHER>`;

describe('normaliseVoucher', () => {
  it('maps an intra-state item invoice with discount and freight', () => {
    const outcome = normaliseVoucher(parseTallyXml(itemInvoice('Sales', 1)), ctx);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    const invoice = outcome.value;
    expect(invoice.documentType).toBe('INV');
    expect(invoice.lines[0]).toMatchObject({
      hsnCode: '73181500',
      quantity: '10.000',
      unit: 'NOS',
      unitPrice: '100.000',
      grossAmount: '1000.00',
      discount: '100.00',
      taxableValue: '900.00',
      taxRate: '18',
      cgstAmount: '81.00',
      sgstAmount: '81.00',
    });
    expect(invoice.charges).toEqual([{ description: 'Freight', amount: '50.00' }]);
    expect(invoice.totals).toMatchObject({ taxableValue: '900.00', cgst: '81.00', invoiceTotal: '1112.00' });
    expect(invoice.buyer).toMatchObject({ gstin: '29AAACR5055K1Z3', placeOfSupply: '29' });
    expect(invoice.seller.address.stateCode).toBe('29');
  });

  it('turns a credit note (debits to sales) into positive amounts', () => {
    const note = itemInvoice('Credit Note', -1).replace(
      '<PARTYLEDGERNAME>',
      '<REFERENCE>A/0</REFERENCE><REFERENCEDATE>20240510</REFERENCEDATE><PARTYLEDGERNAME>',
    );
    const outcome = normaliseVoucher(parseTallyXml(note), ctx);
    expect(outcome.ok && outcome.value.documentType).toBe('CRN');
    expect(outcome.ok && outcome.value.originalInvoice).toEqual({ number: 'A/0', date: '2024-05-10' });
    expect(outcome.ok && outcome.value.totals.invoiceTotal).toBe('1112.00');
  });

  it('reports each problem with its path', () => {
    const bad = itemInvoice('Sales', 1)
      .replace('100.00/nos', 'ten/nos')
      .replace('<DATE>20240520', '<DATE>20240231');
    const outcome = normaliseVoucher(parseTallyXml(bad), ctx);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.map((error) => error.path)).toEqual(
      expect.arrayContaining(['voucher.DATE', 'voucher.ALLINVENTORYENTRIES[0].RATE']),
    );
    expect(outcome.errors.find((error) => error.rule === 'rate')?.value).toBe('ten/nos');
  });

  it('uses the dated GST registration and address in force on the voucher date', () => {
    const voucher = itemInvoice('Sales', 1)
      .replace(
        /<PARTYLEDGERNAME>Buyer One<\/PARTYLEDGERNAME><PARTYGSTIN>.*?<PARTYPINCODE>570001<\/PARTYPINCODE>/,
        '<PARTYLEDGERNAME>Moved Traders</PARTYLEDGERNAME>',
      )
      .replace('<LEDGERNAME>Buyer One', '<LEDGERNAME>Moved Traders')
      .replace('20240520', '20241105')
      .replace(
        /<LEDGERNAME>Out CGST<\/LEDGERNAME><AMOUNT>81.00/,
        '<LEDGERNAME>IGST</LEDGERNAME><AMOUNT>162.00',
      )
      .replace(
        /<LEDGERENTRIES.LIST><LEDGERNAME>Output SGST 9%<\/LEDGERNAME><AMOUNT>81.00<\/AMOUNT><\/LEDGERENTRIES.LIST>/,
        '',
      )
      .replace('-1112.00', '-1112.00');
    const outcome = normaliseVoucher(parseTallyXml(voucher), ctx);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.value.buyer).toMatchObject({ gstin: '33AAACR5055K1ZE', placeOfSupply: '33' });
    expect(outcome.value.buyer.address).toMatchObject({
      line1: '5 Anna Salai',
      postalCode: '600002',
      stateCode: '33',
    });
    expect(outcome.value.lines[0].igstAmount).toBe('162.00');
  });

  it('prices a line per its alternate unit: " 5000 UG =  5 MG" at 180.00/MG less 10%', () => {
    const voucher = itemInvoice('Sales', 1)
      .replace('<RATE>100.00/nos</RATE>', '<RATE>200.00/MG</RATE>')
      .replace('<BILLEDQTY> 10 nos</BILLEDQTY>', '<BILLEDQTY> 5000 UG =  5 MG</BILLEDQTY>');
    const outcome = normaliseVoucher(parseTallyXml(voucher), ctx);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.value.lines[0]).toMatchObject({
      quantity: '5.000',
      unitPrice: '200.000',
      grossAmount: '1000.00',
      discount: '100.00',
      taxableValue: '900.00',
    });
    expect(outcome.warnings?.map((warning) => warning.rule)).toEqual(['unit.unknown']);
  });

  it('reads a foreign-currency rate and amount by their local parts', () => {
    const voucher = itemInvoice('Sales', 1)
      .replace('<RATE>100.00/nos</RATE>', '<RATE>$ 1.2500 = ₹ 100.00/nos</RATE>')
      .replace(
        '<AMOUNT>900.00</AMOUNT><BILLEDQTY>',
        '<AMOUNT>$ 11.25 @ ₹ 80.00/$ = ₹ 900.00</AMOUNT><BILLEDQTY>',
      );
    const outcome = normaliseVoucher(parseTallyXml(voucher), ctx);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.value.lines[0]).toMatchObject({ unitPrice: '100.000', taxableValue: '900.00' });
  });

  it('holds a line whose quantity x rate less discount is not the amount Tally booked, as a field error', () => {
    // 10 nos at 100.00 with no discount is 1000.00; Tally booked 900.00.
    const voucher = itemInvoice('Sales', 1).replace('<DISCOUNT>10</DISCOUNT>', '<DISCOUNT>0</DISCOUNT>');
    const outcome = normaliseVoucher(parseTallyXml(voucher), ctx);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors).toEqual([
      expect.objectContaining({
        path: 'voucher.ALLINVENTORYENTRIES[0].AMOUNT',
        rule: 'line.value',
        value: '900.00',
        message: expect.stringContaining('is 1000.00 but Tally booked 900.00 (difference 100.00)'),
      }),
    ]);
  });

  it('accepts a line whose value is within a paisa of quantity x rate less discount', () => {
    const voucher = itemInvoice('Sales', 1).replace('<RATE>100.00/nos</RATE>', '<RATE>100.001/nos</RATE>');
    const outcome = normaliseVoucher(parseTallyXml(voucher), ctx);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.warnings ?? []).toEqual([]);
    expect(outcome.value.lines[0]).toMatchObject({ taxableValue: '900.00', discount: '100.01' });
  });

  it('reads "Not Applicable" rate and quantity as none given; a rate in a unit the quantity lacks is an error', () => {
    const none = itemInvoice('Sales', 1)
      .replace('<RATE>100.00/nos</RATE>', '<RATE>Not Applicable</RATE>')
      .replace('<BILLEDQTY> 10 nos</BILLEDQTY>', '<BILLEDQTY>&#4; Not Applicable</BILLEDQTY>');
    const outcome = normaliseVoucher(parseTallyXml(none), ctx);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    expect(outcome.value.lines[0]).toMatchObject({ taxableValue: '900.00', discount: '0.00' });

    const wrongUnit = itemInvoice('Sales', 1).replace('<RATE>100.00/nos</RATE>', '<RATE>100.00/Box</RATE>');
    const failed = normaliseVoucher(parseTallyXml(wrongUnit), ctx);
    expect(failed.ok).toBe(false);
    if (failed.ok) return;
    expect(failed.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'voucher.ALLINVENTORYENTRIES[0].RATE',
          rule: 'rate.unit',
          value: '100.00/Box',
        }),
      ]),
    );
  });

  it('ends with the CanonicalInvoice rules: a credit note naming no original invoice is reported', () => {
    const outcome = normaliseVoucher(parseTallyXml(itemInvoice('Credit Note', -1)), ctx);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.errors.every((error) => error.path.startsWith('invoice.'))).toBe(true);
  });
});
