import { type CanonicalInvoice } from '../../domain';
import {
  sampleIndiaCreditNote,
  sampleIndiaInvoice,
  sampleInterStateInvoice,
} from '../../domain/__fixtures__';
import {
  exportInvoice,
  reverseChargeInvoice,
  sezInvoice,
  transportInvoice,
} from './__fixtures__/irn-scenarios';
import { buildNicEinvoiceV11 } from './irn-v1.1.mapper';
import { validateNicEinvoiceV11 } from './irn-v1.1.rules';
import { type NicEinvoiceV11 } from './nic-einvoice-v1.1.types';

const TODAY = '2024-08-01';

/** A valid payload for the invoice, for a test to break in one place. */
function payloadOf(invoice: CanonicalInvoice = sampleIndiaInvoice()): NicEinvoiceV11 {
  const built = buildNicEinvoiceV11(invoice);
  expect(built.errors).toEqual([]);
  const copy = structuredClone(built.payload);
  expect(validateNicEinvoiceV11(copy, { today: TODAY }).errors).toEqual([]);
  return copy;
}

function validate(payload: NicEinvoiceV11, today = TODAY) {
  return validateNicEinvoiceV11(payload, { today });
}

interface RuleCase {
  name: string;
  invoice?: () => CanonicalInvoice;
  breakIt: (payload: NicEinvoiceV11) => void;
  path: string;
  rule: string;
  nicCode?: string;
  canonicalPath?: string;
}

const cases: RuleCase[] = [
  {
    name: 'seller GSTIN check digit',
    breakIt: (p) => (p.SellerDtls.Gstin = '29AABCK1234L1ZJ'),
    path: 'SellerDtls.Gstin',
    rule: 'irn.gstin.checkDigit',
    canonicalPath: 'seller.gstin',
  },
  {
    name: 'buyer GSTIN check digit',
    breakIt: (p) => (p.BuyerDtls.Gstin = '29AAFCM5678Q1ZF'),
    path: 'BuyerDtls.Gstin',
    rule: 'irn.gstin.checkDigit',
    canonicalPath: 'buyer.gstin',
  },
  {
    name: 'buyer GSTIN format',
    breakIt: (p) => (p.BuyerDtls.Gstin = '29aafcm5678q1ze'),
    path: 'BuyerDtls.Gstin',
    rule: 'irn.gstin.format',
  },
  {
    name: 'URP buyer on a B2B invoice',
    breakIt: (p) => (p.BuyerDtls.Gstin = 'URP'),
    path: 'BuyerDtls.Gstin',
    rule: 'irn.buyer.gstinRequired',
  },
  {
    name: 'buyer is the seller',
    breakIt: (p) => (p.BuyerDtls.Gstin = p.SellerDtls.Gstin),
    path: 'BuyerDtls.Gstin',
    rule: 'irn.buyer.sameAsSeller',
    nicCode: '2211',
  },
  {
    name: 'e-commerce operator GSTIN',
    breakIt: (p) => (p.TranDtls.EcmGstin = '29AABCK1234L1Z0'),
    path: 'TranDtls.EcmGstin',
    rule: 'irn.gstin.checkDigit',
  },
  {
    name: 'seller state code not that of its GSTIN',
    breakIt: (p) => (p.SellerDtls.Stcd = '27'),
    path: 'SellerDtls.Stcd',
    rule: 'irn.seller.stateCode',
    canonicalPath: 'seller.address.stateCode',
  },
  {
    name: 'unknown buyer state code',
    breakIt: (p) => (p.BuyerDtls.Stcd = '25'),
    path: 'BuyerDtls.Stcd',
    rule: 'irn.stateCode',
  },
  {
    name: 'unknown place of supply',
    breakIt: (p) => (p.BuyerDtls.Pos = '00'),
    path: 'BuyerDtls.Pos',
    rule: 'irn.stateCode',
    canonicalPath: 'buyer.placeOfSupply',
  },
  {
    name: 'seller PIN format',
    breakIt: (p) => (p.SellerDtls.Pin = 56005),
    path: 'SellerDtls.Pin',
    rule: 'irn.pincode',
    canonicalPath: 'seller.address.postalCode',
  },
  {
    name: 'buyer PIN in another state',
    breakIt: (p) => (p.BuyerDtls.Pin = 400001),
    path: 'BuyerDtls.Pin',
    rule: 'irn.pincode.stateMismatch',
  },
  {
    name: 'dispatch PIN format',
    invoice: transportInvoice,
    breakIt: (p) => p.DispDtls && (p.DispDtls.Pin = 0),
    path: 'DispDtls.Pin',
    rule: 'irn.pincode',
    canonicalPath: 'dispatchFrom.address.postalCode',
  },
  {
    name: 'legal name too short',
    breakIt: (p) => (p.BuyerDtls.LglNm = 'AB'),
    path: 'BuyerDtls.LglNm',
    rule: 'irn.text.length',
  },
  {
    name: 'seller location longer than 50',
    breakIt: (p) => (p.SellerDtls.Loc = 'B'.repeat(51)),
    path: 'SellerDtls.Loc',
    rule: 'irn.text.length',
  },
  {
    name: 'HSN of 5 digits',
    breakIt: (p) => (p.ItemList[2].HsnCd = '94031'),
    path: 'ItemList[2].HsnCd',
    rule: 'irn.item.hsnFormat',
    nicCode: '2176',
    canonicalPath: 'lines[2].hsnCode',
  },
  {
    name: 'service flag on a goods HSN',
    breakIt: (p) => (p.ItemList[0].IsServc = 'Y'),
    path: 'ItemList[0].IsServc',
    rule: 'irn.item.serviceHsn',
  },
  {
    name: 'GST rate not notified',
    breakIt: (p) => {
      p.ItemList[1].GstRt = 17;
    },
    path: 'ItemList[1].GstRt',
    rule: 'irn.item.gstRate',
    nicCode: '2240',
    canonicalPath: 'lines[1].taxRate',
  },
  {
    name: 'unit not in the UQC master',
    breakIt: (p) => (p.ItemList[1].Unit = 'PIECES'),
    path: 'ItemList[1].Unit',
    rule: 'irn.item.uqc',
    canonicalPath: 'lines[1].unit',
  },
  {
    name: 'goods without a unit',
    breakIt: (p) => delete p.ItemList[0].Unit,
    path: 'ItemList[0].Unit',
    rule: 'irn.item.unitRequired',
  },
  {
    name: 'goods without a quantity',
    breakIt: (p) => delete p.ItemList[0].Qty,
    path: 'ItemList[0].Qty',
    rule: 'irn.item.quantityRequired',
  },
  {
    name: 'duplicate serial number',
    breakIt: (p) => (p.ItemList[2].SlNo = '1'),
    path: 'ItemList[2].SlNo',
    rule: 'irn.item.serialNumberDuplicate',
  },
  {
    name: 'non-numeric serial number',
    breakIt: (p) => (p.ItemList[0].SlNo = 'A1'),
    path: 'ItemList[0].SlNo',
    rule: 'irn.item.serialNumber',
  },
  {
    name: 'negative discount',
    breakIt: (p) => {
      p.ItemList[1].Discount = -1;
      p.ItemList[1].TotAmt = 21001.5;
    },
    path: 'ItemList[1].Discount',
    rule: 'irn.amount.negative',
  },
  {
    name: 'AssAmt not TotAmt - Discount',
    breakIt: (p) => (p.ItemList[0].TotAmt = 25000.01),
    path: 'ItemList[0].AssAmt',
    rule: 'irn.item.assessableValue',
    nicCode: '2193',
  },
  {
    name: 'IGST on an intra-state supply',
    breakIt: (p) => (p.ItemList[0].IgstAmt = 4410),
    path: 'ItemList[0].IgstAmt',
    rule: 'irn.item.igstOnIntraState',
    nicCode: '2172',
  },
  {
    name: 'CGST on an inter-state supply',
    invoice: sampleInterStateInvoice,
    breakIt: (p) => (p.ItemList[1].CgstAmt = 1890.23),
    path: 'ItemList[1].CgstAmt',
    rule: 'irn.item.cgstSgstNotApplicable',
  },
  {
    name: 'CGST on an SEZ supply',
    invoice: () => sezInvoice(true),
    breakIt: (p) => (p.ItemList[0].SgstAmt = 10),
    path: 'ItemList[0].SgstAmt',
    rule: 'irn.item.cgstSgstNotApplicable',
  },
  {
    name: 'IGST on an SEZ supply without payment',
    invoice: () => sezInvoice(false),
    breakIt: (p) => (p.ItemList[0].IgstAmt = 4410),
    path: 'ItemList[0].IgstAmt',
    rule: 'irn.item.igstWithoutPayment',
  },
  {
    name: 'SGST different from CGST',
    breakIt: (p) => (p.ItemList[0].SgstAmt = 2205.01),
    path: 'ItemList[0].SgstAmt',
    rule: 'irn.item.cgstSgstUnequal',
  },
  {
    name: 'CGST not AssAmt x rate / 2 (beyond one rupee)',
    breakIt: (p) => {
      p.ItemList[0].CgstAmt = 2206.01;
      p.ItemList[0].SgstAmt = 2206.01;
    },
    path: 'ItemList[0].CgstAmt',
    rule: 'irn.item.taxAmount',
  },
  {
    name: 'IGST not AssAmt x rate (beyond one rupee)',
    invoice: sampleInterStateInvoice,
    breakIt: (p) => (p.ItemList[2].IgstAmt = 628.99),
    path: 'ItemList[2].IgstAmt',
    rule: 'irn.item.taxAmount',
    canonicalPath: 'lines[2].igstAmount',
  },
  {
    name: 'IGST missing on an export with payment',
    invoice: () => exportInvoice(true),
    breakIt: (p) => (p.ItemList[0].IgstAmt = 0),
    path: 'ItemList[0].IgstAmt',
    rule: 'irn.item.taxAmount',
  },
  {
    name: 'cess not AssAmt x cess rate',
    breakIt: (p) => (p.ItemList[0].CesRt = 1),
    path: 'ItemList[0].CesAmt',
    rule: 'irn.item.cessAmount',
  },
  {
    name: 'TotItemVal not the sum of its parts',
    breakIt: (p) => (p.ItemList[1].TotItemVal = 24782.97),
    path: 'ItemList[1].TotItemVal',
    rule: 'irn.item.totalValue',
    canonicalPath: 'lines[1].totalAmount',
  },
  {
    name: 'AssVal not the sum of AssAmt',
    breakIt: (p) => (p.ValDtls.AssVal = 49002.51),
    path: 'ValDtls.AssVal',
    rule: 'irn.total.assessableValue',
    nicCode: '2182',
    canonicalPath: 'totals.taxableValue',
  },
  {
    name: 'CgstVal not the sum of CgstAmt',
    breakIt: (p) => (p.ValDtls.CgstVal = 4410.22),
    path: 'ValDtls.CgstVal',
    rule: 'irn.total.taxValue',
  },
  {
    name: 'CesVal not the sum of cess',
    breakIt: (p) => (p.ValDtls.CesVal = 1),
    path: 'ValDtls.CesVal',
    rule: 'irn.total.taxValue',
  },
  {
    name: 'TotInvVal off by more than one rupee',
    breakIt: (p) => (p.ValDtls.TotInvVal = 57824.05),
    path: 'ValDtls.TotInvVal',
    rule: 'irn.total.invoiceValue',
    nicCode: '2189',
    canonicalPath: 'totals.invoiceTotal',
  },
  {
    name: 'TotInvVal off by more than one rupee from both forms, with line-level other charges',
    breakIt: (p) => {
      p.ItemList[0].OthChrg = 500;
      p.ItemList[0].TotItemVal = 29410;
      p.ValDtls.TotInvVal = 58325.01;
    },
    path: 'ValDtls.TotInvVal',
    rule: 'irn.total.invoiceValue',
    nicCode: '2189',
  },
  {
    name: 'round-off beyond 99.99',
    breakIt: (p) => {
      p.ValDtls.RndOffAmt = 100;
      p.ValDtls.TotInvVal = 57922.96;
    },
    path: 'ValDtls.RndOffAmt',
    rule: 'irn.total.roundOff',
  },
  {
    name: 'document number starting with 0',
    breakIt: (p) => (p.DocDtls.No = '0042'),
    path: 'DocDtls.No',
    rule: 'irn.document.number',
    canonicalPath: 'documentNumber',
  },
  {
    name: 'document number longer than 16',
    breakIt: (p) => (p.DocDtls.No = 'KF/24-25/00000042'),
    path: 'DocDtls.No',
    rule: 'irn.document.number',
  },
  {
    name: 'document number with a space',
    breakIt: (p) => (p.DocDtls.No = 'KF 42'),
    path: 'DocDtls.No',
    rule: 'irn.document.number',
  },
  {
    name: 'document dated after today',
    breakIt: (p) => (p.DocDtls.Dt = '02/08/2024'),
    path: 'DocDtls.Dt',
    rule: 'irn.document.futureDate',
    nicCode: '2163',
    canonicalPath: 'documentDate',
  },
  {
    name: 'impossible document date',
    breakIt: (p) => (p.DocDtls.Dt = '31/06/2024'),
    path: 'DocDtls.Dt',
    rule: 'irn.document.date',
  },
  {
    name: 'original invoice dated after the credit note',
    invoice: sampleIndiaCreditNote,
    breakIt: (p) => p.RefDtls?.PrecDocDtls && (p.RefDtls.PrecDocDtls[0].InvDt = '21/07/2024'),
    path: 'RefDtls.PrecDocDtls[0].InvDt',
    rule: 'irn.precedingDocument.date',
    canonicalPath: 'originalInvoice.date',
  },
  {
    name: 'no items',
    breakIt: (p) => {
      p.ItemList = [];
      p.ValDtls = { ...p.ValDtls, AssVal: 0, CgstVal: 0, SgstVal: 0, TotInvVal: 0.04 };
    },
    path: 'ItemList',
    rule: 'irn.items.count',
  },
  {
    name: 'export with a place of supply in India',
    invoice: () => exportInvoice(false),
    breakIt: (p) => (p.BuyerDtls.Pos = '29'),
    path: 'BuyerDtls.Pos',
    rule: 'irn.export.placeOfSupply',
  },
  {
    name: 'e-way bill details on a services-only invoice',
    invoice: reverseChargeInvoice,
    breakIt: (p) => (p.EwbDtls = { Distance: 10, TransMode: '1', VehNo: 'KA01AB1234', VehType: 'R' }),
    path: 'EwbDtls',
    rule: 'irn.ewb.servicesOnly',
    nicCode: '4009',
  },
  {
    name: 'wrong schema version',
    breakIt: (p) => Object.assign(p, { Version: '1.03' }),
    path: 'Version',
    rule: 'irn.version',
  },
];

describe('validateNicEinvoiceV11', () => {
  it.each(cases)(
    'fails on $name with $rule at $path',
    ({ invoice, breakIt, path, rule, nicCode, canonicalPath }) => {
      const payload = payloadOf(invoice?.());
      breakIt(payload);
      const { errors } = validate(payload);
      const expected: Record<string, unknown> = { path, rule };
      if (nicCode) expected.nicCode = nicCode;
      if (canonicalPath) expected.canonicalPath = canonicalPath;
      expect(errors).toContainEqual(expect.objectContaining(expected));
      expect(errors.every((error) => error.message.length > 0)).toBe(true);
    },
  );

  it('accepts a 1000-item invoice and rejects 1001 items', () => {
    const payload = payloadOf();
    const item = payload.ItemList[2];
    const manyItems = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ ...item, SlNo: String(index + 1) }));
    const withItems = (count: number): NicEinvoiceV11 => ({
      ...payload,
      ItemList: manyItems(count),
      ValDtls: {
        AssVal: 3500 * count,
        CgstVal: 315 * count,
        SgstVal: 315 * count,
        IgstVal: 0,
        CesVal: 0,
        StCesVal: 0,
        TotInvVal: 4130 * count,
      },
    });
    expect(validate(withItems(1000)).errors).toEqual([]);
    expect(validate(withItems(1001)).errors).toEqual([
      expect.objectContaining({ path: 'ItemList', rule: 'irn.items.count', value: '1001' }),
    ]);
  });

  it('accepts tax within one rupee of AssAmt x rate and a total within one rupee', () => {
    const payload = payloadOf(sampleInterStateInvoice());
    payload.ItemList[2].IgstAmt = 629.01;
    payload.ItemList[2].TotItemVal = 4129.01;
    payload.ValDtls.IgstVal = 8819.46;
    payload.ValDtls.TotInvVal = 57823;
    expect(validate(payload).errors).toEqual([]);
  });

  describe('TotInvVal with line-level other charges (2189)', () => {
    /** The sample with 500 of freight on its first line, which the item's TotItemVal holds. */
    function withLineCharge(): NicEinvoiceV11 {
      const payload = payloadOf();
      payload.ItemList[0].OthChrg = 500;
      payload.ItemList[0].TotItemVal = 29410;
      return payload;
    }

    it('accepts the sum of TotItemVal + OthChrg - Discount + RndOffAmt, as the IRP computes it', () => {
      const payload = withLineCharge();
      payload.ValDtls.TotInvVal = 58323;
      expect(validate(payload).errors).toEqual([]);
    });

    it('accepts it within one rupee, with invoice-level charges and discount too', () => {
      const payload = withLineCharge();
      Object.assign(payload.ValDtls, { OthChrg: 250, Discount: 100, TotInvVal: 58473.99 });
      expect(validate(payload).errors).toEqual([]);
    });

    it('still accepts AssVal + taxes + OthChrg - Discount + RndOffAmt', () => {
      const payload = withLineCharge();
      expect(payload.ValDtls.TotInvVal).toBe(57823);
      expect(validate(payload).errors).toEqual([]);
    });

    it('refuses a total off by more than one rupee from the sum of the items', () => {
      const payload = withLineCharge();
      payload.ValDtls.TotInvVal = 58321.99;
      expect(validate(payload).errors).toEqual([
        expect.objectContaining({
          path: 'ValDtls.TotInvVal',
          rule: 'irn.total.invoiceValue',
          nicCode: '2189',
        }),
      ]);
    });
  });

  it('does not check credit-note taxes against rates, as the IRP does not', () => {
    const payload = payloadOf(sampleIndiaCreditNote());
    Object.assign(payload.ItemList[0], { CgstAmt: 1000, SgstAmt: 1000, TotItemVal: 14250 });
    Object.assign(payload.ValDtls, { CgstVal: 1000, SgstVal: 1000, TotInvVal: 14250 });
    expect(validate(payload).errors).toEqual([]);
  });

  it('accepts IGST on an intra-state supply when IgstOnIntra is Y', () => {
    const payload = payloadOf(sampleInterStateInvoice());
    payload.BuyerDtls.Pos = '29';
    payload.TranDtls.IgstOnIntra = 'Y';
    expect(validate(payload).errors).toEqual([]);
  });

  it('accepts reverse-charge totals with or without tax', () => {
    const payload = payloadOf(reverseChargeInvoice());
    expect(payload.ItemList[0].TotItemVal).toBe(18000);
    payload.ItemList[0].TotItemVal = 18900;
    payload.ValDtls.TotInvVal = 18900;
    expect(validate(payload).errors).toEqual([]);
  });

  it('warns, without failing, on a lower-case document number and a note without its invoice', () => {
    const payload = payloadOf(sampleIndiaCreditNote());
    payload.DocDtls.No = 'kf/cn/7';
    delete payload.RefDtls;
    const { errors, warnings } = validate(payload);
    expect(errors).toEqual([]);
    expect(warnings.map((warning) => warning.rule).sort()).toEqual([
      'irn.document.numberLowerCase',
      'irn.note.precedingDocument',
    ]);
  });

  it('allows a document dated today', () => {
    const payload = payloadOf();
    expect(validate(payload, '2024-07-15').errors).toEqual([]);
  });

  it('gives every error a NIC path, a rule, a message and, where there is one, the canonical path', () => {
    const payload = payloadOf();
    payload.ItemList[0].HsnCd = '12';
    payload.SellerDtls.Gstin = 'NOTAGSTIN';
    const { errors } = validate(payload);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'ItemList[0].HsnCd',
          canonicalPath: 'lines[0].hsnCode',
          value: '12',
        }),
        expect.objectContaining({
          path: 'SellerDtls.Gstin',
          canonicalPath: 'seller.gstin',
          value: 'NOTAGSTIN',
        }),
      ]),
    );
  });
});
