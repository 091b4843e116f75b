import { bindColumns } from './column-binding';
import { parseProfile } from './csv-profile.loader';
import type { CsvRow } from './csv-reader';
import { groupRows } from './row-grouping';
import { mapSalesDocument, type SalesDocumentMapping } from './sales-document.mapper';
import { BUYER_KA, BUYER_MH, SELLER_KA, withWrongCheckDigit } from './__fixtures__/gstins';

const PROFILE = `
name: spec
layout: line-per-row
dateFormat: DD/MM/YYYY
columns:
  documentType: Type
  documentNumber: No
  documentDate: Date
  buyer.gstin: BuyerGSTIN
  buyer.legalName: Buyer
  buyer.address.line1: Street
  buyer.address.city: City
  buyer.placeOfSupply: POS
  lines[].description: Item
  lines[].hsnCode: HSN
  lines[].quantity: Qty
  lines[].unit: Unit
  lines[].unitPrice: Price
  lines[].discount: Disc
  lines[].taxRate: Rate
  lines[].igstAmount: IGST
constants:
  country: IN
  supplyType: B2B
  buyer.address.countryCode: IN
  seller.address.countryCode: IN
defaults:
  documentType: INV
  seller.legalName: Default Seller Pvt Ltd
  seller.address.line1: 1 Main Road
  seller.address.city: Bengaluru
  lines[].unit: NOS
valueMaps:
  documentType:
    Tax Invoice: INV
    Credit Note: CRN
required: [documentNumber, documentDate, 'lines[].hsnCode', 'lines[].quantity']
`;

const HEADER = [
  'Type',
  'No',
  'Date',
  'BuyerGSTIN',
  'Buyer',
  'Street',
  'City',
  'POS',
  'Item',
  'HSN',
  'Qty',
  'Unit',
  'Price',
  'Disc',
  'Rate',
  'IGST',
];

type Cells = Partial<Record<(typeof HEADER)[number], string>>;

function row(rowNumber: number, cells: Cells): CsvRow {
  const base: Cells = {
    Type: 'Tax Invoice',
    No: 'INV-1',
    Date: '05/11/2026',
    BuyerGSTIN: BUYER_KA,
    Buyer: 'Mysore Auto Components Ltd',
    Street: '42-B Hebbal',
    City: 'Mysuru',
    POS: 'Karnataka',
    Item: 'Hex bolt M12',
    HSN: '73181500',
    Qty: '1000',
    Unit: 'Nos.',
    Price: '6.40',
    Disc: '',
    Rate: '18',
    IGST: '',
  };
  const merged = { ...base, ...cells };
  return { rowNumber, values: HEADER.map((column) => merged[column] ?? '') };
}

function map(
  rows: CsvRow[],
  profileText = PROFILE,
  defaults: Record<string, string> = { 'seller.gstin': SELLER_KA },
): SalesDocumentMapping {
  const { binding, problems } = bindColumns(parseProfile(profileText, 'spec'), HEADER, defaults);
  expect(problems).toEqual([]);
  return mapSalesDocument(binding, rows);
}

function valueOf(mapping: SalesDocumentMapping) {
  if (!mapping.normalised.ok) throw new Error(JSON.stringify(mapping.normalised.errors, null, 2));
  return mapping.normalised.value;
}

describe('mapSalesDocument', () => {
  it('computes gross, CGST/SGST halves and totals with decimal maths for an intra-state invoice', () => {
    const invoice = valueOf(
      map([
        row(2, {}),
        row(3, { Item: 'Hex nut M12', HSN: '73181600', Qty: '333', Price: '2.15', Disc: '0.35' }),
      ]),
    );
    expect(invoice.documentDate).toBe('2026-11-05');
    expect(invoice.buyer.placeOfSupply).toBe('29');
    expect(invoice.seller.address.stateCode).toBe('29');
    expect(invoice.seller.legalName).toBe('Default Seller Pvt Ltd');
    expect(
      invoice.lines.map((l) => [
        l.lineNo,
        l.unit,
        l.grossAmount,
        l.taxableValue,
        l.cgstAmount,
        l.sgstAmount,
        l.igstAmount,
        l.totalAmount,
      ]),
    ).toEqual([
      [1, 'NOS', '6400.00', '6400.00', '576.00', '576.00', '0', '7552.00'],
      // 333 × 2.15 = 715.95; less 0.35 = 715.60; 9% of it = 64.404 → 64.40 each.
      [2, 'NOS', '715.95', '715.60', '64.40', '64.40', '0', '844.40'],
    ]);
    expect(invoice.totals).toMatchObject({
      taxableValue: '7115.60',
      cgst: '640.40',
      sgst: '640.40',
      igst: '0.00',
      invoiceTotal: '8396.40',
    });
  });

  it('charges IGST when the place of supply is another state, and keeps tax the CSV states', () => {
    const invoice = valueOf(
      map([
        row(2, { BuyerGSTIN: BUYER_MH, POS: '27' }),
        row(3, { BuyerGSTIN: BUYER_MH, POS: '27', IGST: '1152.01' }),
      ]),
    );
    expect(invoice.lines.map((l) => [l.igstAmount, l.cgstAmount, l.sgstAmount])).toEqual([
      ['1152.00', '0', '0'],
      ['1152.01', '0', '0'],
    ]);
    expect(invoice.totals.igst).toBe('2304.01');
  });

  it('reports each bad cell by canonical path, with its spreadsheet row and column as source', () => {
    const mapping = map([
      row(2, { Qty: 'ten' }),
      row(3, { HSN: '' }),
      row(4, { Unit: 'buckets' }),
      row(5, { POS: 'Atlantis' }),
    ]);
    expect(mapping.documentNumber).toBe('INV-1');
    expect(mapping.normalised.ok).toBe(false);
    const errors = mapping.normalised.ok ? [] : mapping.normalised.errors;
    expect(errors.map((e) => [e.path, e.source, e.rule])).toEqual([
      ['lines[0].quantity', 'rows[2].Qty', 'decimal'],
      ['lines[1].hsnCode', 'rows[3].HSN', 'required'],
      ['lines[2].unit', 'rows[4].Unit', 'unit'],
      ['buyer.placeOfSupply', 'rows[5].POS', 'stateCode'],
    ]);
    expect(errors[0].message).toBe('row 2 / column Qty: "ten" is not a number');
    expect(errors[0].value).toBe('ten');
  });

  it('gives the domain validator errors (GSTIN check digit) their row and column as source', () => {
    const bad = withWrongCheckDigit(BUYER_KA);
    const mapping = map([row(7, { BuyerGSTIN: bad }), row(8, { BuyerGSTIN: bad })]);
    expect(mapping.normalised.ok).toBe(false);
    const errors = mapping.normalised.ok ? [] : mapping.normalised.errors;
    expect(errors).toEqual([
      expect.objectContaining({
        path: 'buyer.gstin',
        source: 'rows[7].BuyerGSTIN',
        rule: 'gstin.checkDigit',
        message: expect.stringMatching(/^row 7 \/ column BuyerGSTIN: check digit/),
      }),
    ]);
  });

  it('reports a line problem found by the validator on the row of that line', () => {
    const mapping = map([row(2, {}), row(3, { Rate: '17' })]);
    const errors = mapping.normalised.ok ? [] : mapping.normalised.errors;
    expect(errors.map((e) => [e.path, e.source, e.rule])).toEqual([
      ['lines[1].taxRate', 'rows[3].Rate', 'gstRate.notNotified'],
    ]);
  });

  it('reports rows of one document that disagree on a document-level column', () => {
    const mapping = map([row(2, {}), row(3, { Date: '06/11/2026' })]);
    const errors = mapping.normalised.ok ? [] : mapping.normalised.errors;
    expect(errors).toEqual([
      expect.objectContaining({
        path: 'documentDate',
        source: 'rows[3].Date',
        rule: 'document.inconsistent',
        message: 'row 3 / column Date: "2026-11-06" differs from "2026-11-05" on row 2 of the same document',
      }),
    ]);
  });

  it('names the rows when a required value comes from nowhere', () => {
    const mapping = map([row(2, {})], PROFILE, {});
    const errors = mapping.normalised.ok ? [] : mapping.normalised.errors;
    expect(errors).toEqual([
      expect.objectContaining({
        path: 'seller.gstin',
        source: 'rows[2]',
        message: expect.stringMatching(/^row 2 \/ seller.gstin: /),
      }),
      expect.objectContaining({ path: 'seller.address.stateCode', source: 'rows[2]', rule: 'required' }),
    ]);
  });

  it('maps credit notes through the value map and requires the original invoice', () => {
    const mapping = map([row(2, { Type: 'credit note' })]);
    const errors = mapping.normalised.ok ? [] : mapping.normalised.errors;
    expect(errors.map((e) => [e.path, e.source, e.rule])).toEqual([
      ['originalInvoice', 'rows[2]', 'originalInvoice.required'],
    ]);
  });

  it('reads decimal commas and semicolon-separated profiles, one row per document', () => {
    const profile = `${PROFILE.replace('layout: line-per-row', 'layout: document-per-row')}decimalSeparator: ","\ndelimiter: ";"\n`;
    const invoice = valueOf(map([row(2, { Qty: '1.000,5', Price: '2,50' })], profile));
    expect(invoice.lines[0]).toMatchObject({ quantity: '1000.5', unitPrice: '2.50', grossAmount: '2501.25' });
    const { binding } = bindColumns(parseProfile(profile, 'spec'), HEADER, { 'seller.gstin': SELLER_KA });
    const duplicate = mapSalesDocument(binding, [row(2, {}), row(3, {})]);
    const errors = duplicate.normalised.ok ? [] : duplicate.normalised.errors;
    expect(errors.map((e) => [e.path, e.source, e.rule])).toEqual([
      ['documentNumber', 'rows[3].No', 'document.duplicate'],
    ]);
  });
});

describe('groupRows', () => {
  it('groups the rows of a document wherever they are and reports rows without a document number', () => {
    const { binding } = bindColumns(parseProfile(PROFILE, 'spec'), HEADER);
    const { groups, problems } = groupRows(binding, [
      row(2, { No: 'A' }),
      row(3, { No: 'B' }),
      row(4, { No: 'A' }),
      row(5, { No: '' }),
    ]);
    expect(groups.map((g) => [g.key, g.rows.map((r) => r.rowNumber)])).toEqual([
      ['A', [2, 4]],
      ['B', [3]],
    ]);
    expect(problems).toEqual([expect.objectContaining({ path: 'rows[5].No', rule: 'required' })]);
  });
});

describe('bindColumns', () => {
  it('reports a missing key column as unusable and a missing required column as a problem', () => {
    const result = bindColumns(parseProfile(PROFILE, 'spec'), ['Type', 'Date', 'Qty']);
    expect(result.usable).toBe(false);
    expect(result.problems.map((p) => p.path)).toEqual(['header.No', 'header.HSN']);
  });
});
