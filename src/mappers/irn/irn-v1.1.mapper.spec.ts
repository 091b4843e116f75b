import type { CanonicalInvoice, Outcome } from '../../domain';
import {
  sampleIndiaCreditNote,
  sampleIndiaInvoice,
  sampleInterStateInvoice,
} from '../../domain/__fixtures__';
import {
  cessInvoice,
  deemedExportInvoice,
  exportInvoice,
  irnScenarios,
  lineChargesInvoice,
  reverseChargeInvoice,
  sezInvoice,
  supportingDocumentsInvoice,
  thirdsInvoice,
  transportInvoice,
} from './__fixtures__/irn-scenarios';
import { type IrnFieldError } from './irn-field-error';
import { mapToNicEinvoiceV11, todayInIndia } from './irn-v1.1.mapper';
import { type NicEinvoiceV11 } from './nic-einvoice-v1.1.types';

const TODAY = '2024-08-01';

function mapped(invoice: CanonicalInvoice): NicEinvoiceV11 {
  const outcome = mapToNicEinvoiceV11(invoice, { today: TODAY });
  if (!outcome.ok) throw new Error(`expected a payload, got ${JSON.stringify(outcome.errors, null, 2)}`);
  return outcome.value;
}

function errorsOf(outcome: Outcome<NicEinvoiceV11>): IrnFieldError[] {
  if (outcome.ok) throw new Error('expected errors, got a payload');
  return outcome.errors;
}

describe('mapToNicEinvoiceV11', () => {
  it('maps every scenario without errors', () => {
    for (const { name, invoice } of irnScenarios()) {
      const outcome = mapToNicEinvoiceV11(invoice, { today: TODAY });
      expect({ name, errors: outcome.ok ? [] : outcome.errors }).toEqual({ name, errors: [] });
    }
  });

  describe('intra-state B2B', () => {
    const payload = mapped(sampleIndiaInvoice());

    it('fills transaction and document details', () => {
      expect(payload.Version).toBe('1.1');
      expect(payload.TranDtls).toEqual({ TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' });
      expect(payload.DocDtls).toEqual({ Typ: 'INV', No: 'KF/24-25/0042', Dt: '15/07/2024' });
    });

    it('maps seller and buyer with numeric PINs and the place of supply', () => {
      expect(payload.SellerDtls).toMatchObject({
        Gstin: '29AABCK1234L1ZI',
        LglNm: 'Kaveri Furnishings Private Limited',
        TrdNm: 'Kaveri Furnishings',
        Addr2: 'Phase 2',
        Loc: 'Bengaluru',
        Pin: 560058,
        Stcd: '29',
        Ph: '9845012345',
      });
      expect(payload.BuyerDtls).toMatchObject({
        Gstin: '29AAFCM5678Q1ZE',
        Pos: '29',
        Stcd: '29',
        Pin: 570016,
      });
      expect(payload.BuyerDtls).not.toHaveProperty('Addr2');
    });

    it('splits tax into CGST and SGST and sums the items into ValDtls', () => {
      expect(payload.ItemList[1]).toMatchObject({
        SlNo: '2',
        IsServc: 'N',
        HsnCd: '94013000',
        Qty: 5,
        Unit: 'NOS',
        UnitPrice: 4200.5,
        TotAmt: 21002.5,
        Discount: 0,
        AssAmt: 21002.5,
        GstRt: 18,
        IgstAmt: 0,
        CgstAmt: 1890.23,
        SgstAmt: 1890.23,
        TotItemVal: 24782.96,
      });
      expect(payload.ValDtls).toEqual({
        AssVal: 49002.5,
        CgstVal: 4410.23,
        SgstVal: 4410.23,
        IgstVal: 0,
        CesVal: 0,
        StCesVal: 0,
        Discount: 0,
        OthChrg: 0,
        RndOffAmt: 0.04,
        TotInvVal: 57823,
      });
    });

    it('marks a SAC (99...) line as a service', () => {
      expect(payload.ItemList[2]).toMatchObject({ HsnCd: '998739', IsServc: 'Y' });
    });

    it('leaves out sections it has no data for', () => {
      for (const section of ['DispDtls', 'ShipDtls', 'RefDtls', 'ExpDtls', 'EwbDtls', 'AddlDocDtls']) {
        expect(payload).not.toHaveProperty(section);
      }
      expect(payload.PayDtls).toEqual({ PayTerm: 'Net 30', CrDay: 30 });
      expect(JSON.stringify(payload)).not.toContain('null');
    });
  });

  it('maps an inter-state invoice to IGST only', () => {
    const payload = mapped(sampleInterStateInvoice());
    expect(payload.BuyerDtls.Pos).toBe('27');
    expect(payload.ItemList.map((item) => [item.IgstAmt, item.CgstAmt, item.SgstAmt])).toEqual([
      [4410, 0, 0],
      [3780.45, 0, 0],
      [630, 0, 0],
    ]);
    expect(payload.ValDtls).toMatchObject({ IgstVal: 8820.45, CgstVal: 0, SgstVal: 0, TotInvVal: 57823 });
  });

  it('charges IGST to an SEZ unit in the seller’s own state (with payment)', () => {
    const payload = mapped(sezInvoice(true));
    expect(payload.TranDtls.SupTyp).toBe('SEZWP');
    expect(payload.BuyerDtls.Pos).toBe(payload.SellerDtls.Stcd);
    expect(payload.ItemList[0]).toMatchObject({ AssAmt: 24500, IgstAmt: 4410, CgstAmt: 0, SgstAmt: 0 });
  });

  it('charges no tax to an SEZ unit without payment', () => {
    const payload = mapped(sezInvoice(false));
    expect(payload.TranDtls.SupTyp).toBe('SEZWOP');
    expect(payload.ValDtls).toMatchObject({
      IgstVal: 0,
      CgstVal: 0,
      SgstVal: 0,
      AssVal: 45502.5,
      TotInvVal: 45503,
    });
  });

  describe('export with payment billed in USD', () => {
    const invoice = exportInvoice(true);
    const payload = mapped(invoice);

    it('sends the buyer abroad as URP, state and place of supply 96, PIN 999999', () => {
      expect(payload.BuyerDtls).toMatchObject({ Gstin: 'URP', Pos: '96', Stcd: '96', Pin: 999999 });
    });

    it('converts amounts to rupees at the exchange rate and keeps the dollar total in TotInvValFc', () => {
      // 4 x 610.40 USD = 2441.60 USD x 83.25 = 203263.20 INR; IGST 18% of 2441.60 USD = 439.49 USD
      expect(payload.ItemList[0]).toMatchObject({ UnitPrice: 50815.8, AssAmt: 203263.2, IgstAmt: 36587.54 });
      expect(payload.ValDtls.TotInvValFc).toBe(Number(invoice.totals.invoiceTotal));
      expect(payload.ValDtls.TotInvValFc).toBe(4261.69);
      expect(payload.ValDtls.TotInvVal).toBe(354785.69);
    });

    it('fills export details', () => {
      expect(payload.ExpDtls).toEqual({
        ShipBNo: '4821973',
        ShipBDt: '16/07/2024',
        Port: 'INMAA1',
        RefClm: 'Y',
        ForCur: 'USD',
        CntCode: 'US',
      });
    });
  });

  it('maps an export without payment with no IGST', () => {
    const payload = mapped(exportInvoice(false));
    expect(payload.TranDtls.SupTyp).toBe('EXPWOP');
    expect(payload.ValDtls.IgstVal).toBe(0);
    expect(payload.ExpDtls?.RefClm).toBe('N');
  });

  it('maps a deemed export to a registered buyer in another state with IGST', () => {
    const payload = mapped(deemedExportInvoice());
    expect(payload.TranDtls.SupTyp).toBe('DEXP');
    expect(payload.BuyerDtls).toMatchObject({ Gstin: '33AADCT6543M1Z2', Pos: '33' });
    expect(payload.ValDtls.IgstVal).toBeGreaterThan(0);
  });

  it('names the original invoice of a credit note in PrecDocDtls', () => {
    const payload = mapped(sampleIndiaCreditNote());
    expect(payload.DocDtls).toEqual({ Typ: 'CRN', No: 'KF/CN/24-25/007', Dt: '20/07/2024' });
    expect(payload.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: 'KF/24-25/0042', InvDt: '15/07/2024' }] });
  });

  it('flags reverse charge and keeps the ERP’s tax-exclusive item total', () => {
    const payload = mapped(reverseChargeInvoice());
    expect(payload.TranDtls.RegRev).toBe('Y');
    expect(payload.ItemList[0]).toMatchObject({
      IsServc: 'Y',
      AssAmt: 18000,
      CgstAmt: 450,
      SgstAmt: 450,
      TotItemVal: 18000,
    });
    expect(payload.ValDtls).toMatchObject({ CgstVal: 450, SgstVal: 450, TotInvVal: 18000 });
  });

  it('maps ad valorem and non-ad valorem cess and sums both into CesVal', () => {
    const payload = mapped(cessInvoice());
    expect(payload.ItemList[0]).toMatchObject({
      GstRt: 28,
      CesRt: 22,
      IgstAmt: 322000,
      CesAmt: 253000,
      TotItemVal: 1725000,
    });
    expect(payload.ItemList[1]).toMatchObject({ CesRt: 0, CesAmt: 0, CesNonAdvlAmt: 560, TotItemVal: 6320 });
    expect(payload.ValDtls.CesVal).toBe(253560);
  });

  describe('transport, dispatch, ship-to, batch and attributes', () => {
    const payload = mapped(transportInvoice());

    it('maps the e-way bill details from transport', () => {
      expect(payload.EwbDtls).toEqual({
        TransId: '29AAACR4849R1ZH',
        TransName: 'Ranganatha Roadways',
        TransMode: '1',
        Distance: 152,
        TransDocNo: 'LR-5521',
        TransDocDt: '15/07/2024',
        VehNo: 'KA09AB1234',
        VehType: 'R',
      });
    });

    it('maps dispatch-from and ship-to', () => {
      expect(payload.DispDtls).toEqual({
        Nm: 'Kaveri Furnishings Warehouse',
        Addr1: 'Survey 88, Nelamangala Road',
        Loc: 'Tumakuru',
        Pin: 572106,
        Stcd: '29',
      });
      expect(payload.ShipDtls).toMatchObject({
        Gstin: '29AAFCM5678Q1ZE',
        TrdNm: 'Tech Park Site B',
        Pin: 570018,
      });
    });

    it('maps batch, attributes, quantity and unit price at three places, and remarks', () => {
      expect(payload.ItemList[0]).toMatchObject({
        Qty: 120.5,
        Unit: 'SQM',
        UnitPrice: 845.125,
        TotAmt: 101837.56,
        BchDtls: { Nm: 'PB-2407-A', ExpDt: '31/07/2026', WrDt: '31/07/2025' },
        AttribDtls: [
          { Nm: 'Thickness', Val: '18 mm' },
          { Nm: 'Finish', Val: 'Walnut' },
        ],
      });
      expect(payload.RefDtls?.InvRm).toBe('Deliver to gate 3 between 10:00 and 17:00');
    });
  });

  describe('line-level other charges', () => {
    it('puts them in the items and accepts the ERP total that holds them (the IRP’s 2189 sum)', () => {
      const outcome = mapToNicEinvoiceV11(lineChargesInvoice(), { today: TODAY });
      expect(outcome.ok && outcome.warnings).toBeUndefined();
      const payload = mapped(lineChargesInvoice());
      expect(payload.ItemList.map((item) => [item.OthChrg, item.TotItemVal])).toEqual([
        [500, 29410],
        [125.5, 24908.46],
      ]);
      expect(payload.ValDtls).toMatchObject({
        AssVal: 45502.5,
        OthChrg: 0,
        RndOffAmt: -0.46,
        TotInvVal: 54318,
      });
    });

    it('still refuses an ERP total more than a rupee away from it', () => {
      const invoice = lineChargesInvoice();
      const countedTwice = { ...invoice, totals: { ...invoice.totals, invoiceTotal: '54943.50' } };
      expect(errorsOf(mapToNicEinvoiceV11(countedTwice, { today: TODAY }))).toEqual([
        expect.objectContaining({
          path: 'ValDtls.TotInvVal',
          canonicalPath: 'totals.invoiceTotal',
          rule: 'irn.total.invoiceValue',
          nicCode: '2189',
        }),
      ]);
    });
  });

  describe('supporting documents and pre-tax values', () => {
    it('maps each supporting document to AddlDocDtls and each pre-tax value to PreTaxVal', () => {
      const payload = mapped(supportingDocumentsInvoice());
      expect(payload.AddlDocDtls).toEqual([
        { Url: 'https://erp.kaveri-furnishings.example/po/MTP-2024-118', Info: 'Purchase order' },
        { Docs: 'RGVsaXZlcnkgbm90ZSBETi0xMTggc2lnbmVkIGF0IGdhdGUgMw==', Info: 'Delivery note' },
      ]);
      expect(payload.ItemList.map((item) => item.PreTaxVal)).toEqual([25000, 21002.5]);
    });

    it('states a pre-tax value in a foreign currency in rupees, like the other amounts', () => {
      const invoice = exportInvoice(true);
      invoice.lines[0] = { ...invoice.lines[0], preTaxValue: '2441.60' };
      expect(mapped(invoice).ItemList[0].PreTaxVal).toBe(203263.2);
    });

    it('keeps a URL and a document as the ERP gives them, trimmed, and leaves out blank parts', () => {
      const payload = mapped(
        sampleIndiaInvoice({
          additionalDocuments: [{ url: ' https://erp.example/a?b=1&c=2 ', information: ' ' }],
        }),
      );
      expect(payload.AddlDocDtls).toEqual([{ Url: 'https://erp.example/a?b=1&c=2' }]);
    });

    it('reports an unreadable pre-tax value at its NIC and canonical paths', () => {
      const base = sampleIndiaInvoice();
      const invoice = {
        ...base,
        lines: [{ ...base.lines[0], preTaxValue: '25,000' }, ...base.lines.slice(1)],
      };
      expect(errorsOf(mapToNicEinvoiceV11(invoice, { today: TODAY }))).toEqual([
        expect.objectContaining({
          path: 'ItemList[0].PreTaxVal',
          canonicalPath: 'lines[0].preTaxValue',
          rule: 'decimal.format',
        }),
      ]);
    });
  });

  it('carries the rounding residual so ValDtls equals the sum of the items (three thirds of 100)', () => {
    const payload = mapped(thirdsInvoice());
    expect(payload.ItemList.map((item) => item.AssAmt)).toEqual([33.33, 33.34, 33.33]);
    expect(payload.ItemList.map((item) => item.UnitPrice)).toEqual([33.333, 33.333, 33.333]);
    expect(payload.ItemList.map((item) => item.CgstAmt)).toEqual([3, 3, 3]);
    expect(payload.ItemList.map((item) => item.TotAmt - (item.Discount ?? 0))).toEqual([33.33, 33.34, 33.33]);
    expect(payload.ValDtls).toMatchObject({ AssVal: 100, CgstVal: 9, SgstVal: 9, TotInvVal: 118 });
  });

  it('rounds quantities and unit prices half-up to 3 places and amounts to 2', () => {
    const base = sampleIndiaInvoice();
    const line = {
      ...base.lines[0],
      quantity: '2.0005',
      unitPrice: '12500.0005',
      grossAmount: '25007.5',
      discount: '0.005',
      taxableValue: '25007.495',
      cgstAmount: '2250.67455',
      sgstAmount: '2250.67455',
      totalAmount: '29508.84',
    };
    const payload = mapped({
      ...base,
      lines: [line],
      totals: { ...base.totals, roundOff: '0.16', invoiceTotal: '29509.00' },
    });
    expect(payload.ItemList[0]).toMatchObject({
      Qty: 2.001,
      UnitPrice: 12500.001,
      Discount: 0.01,
      AssAmt: 25007.5,
      TotAmt: 25007.51,
      CgstAmt: 2250.67,
      TotItemVal: 29508.84,
    });
  });

  it('replaces double quotes in text, which NIC forbids', () => {
    const base = sampleIndiaInvoice();
    const payload = mapped({
      ...base,
      lines: [{ ...base.lines[0], description: 'Steel almirah 78" tall' }, ...base.lines.slice(1)],
    });
    expect(payload.ItemList[0].PrdDesc).toBe("Steel almirah 78' tall");
  });

  describe('not applicable', () => {
    it('refuses B2C invoices with irn.notApplicable', () => {
      const errors = errorsOf(
        mapToNicEinvoiceV11(sampleIndiaInvoice({ supplyType: 'B2C' }), { today: TODAY }),
      );
      expect(errors).toEqual([
        expect.objectContaining({
          path: 'TranDtls.SupTyp',
          canonicalPath: 'supplyType',
          rule: 'irn.notApplicable',
          value: 'B2C',
        }),
      ]);
    });

    it('refuses non-Indian documents', () => {
      const errors = errorsOf(mapToNicEinvoiceV11(sampleIndiaInvoice({ country: 'SA' }), { today: TODAY }));
      expect(errors.map((error) => error.rule)).toEqual(['irn.notApplicable']);
    });
  });

  describe('unreadable canonical values', () => {
    it('reports a malformed amount at its NIC and canonical paths, once', () => {
      const base = sampleIndiaInvoice();
      const invoice = {
        ...base,
        lines: [base.lines[0], { ...base.lines[1], cgstAmount: '1,890.23' }, base.lines[2]],
      };
      const errors = errorsOf(mapToNicEinvoiceV11(invoice, { today: TODAY }));
      const atField = errors.filter((error) => error.path === 'ItemList[1].CgstAmt');
      expect(atField).toEqual([
        expect.objectContaining({
          rule: 'decimal.format',
          canonicalPath: 'lines[1].cgstAmount',
          value: '1,890.23',
        }),
      ]);
    });

    it('reports a malformed document date', () => {
      const errors = errorsOf(
        mapToNicEinvoiceV11(sampleIndiaInvoice({ documentDate: '15/07/2024' }), { today: TODAY }),
      );
      expect(errors).toContainEqual(
        expect.objectContaining({ path: 'DocDtls.Dt', canonicalPath: 'documentDate', rule: 'date.format' }),
      );
    });

    it('requires an exchange rate for a foreign-currency invoice', () => {
      const { exchangeRate: _none, ...invoice } = exportInvoice(true);
      const errors = errorsOf(mapToNicEinvoiceV11(invoice, { today: TODAY }));
      expect(errors).toContainEqual(
        expect.objectContaining({ rule: 'irn.exchangeRate.required', canonicalPath: 'exchangeRate' }),
      );
    });

    it('reports taxable value that is not gross less discount (2193) against the ERP field', () => {
      const base = sampleIndiaInvoice();
      const invoice = { ...base, lines: [{ ...base.lines[0], discount: '400.00' }, ...base.lines.slice(1)] };
      const errors = errorsOf(mapToNicEinvoiceV11(invoice, { today: TODAY }));
      expect(errors).toContainEqual(
        expect.objectContaining({
          path: 'ItemList[0].AssAmt',
          canonicalPath: 'lines[0].taxableValue',
          rule: 'irn.item.assessableValue',
          nicCode: '2193',
        }),
      );
    });
  });

  it('warns when the ERP’s service flag disagrees with the HSN/SAC code', () => {
    const base = sampleIndiaInvoice();
    const invoice = { ...base, lines: [{ ...base.lines[0], isService: true }, ...base.lines.slice(1)] };
    const outcome = mapToNicEinvoiceV11(invoice, { today: TODAY });
    expect(outcome.ok && outcome.warnings).toEqual([
      expect.objectContaining({ path: 'ItemList[0].IsServc', rule: 'irn.item.serviceFlagFromHsn' }),
    ]);
  });

  it('knows today in India (UTC+05:30)', () => {
    expect(todayInIndia(new Date('2024-07-31T18:29:59Z'))).toBe('2024-07-31');
    expect(todayInIndia(new Date('2024-07-31T18:30:00Z'))).toBe('2024-08-01');
  });
});
