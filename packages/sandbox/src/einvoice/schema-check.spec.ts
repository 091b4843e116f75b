import { NIC_INVOICE_SCHEMA } from './nic-invoice-schema';
import { schemaViolations } from './schema-check';

const validItem = {
  SlNo: '1',
  IsServc: 'N',
  HsnCd: '61051000',
  Unit: 'NOS',
  UnitPrice: 450,
  TotAmt: 4500,
  AssAmt: 4500,
  GstRt: 5,
  TotItemVal: 4725,
};

const validBody = () => ({
  Version: '1.1',
  TranDtls: { TaxSch: 'GST', SupTyp: 'B2B' },
  DocDtls: { Typ: 'INV', No: 'T1', Dt: '01/01/2024' },
  SellerDtls: {
    Gstin: '29AABCS1429B1ZQ',
    LglNm: 'Sandbox Seller Pvt Ltd',
    Addr1: '12 MG Road',
    Loc: 'Bengaluru',
    Pin: 560001,
    Stcd: '29',
  },
  BuyerDtls: {
    Gstin: '07AAACI1681G1ZR',
    LglNm: 'Capital Buyer LLP',
    Addr1: '4 Janpath',
    Loc: 'Delhi',
    Pos: '07',
    Stcd: '07',
  },
  ItemList: [validItem],
  ValDtls: { AssVal: 4500, TotInvVal: 4725 },
});

describe('NIC schema violations', () => {
  it('finds none in a valid request', () => {
    expect(schemaViolations(NIC_INVOICE_SCHEMA, validBody())).toEqual([]);
  });

  it("names every violation by its JSON path, each object's missing members before its members' own", () => {
    const body = {
      ...validBody(),
      BuyerDtls: undefined,
      TranDtls: { TaxSch: 'GST', RegRev: 'N' },
      DocDtls: { Typ: 'INV', No: 'T1', Dt: 20240101 },
      ItemList: [
        { ...validItem, Unit: 'N', BchDtls: {}, AttribDtls: [{ Nm: 'Colour', Val: 'Blue' }, 'Red'] },
        'x',
      ],
      ValDtls: { AssVal: 4500, RndOffAmt: 100, TotInvVal: 4725 },
    };
    expect(schemaViolations(NIC_INVOICE_SCHEMA, body)).toEqual([
      'The BuyerDtls field is required.',
      'The TranDtls.SupTyp field is required.',
      'The field DocDtls.Dt must be a string.',
      'The field ItemList[0].Unit must be a string with a minimum length of 3 and a maximum length of 8.',
      'The ItemList[0].BchDtls.Nm field is required.',
      'The field ItemList[0].AttribDtls[1] must be an object.',
      'The field ItemList[1] must be an object.',
      'The field ValDtls.RndOffAmt must be between -99.99 and 99.99.',
    ]);
  });

  it('names the field from the given root path', () => {
    expect(schemaViolations(NIC_INVOICE_SCHEMA.properties!.DocDtls, { Typ: 'XYZ' }, 'body')).toEqual([
      'The body.No field is required.',
      'The body.Dt field is required.',
      "The field body.Typ must match the regular expression '(?i)^((INV)|(CRN)|(DBN))$'.",
    ]);
    expect(schemaViolations(NIC_INVOICE_SCHEMA, [], 'body')).toEqual(['The field body must be an object.']);
  });
});
