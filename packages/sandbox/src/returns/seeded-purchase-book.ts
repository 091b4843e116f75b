/**
 * A buyer's purchase book for one GSTIN and period, and the GSTR-2B its suppliers' filings would give,
 * with controlled differences: what each difference is, and so what a reconciliation must find, is
 * known in advance (`expected`). Written from GSTN's 2B schema and sample, independent of the client.
 */
import { gstinCheckDigit } from '../einvoice/gstin-check';

export type ExpectedCategory =
  'exact' | 'suggested' | 'mismatch' | 'pan' | 'missing-in-2b' | 'missing-in-books';

/** One purchase-register row, in the column names of a typical register export. */
export interface SeededPurchase {
  VoucherNo: string;
  SupplierGSTIN: string;
  SupplierName: string;
  BillNo: string;
  /** dd-mm-yyyy */
  BillDate: string;
  DocType: 'Invoice' | 'Credit Note' | 'Debit Note';
  TaxableValue: string;
  IGST: string;
  CGST: string;
  SGST: string;
  Cess: string;
  BillTotal: string;
}

export interface ExpectedOutcome {
  scenario: string;
  category: ExpectedCategory;
  voucherNo?: string;
  /** The 2B document's number (and section) that pairs with the voucher, or is missing in the books. */
  gstr2b?: { section: string; number: string };
}

export interface SeededPeriod {
  gstin: string;
  /** MMYYYY */
  period: string;
  book: SeededPurchase[];
  /** docdata of the GSTR-2B, in GSTN's section shapes. */
  docdata: Record<string, unknown[]>;
  expected: ExpectedOutcome[];
}

interface Money {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

/** Paise to rupees as GSTN writes them (a JSON number) and as a register writes them (text). */
const rupees = (paise: number): number => Math.round(paise) / 100;
const text = (paise: number): string => (paise / 100).toFixed(2);

function gstin(state: string, pan: string, entity = '1'): string {
  const first14 = `${state}${pan}${entity}Z`;
  return first14 + gstinCheckDigit(first14);
}

function tax(taxablePaise: number, interState: boolean): Money {
  const full = Math.round(taxablePaise * 0.18);
  if (interState) return { taxable: taxablePaise, igst: full, cgst: 0, sgst: 0 };
  const half = Math.round(taxablePaise * 0.09);
  return { taxable: taxablePaise, igst: 0, cgst: half, sgst: half };
}

export function seedPurchaseBook(recipientGstin: string, period: string, fillerInvoices = 0): SeededPeriod {
  const state = recipientGstin.slice(0, 2);
  const month = period.slice(0, 2);
  const year = period.slice(2);
  const day = (d: number): string => `${String(d).padStart(2, '0')}-${month}-${year}`;
  const fyStart = Number(month) >= 4 ? Number(year) : Number(year) - 1;
  const fy = `${fyStart}-${String((fyStart + 1) % 100).padStart(2, '0')}`;
  const supplierFiled = day(11);

  const local = { gstin: gstin(state, 'AABCL1234M'), name: 'Lakshmi Traders' };
  const remote = { gstin: gstin(state === '27' ? '29' : '27', 'AACCR5678N'), name: 'Rathi Steel' };
  const branchPan = 'AADCB9012P';
  const branchBooks = { gstin: gstin(state === '27' ? '29' : '27', branchPan), name: 'Bharat Chemicals' };
  const branch2b = { gstin: gstin(state === '24' ? '33' : '24', branchPan), name: 'Bharat Chemicals' };
  const isd = { gstin: gstin(state, 'AAECI3456Q'), name: 'Head Office ISD' };

  const book: SeededPurchase[] = [];
  const expected: ExpectedOutcome[] = [];
  const b2b = new Map<
    string,
    { ctin: string; trdnm: string; supfildt: string; supprd: string; inv: unknown[] }
  >();
  const b2ba = new Map<
    string,
    { ctin: string; trdnm: string; supfildt: string; supprd: string; inv: unknown[] }
  >();
  const cdnr = new Map<
    string,
    { ctin: string; trdnm: string; supfildt: string; supprd: string; nt: unknown[] }
  >();
  let voucher = 0;

  const bookRow = (
    supplier: { gstin: string; name: string },
    billNo: string,
    date: string,
    money: Money,
    docType: SeededPurchase['DocType'] = 'Invoice',
  ): string => {
    voucher += 1;
    const voucherNo = `PV-${String(voucher).padStart(5, '0')}`;
    book.push({
      VoucherNo: voucherNo,
      SupplierGSTIN: supplier.gstin,
      SupplierName: supplier.name,
      BillNo: billNo,
      BillDate: date,
      DocType: docType,
      TaxableValue: text(money.taxable),
      IGST: text(money.igst),
      CGST: text(money.cgst),
      SGST: text(money.sgst),
      Cess: '0.00',
      BillTotal: text(money.taxable + money.igst + money.cgst + money.sgst),
    });
    return voucherNo;
  };
  const items = (money: Money) => [
    {
      num: 1,
      rt: 18,
      txval: rupees(money.taxable),
      igst: rupees(money.igst),
      cgst: rupees(money.cgst),
      sgst: rupees(money.sgst),
      cess: 0,
    },
  ];
  const invoice = (number: string, date: string, money: Money, extra: Record<string, unknown> = {}) => ({
    inum: number,
    typ: 'R',
    dt: date,
    val: rupees(money.taxable + money.igst + money.cgst + money.sgst),
    pos: state,
    rev: 'N',
    itcavl: 'Y',
    diffprcnt: 1,
    srctyp: 'e-Invoice',
    irn: `${number
      .replace(/[^0-9A-Za-z]/g, '')
      .toLowerCase()
      .padEnd(16, '0')}${'a'.repeat(48)}`,
    irngendate: date,
    ...extra,
    items: items(money),
  });
  const supplierEntry = <T extends { inv?: unknown[]; nt?: unknown[] }>(
    sections: Map<string, T>,
    supplier: { gstin: string; name: string },
    make: () => T,
  ): T => {
    let entry = sections.get(supplier.gstin);
    if (!entry) {
      entry = make();
      sections.set(supplier.gstin, entry);
    }
    return entry;
  };
  const addInvoice = (supplier: { gstin: string; name: string }, entry: unknown, section = b2b) =>
    supplierEntry(section, supplier, () => ({
      ctin: supplier.gstin,
      trdnm: supplier.name,
      supfildt: supplierFiled,
      supprd: period,
      inv: [] as unknown[],
    })).inv.push(entry);
  const addNote = (supplier: { gstin: string; name: string }, entry: unknown) =>
    supplierEntry(cdnr, supplier, () => ({
      ctin: supplier.gstin,
      trdnm: supplier.name,
      supfildt: supplierFiled,
      supprd: period,
      nt: [] as unknown[],
    })).nt.push(entry);
  const pair = (
    scenario: string,
    category: ExpectedCategory,
    voucherNo: string,
    section: string,
    number: string,
  ) => expected.push({ scenario, category, voucherNo, gstr2b: { section, number } });

  // Exact: the same document on both sides.
  for (const [i, supplier] of [local, remote, local].entries()) {
    const money = tax(1_000_000 * (i + 1), supplier === remote);
    const number = `LT/${i + 101}`;
    const v = bookRow(supplier, number, day(3 + i), money);
    addInvoice(supplier, invoice(number, day(3 + i), money));
    pair('same document', 'exact', v, 'b2b', number);
  }
  // Exact within the tolerance: the supplier rounded differently.
  {
    const money = tax(2_345_600, false);
    const v = bookRow(local, 'LT/110', day(6), money);
    addInvoice(
      local,
      invoice('LT/110', day(6), { ...money, taxable: money.taxable + 40, cgst: money.cgst + 4 }),
    );
    pair('rounding difference', 'exact', v, 'b2b', 'LT/110');
  }
  // Missing in 2B: the supplier has not filed this invoice.
  expected.push({
    scenario: 'not filed by supplier',
    category: 'missing-in-2b',
    voucherNo: bookRow(remote, 'RS-2001', day(7), tax(4_500_000, true)),
  });
  // Changed amount: the supplier reported another taxable value.
  {
    const money = tax(3_000_000, true);
    const v = bookRow(remote, 'RS-2002', day(8), money);
    addInvoice(remote, invoice('RS-2002', day(8), tax(3_100_000, true)));
    pair('changed amount', 'mismatch', v, 'b2b', 'RS-2002');
  }
  // Renumbered: the books dropped the financial year and padded the number.
  {
    const money = tax(1_250_000, true);
    const v = bookRow(remote, 'RS-0007', day(9), money);
    addInvoice(remote, invoice(`RS/${fy}/7`, day(9), money));
    pair('renumbered invoice', 'suggested', v, 'b2b', `RS/${fy}/7`);
  }
  // Typing error in the number, everything else equal.
  {
    const money = tax(880_000, false);
    const v = bookRow(local, 'TX-10045', day(10), money);
    addInvoice(local, invoice('TX-10046', day(10), money));
    pair('mistyped number', 'suggested', v, 'b2b', 'TX-10046');
  }
  // Amendment: the supplier first reported a wrong value and amended it (b2ba replaces b2b).
  {
    const money = tax(5_500_000, false);
    const v = bookRow(local, 'LT/120', day(12), money);
    addInvoice(local, invoice('LT/120', day(12), tax(5_000_000, false)));
    addInvoice(local, { oinum: 'LT/120', oidt: day(12), ...invoice('LT/120', day(12), money) }, b2ba);
    pair('amended by supplier', 'exact', v, 'b2ba', 'LT/120');
  }
  // Credit note: negative in the books, positive in 2B.
  {
    const money = tax(200_000, true);
    const v = bookRow(
      remote,
      'CN-31',
      day(14),
      { taxable: -money.taxable, igst: -money.igst, cgst: 0, sgst: 0 },
      'Credit Note',
    );
    addNote(remote, {
      ntnum: 'CN-31',
      typ: 'C',
      suptyp: 'R',
      dt: day(14),
      val: rupees(money.taxable + money.igst),
      pos: state,
      rev: 'N',
      itcavl: 'Y',
      diffprcnt: 1,
      items: items(money),
    });
    pair('credit note', 'exact', v, 'cdnr', 'CN-31');
  }
  // Debit note recorded a few days later than the supplier dated it.
  {
    const money = tax(150_000, false);
    const v = bookRow(local, 'DN-05', day(18), money, 'Debit Note');
    addNote(local, {
      ntnum: 'DN-05',
      typ: 'D',
      suptyp: 'R',
      dt: day(15),
      val: rupees(money.taxable + money.cgst + money.sgst),
      pos: state,
      rev: 'N',
      itcavl: 'Y',
      diffprcnt: 1,
      items: items(money),
    });
    pair('debit note dated differently', 'suggested', v, 'cdnr', 'DN-05');
  }
  // PAN-level: the books name one registration of the supplier, 2B another.
  {
    const money = tax(990_000, true);
    const v = bookRow(branchBooks, 'BC-501', day(19), money);
    addInvoice(branch2b, invoice('BC-501', day(19), money));
    pair('other GSTIN of the same PAN', 'pan', v, 'b2b', 'BC-501');
  }
  // Missing in the books: the buyer has not recorded this invoice (reverse charge, credit temporarily unavailable).
  addInvoice(remote, invoice('RS-2099', day(20), tax(600_000, true), { rev: 'Y', itcavl: 'T' }));
  expected.push({
    scenario: 'not recorded in the books',
    category: 'missing-in-books',
    gstr2b: { section: 'b2b', number: 'RS-2099' },
  });

  // Large returns: more plain invoices that match exactly.
  for (let i = 0; i < fillerInvoices; i++) {
    const money = tax(100_000 + i * 100, false);
    const number = `FL-${i + 1}`;
    const v = bookRow(local, number, day(1 + (i % 27)), money);
    addInvoice(local, invoice(number, day(1 + (i % 27)), money));
    pair('filler', 'exact', v, 'b2b', number);
  }

  const isdMoney = tax(400_000, false);
  const docdata: Record<string, unknown[]> = {
    b2b: [...b2b.values()],
    b2ba: [...b2ba.values()],
    cdnr: [...cdnr.values()],
    isd: [
      {
        ctin: isd.gstin,
        trdnm: isd.name,
        supprd: period,
        supfildt: supplierFiled,
        doclist: [
          {
            doctyp: 'ISDI',
            docnum: 'ISD-9',
            docdt: day(16),
            igst: 0,
            cgst: rupees(isdMoney.cgst),
            sgst: rupees(isdMoney.sgst),
            cess: 0,
            itcelg: 'Y',
          },
        ],
      },
    ],
    impg: [
      {
        refdt: day(21),
        recdt: day(22),
        portcode: 'INNSA1',
        boenum: '7001234',
        boedt: day(17),
        isamd: 'N',
        txval: 2500,
        igst: 450,
        cess: 0,
      },
    ],
  };
  expected.push({
    scenario: 'ISD distribution (no purchase voucher)',
    category: 'missing-in-books',
    gstr2b: { section: 'isd', number: 'ISD-9' },
  });
  expected.push({
    scenario: 'import of goods (bill of entry)',
    category: 'missing-in-books',
    gstr2b: { section: 'impg', number: '7001234' },
  });
  return { gstin: recipientGstin, period, book, docdata, expected };
}
