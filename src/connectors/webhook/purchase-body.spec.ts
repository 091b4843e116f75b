import { readPurchaseBody } from './purchase-body';

const SUPPLIER = '29AABCR6898M1ZD';

const invoice = (overrides: Record<string, unknown> = {}) => ({
  externalId: 'PV-1',
  supplierGstin: SUPPLIER,
  supplierName: 'Rao Steel',
  billNumber: '101',
  billDate: '2026-10-05',
  taxableValue: '10000.00',
  igst: '1800.00',
  placeOfSupply: '29',
  ...overrides,
});

const boe = (overrides: Record<string, unknown> = {}) => ({
  billNumber: '2566282',
  billDate: '2026-10-18',
  documentType: 'BOE',
  portCode: 'inmaa1',
  taxableValue: '40000',
  igst: '7200',
  ...overrides,
});

function items(body: unknown, maxBatch = 10) {
  const read = readPurchaseBody(body, maxBatch);
  if (!read.ok) throw new Error(`refused: ${JSON.stringify(read.errors)}`);
  return read.items;
}

const errorsOf = (body: unknown) =>
  items(body).map((item) => (item.errors ?? []).map((error) => [error.path, error.rule]));

describe('readPurchaseBody', () => {
  it('reads an invoice into a purchase record, amounts to paise and the total derived', () => {
    const [item] = items(invoice());
    expect(item.purchase).toEqual({
      kind: 'bill',
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      record: {
        erpId: 'PV-1',
        supplierGstin: SUPPLIER,
        supplierName: 'Rao Steel',
        billNumber: '101',
        billDate: '2026-10-05',
        documentType: 'INV',
        taxableValue: '10000.00',
        igst: '1800.00',
        cgst: '0.00',
        sgst: '0.00',
        cess: '0.00',
        total: '11800.00',
        placeOfSupply: '29',
      },
    });
  });

  it('reads a bill of entry without a supplier GSTIN, its port code upper-cased, named by port and number', () => {
    const [item] = items({ purchases: [boe()] });
    expect(item.errors).toBeUndefined();
    expect(item.purchase?.kind === 'bill' && item.purchase.record).toEqual(
      expect.objectContaining({
        erpId: 'BOE:INMAA1:BOE:2566282:2026-27',
        supplierGstin: '',
        documentType: 'BOE',
        portCode: 'INMAA1',
        taxableValue: '40000.00',
        igst: '7200.00',
        total: '47200.00',
      }),
    );
  });

  it('gives the same content hash to the same bill and another to a changed one', () => {
    const hash = (body: unknown) => {
      const purchase = items(body)[0].purchase;
      return purchase?.kind === 'bill' ? purchase.contentHash : undefined;
    };
    expect(hash(invoice())).toBe(hash({ ...invoice(), igst: '1800' }));
    expect(hash(invoice())).not.toBe(hash(invoice({ taxableValue: '10001.00' })));
  });

  it('reports each bad item with its index and field paths, and reads the others', () => {
    const read = items([
      invoice({ externalId: 'PV-2' }),
      boe({ portCode: 'MAA' }),
      invoice({ externalId: 'PV-3', supplierGstin: undefined }),
      invoice({ externalId: 'PV-4', billDate: '05-10-2026', taxableValue: 10000, igst: '1,800' }),
      invoice({ externalId: 'PV-5', supplierGstin: '29AABCR6898M1ZX', documentType: 'BILL' }),
      invoice({ externalId: 'PV-6', placeOfSupply: '99', reverseCharge: 'Y', colour: 'red' }),
    ]);
    expect(read[0].purchase?.kind).toBe('bill');
    expect(read.slice(1).map((item) => [item.index, item.purchase, item.errors?.map((e) => e.path)])).toEqual(
      [
        [1, undefined, ['portCode']],
        [2, undefined, ['supplierGstin']],
        [3, undefined, ['billDate', 'taxableValue', 'igst']],
        [4, undefined, ['documentType', 'supplierGstin']],
        [5, undefined, ['colour', 'placeOfSupply', 'reverseCharge']],
      ],
    );
  });

  it('still needs a GSTIN on an ordinary bill, and checks one a bill of entry names (a SEZ unit)', () => {
    expect(errorsOf([invoice({ supplierGstin: '' }), boe({ supplierGstin: '33AABCS9999K1ZX' })])).toEqual([
      [['supplierGstin', 'required']],
      [['supplierGstin', expect.stringMatching(/^gstin/)]],
    ]);
  });

  it('refuses an amount a purchase record cannot hold', () => {
    expect(errorsOf(invoice({ taxableValue: '12345678901234567.00' }))).toEqual([
      [['taxableValue', 'decimal.range']],
    ]);
  });

  it('reads a cancellation by externalId or by the natural id of a bill without one', () => {
    const read = items([
      { externalId: 'PV-1', cancelled: true },
      { ...boe(), cancelled: true },
      { cancelled: true },
    ]);
    expect(read.map((item) => item.purchase)).toEqual([
      { kind: 'cancelled', erpId: 'PV-1' },
      { kind: 'cancelled', erpId: 'BOE:INMAA1:BOE:2566282:2026-27' },
      undefined,
    ]);
    expect(read[2].errors?.map((e) => [e.path, e.rule])).toEqual([
      ['supplierGstin', 'required'],
      ['billNumber', 'required'],
      ['billDate', 'required'],
    ]);
  });

  it('reports the second of two items naming one bill', () => {
    const read = items([invoice(), invoice({ taxableValue: '1.00' })]);
    expect(read[0].purchase?.kind).toBe('bill');
    expect(read[1].errors?.map((e) => [e.path, e.rule])).toEqual([['externalId', 'unique']]);
  });

  it('refuses a body that is not a batch, an empty one and one over the batch limit', () => {
    const refused = (body: unknown, maxBatch = 2) => {
      const read = readPurchaseBody(body, maxBatch);
      return read.ok ? [] : read.errors.map((e) => [e.path, e.rule]);
    };
    expect(refused('bills')).toEqual([['', 'type.object']]);
    expect(refused({ purchases: {} })).toEqual([['purchases', 'type.array']]);
    expect(refused([])).toEqual([['purchases', 'minItems']]);
    expect(refused([invoice(), invoice(), invoice()])).toEqual([['purchases', 'maxItems']]);
  });
});
