import {
  sampleIndiaCreditNote,
  sampleIndiaInvoice,
  sampleInterStateInvoice,
  sampleSaudiInvoice,
} from './__fixtures__';
import { type CanonicalInvoice } from './canonical-invoice';
import { canonicalInvoiceErrors, validateCanonicalInvoice } from './canonical-invoice.validator';
import { type FieldError } from './field-error';
import { LINE_KEYS } from './invoice-keys';

type Json = Record<string, unknown>;

/** A JSON copy of `invoice` with the value at `path` (e.g. `lines[1].unit`) replaced or, for undefined, removed. */
function withField(invoice: CanonicalInvoice, path: string, value: unknown): Json {
  const copy = JSON.parse(JSON.stringify(invoice)) as Json;
  const keys = path.split(/\.|\[(\d+)\]/).filter((key) => key !== undefined && key !== '');
  let target = copy;
  for (const key of keys.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Json;
  }
  const last = keys[keys.length - 1];
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

function withFields(invoice: CanonicalInvoice, fields: Record<string, unknown>): Json {
  return Object.entries(fields).reduce<Json>(
    (json, [path, value]) => withField(json as unknown as CanonicalInvoice, path, value),
    JSON.parse(JSON.stringify(invoice)) as Json,
  );
}

function errorAt(errors: FieldError[], path: string): FieldError | undefined {
  return errors.find((error) => error.path === path);
}

function expectOnlyError(input: unknown, path: string, rule: string): FieldError {
  const errors = canonicalInvoiceErrors(input);
  expect(errors.map((error) => `${error.path} ${error.rule}`)).toEqual([`${path} ${rule}`]);
  return errors[0];
}

function expectValid(input: unknown): CanonicalInvoice {
  const outcome = validateCanonicalInvoice(input);
  if (!outcome.ok) throw new Error(`expected valid, got ${JSON.stringify(outcome.errors, null, 2)}`);
  return outcome.value;
}

describe('validateCanonicalInvoice', () => {
  describe('valid documents', () => {
    it.each([
      ['intra-state India B2B invoice', sampleIndiaInvoice()],
      ['inter-state India invoice', sampleInterStateInvoice()],
      ['India credit note', sampleIndiaCreditNote()],
      ['KSA standard invoice', sampleSaudiInvoice()],
    ])('accepts the %s unchanged, through a JSON round trip', (_label, invoice) => {
      const outcome = validateCanonicalInvoice(JSON.parse(JSON.stringify(invoice)));
      expect(outcome).toEqual({ ok: true, value: invoice });
    });

    it("writes a line's fields in the contract's order whatever the input's, optional ones only when given", () => {
      const invoice = sampleSaudiInvoice();
      const line = {
        ...invoice.lines[0],
        hsnCode: '73181500',
        barcode: '6291041500213',
        batch: { name: 'B-7' },
      };
      const reversed = Object.fromEntries(Object.entries(line).reverse());
      const read = expectValid({ ...invoice, lines: [reversed, invoice.lines[1]] }).lines[0];
      expect(Object.keys(read)).toEqual(LINE_KEYS.filter((key) => key in read));
      expect(Object.keys(read)).toEqual(
        expect.arrayContaining(['hsnCode', 'vatCategory', 'batch', 'barcode']),
      );
      expect(Object.keys(read)).not.toEqual(expect.arrayContaining(['exemptionReason']));
    });

    it('fills omitted amounts with "0", flags with false, charges with [] and the currency by country', () => {
      const omitted = withFields(sampleIndiaInvoice(), {
        reverseCharge: undefined,
        igstOnIntra: undefined,
        currency: undefined,
        charges: undefined,
        documentDiscount: undefined,
        'lines[0].discount': undefined,
        'lines[0].igstAmount': undefined,
        'lines[0].cessRate': undefined,
        'lines[0].cessAmount': undefined,
        'lines[0].cessNonAdvolAmount': undefined,
        'lines[0].stateCessRate': undefined,
        'lines[0].stateCessAmount': undefined,
        'lines[0].stateCessNonAdvolAmount': undefined,
        'lines[0].vatAmount': undefined,
        'lines[0].otherCharges': undefined,
        'totals.igst': undefined,
        'totals.cess': undefined,
        'totals.stateCess': undefined,
        'totals.vat': undefined,
        'totals.discount': undefined,
        'totals.otherCharges': undefined,
        'totals.roundOff': undefined,
      });
      const value = expectValid(omitted);
      expect(value.reverseCharge).toBe(false);
      expect(value.igstOnIntra).toBe(false);
      expect(value.currency).toBe('INR');
      expect(value.charges).toEqual([]);
      expect(value.documentDiscount).toBe('0');
      expect(value.lines[0]).toMatchObject({
        discount: '0',
        igstAmount: '0',
        cessRate: '0',
        cessAmount: '0',
        cessNonAdvolAmount: '0',
        stateCessRate: '0',
        stateCessAmount: '0',
        stateCessNonAdvolAmount: '0',
        vatAmount: '0',
        otherCharges: '0',
      });
      expect(value.totals).toMatchObject({
        igst: '0',
        cess: '0',
        stateCess: '0',
        vat: '0',
        discount: '0',
        roundOff: '0',
      });
      expect(expectValid(withField(sampleSaudiInvoice(), 'currency', undefined)).currency).toBe('SAR');
    });

    it('treats null as absent and leaves absent optional fields out', () => {
      const value = expectValid(
        withFields(sampleIndiaInvoice(), {
          notes: null,
          'seller.address.line2': null,
          'lines[0].discount': null,
        }),
      );
      expect('notes' in value).toBe(false);
      expect('line2' in value.seller.address).toBe(false);
      expect(value.lines[0].discount).toBe('0');
    });

    it('accepts a negative round-off', () => {
      expect(expectValid(withField(sampleIndiaInvoice(), 'totals.roundOff', '-0.46')).totals.roundOff).toBe(
        '-0.46',
      );
    });

    it('does not check arithmetic (the schema mappers do)', () => {
      expectValid(
        withFields(sampleIndiaInvoice(), { 'totals.invoiceTotal': '1.00', 'lines[0].taxableValue': '99999' }),
      );
    });

    it('accepts a B2C sale to an unregistered buyer, with "URP" or no GSTIN', () => {
      const b2c = sampleIndiaInvoice({ supplyType: 'B2C' });
      expectValid(withField(b2c, 'buyer.gstin', 'URP'));
      expectValid(withField(b2c, 'buyer.gstin', undefined));
    });

    it('accepts an export with "URP", a foreign address with state code 96 and place of supply 96', () => {
      const exportInvoice = withFields(sampleInterStateInvoice({ supplyType: 'EXPWOP' }), {
        'buyer.gstin': 'URP',
        'buyer.placeOfSupply': '96',
        'buyer.address': {
          line1: '1 Harbour Road',
          city: 'Singapore',
          postalCode: '018956',
          stateCode: '96',
          countryCode: 'SG',
        },
        export: { countryCode: 'SG', foreignCurrency: 'SGD', portCode: 'INBLR4', refundClaim: false },
      });
      expectValid(exportInvoice);
    });

    it('accepts all optional parts when well formed', () => {
      expectValid(
        withFields(sampleIndiaInvoice(), {
          dispatchFrom: {
            name: 'Peenya warehouse',
            address: {
              line1: 'Plot 3',
              city: 'Bengaluru',
              postalCode: '560058',
              stateCode: '29',
              countryCode: 'IN',
            },
          },
          shipTo: {
            gstin: 'URP',
            legalName: 'Site office',
            address: { line1: 'Site 4', city: 'Mysuru', countryCode: 'IN' },
          },
          transport: {
            mode: 'ROAD',
            distanceKm: 150,
            vehicleNumber: 'KA01AB1234',
            vehicleType: 'R',
            transportDocDate: '2024-07-15',
          },
          charges: [{ description: 'Freight', amount: '500.00' }],
          'lines[0].batch': { name: 'B-17', expiryDate: '2026-01-31' },
          'lines[0].attributes': [{ name: 'Colour', value: 'Grey' }],
          'lines[0].freeQuantity': '1',
          ecommerceGstin: '29AAFCM5678Q1ZE',
          exchangeRate: '1',
        }),
      );
    });
  });

  describe('supporting documents and pre-tax values', () => {
    it('reads supporting documents and a line pre-tax value', () => {
      const invoice = expectValid(
        withFields(sampleIndiaInvoice(), {
          additionalDocuments: [
            { url: 'https://erp.example/po/118', information: 'Purchase order' },
            { document: 'UE8gMTE4', information: null },
          ],
          'lines[0].preTaxValue': '25000.00',
        }),
      );
      expect(invoice.additionalDocuments).toEqual([
        { url: 'https://erp.example/po/118', information: 'Purchase order' },
        { document: 'UE8gMTE4' },
      ]);
      expect(invoice.lines[0].preTaxValue).toBe('25000.00');
    });

    it.each([
      ['additionalDocuments', [{}], 'additionalDocuments[0]', 'additionalDocument.empty'],
      ['additionalDocuments', [{ information: '  ' }], 'additionalDocuments[0]', 'additionalDocument.empty'],
      [
        'additionalDocuments',
        [{ url: 'https://erp.example/po/118', link: 'x' }],
        'additionalDocuments[0].link',
        'unknown.property',
      ],
      ['additionalDocuments', [{ url: 42 }], 'additionalDocuments[0].url', 'type.string'],
      ['additionalDocuments', { url: 'https://erp.example' }, 'additionalDocuments', 'type.array'],
      ['lines[0].preTaxValue', 25000, 'lines[0].preTaxValue', 'decimal.string'],
      ['lines[0].preTaxValue', '-1', 'lines[0].preTaxValue', 'decimal.negative'],
    ])('rejects %s = %j at %s (%s)', (path, value, errorPath, rule) => {
      expectOnlyError(withField(sampleIndiaInvoice(), path, value), errorPath, rule);
    });
  });

  describe('structure', () => {
    it.each([null, [], 'invoice', 42])('reports %j as not an object', (input) => {
      expectOnlyError(input, '$', 'type.object');
    });

    it('reports unknown properties with their path, anywhere in the document', () => {
      const errors = canonicalInvoiceErrors(
        withFields(sampleIndiaInvoice(), {
          invoiceNo: 'X',
          'lines[1].hsn': '9403',
          'seller.address.pin': '560058',
        }),
      );
      expect(errors.map((error) => [error.path, error.rule])).toEqual([
        ['invoiceNo', 'unknown.property'],
        ['seller.address.pin', 'unknown.property'],
        ['lines[1].hsn', 'unknown.property'],
      ]);
    });

    it.each([
      'country',
      'documentType',
      'documentNumber',
      'documentDate',
      'supplyType',
      'seller',
      'buyer',
      'lines',
      'totals',
      'seller.legalName',
      'seller.address',
      'buyer.address.line1',
      'buyer.address.city',
      'buyer.address.countryCode',
      'lines[2].lineNo',
      'lines[2].description',
      'lines[2].isService',
      'lines[1].quantity',
      'lines[1].unit',
      'lines[2].unitPrice',
      'lines[2].grossAmount',
      'lines[2].taxableValue',
      'lines[2].taxRate',
      'lines[2].totalAmount',
      'totals.taxableValue',
      'totals.invoiceTotal',
    ])('reports a missing %s as required', (path) => {
      const errors = canonicalInvoiceErrors(withField(sampleIndiaInvoice(), path, undefined));
      expect(errorAt(errors, path)).toMatchObject({ rule: 'required' });
    });

    it('reports an empty required string as required', () => {
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'seller.legalName', '  '),
        'seller.legalName',
        'required',
      );
    });

    it.each(['in', 'IND', 'U5', ''])('reports country %j as not an ISO 3166-1 alpha-2 code', (value) => {
      const errors = canonicalInvoiceErrors(withField(sampleIndiaInvoice(), 'country', value));
      expect(errorAt(errors, 'country')).toMatchObject({ rule: 'country.format' });
    });

    it("takes another country's document with its currency, and asks for the currency it cannot default", () => {
      const named = withFields(sampleSaudiInvoice(), { country: 'AE', currency: 'AED' });
      expect(
        canonicalInvoiceErrors(named).filter((e) => e.path === 'country' || e.path === 'currency'),
      ).toEqual([]);
      const unnamed = withFields(sampleSaudiInvoice(), { country: 'AE', currency: undefined });
      expect(errorAt(canonicalInvoiceErrors(unnamed), 'currency')).toMatchObject({
        rule: 'required',
        message: expect.stringContaining('AE'),
      });
    });

    it.each([
      ['documentType', 'INVOICE'],
      ['supplyType', 'b2b'],
      ['transport.mode', 'TRUCK'],
      ['transport.vehicleType', 'X'],
      ['lines[0].vatCategory', 'Q'],
      ['charges', [{ description: 'Freight', amount: '1', vatCategory: 'A' }], 'charges[0].vatCategory'],
    ])('reports %s = %j outside its enum', (path, value, errorPath = path) => {
      const errors = canonicalInvoiceErrors(withField(sampleIndiaInvoice(), path, value));
      expect(errorAt(errors, errorPath)).toMatchObject({ rule: 'enum' });
    });

    it('reports an unknown ksa.invoiceKind', () => {
      expectOnlyError(withField(sampleSaudiInvoice(), 'ksa.invoiceKind', 'tax'), 'ksa.invoiceKind', 'enum');
    });

    it.each([
      'lines[0].quantity',
      'lines[1].unitPrice',
      'totals.invoiceTotal',
      'documentDiscount',
      'lines[0].cgstAmount',
    ])('rejects a JSON number in %s with decimal.string', (path) => {
      const error = expectOnlyError(withField(sampleIndiaInvoice(), path, 12.5), path, 'decimal.string');
      expect(error.message).toContain('"12.5"');
      expect(error.value).toBe('12.5');
    });

    it.each(['1,000.00', '12.', '1e3', 'abc', ''])('rejects %j as decimal.format', (value) => {
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[0].unitPrice', value),
        'lines[0].unitPrice',
        'decimal.format',
      );
    });

    it('rejects negative amounts other than round-off', () => {
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[0].discount', '-5'),
        'lines[0].discount',
        'decimal.negative',
      );
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'totals.cgst', '-1'),
        'totals.cgst',
        'decimal.negative',
      );
    });

    it.each([
      ['lines[0].lineNo', '1', 'type.integer'],
      ['lines[0].lineNo', 1.5, 'type.integer'],
      ['lines[0].lineNo', 0, 'number.range'],
      ['transport.distanceKm', '120', 'type.integer'],
      ['transport.distanceKm', 4001, 'number.range'],
      ['transport.distanceKm', -1, 'number.range'],
      ['payment.creditDays', 2.5, 'type.integer'],
      ['payment.creditDays', -3, 'number.range'],
    ])('rejects %s = %j (%s)', (path, value, rule) => {
      expectOnlyError(withField(sampleIndiaInvoice(), path, value), path, rule);
    });

    it.each([
      ['reverseCharge', 'N', 'type.boolean'],
      ['lines[0].isService', 'false', 'type.boolean'],
      ['seller.legalName', 123, 'type.string'],
      ['lines[0].hsnCode', 94031090, 'type.string'],
      ['lines', { 0: {} }, 'type.array'],
      ['charges', 'none', 'type.array'],
      ['seller', 'Kaveri', 'type.object'],
      ['totals', [], 'type.object'],
    ])('rejects %s = %j (%s)', (path, value, rule) => {
      expectOnlyError(withField(sampleIndiaInvoice(), path, value), path, rule);
    });

    it.each([
      ['documentDate', '15/07/2024'],
      ['documentDate', '2024-02-30'],
      ['transport.transportDocDate', '2024-7-1'],
      ['lines[0].batch', { name: 'B1', expiryDate: '31-01-2026' }, 'lines[0].batch.expiryDate'],
    ])('rejects %s = %j as date.iso', (path, value, errorPath = path) => {
      expectOnlyError(withField(sampleIndiaInvoice(), path, value), errorPath, 'date.iso');
    });

    it('reports an empty line list', () => {
      expectOnlyError(withField(sampleIndiaInvoice(), 'lines', []), 'lines', 'lines.empty');
    });

    it('reports a repeated line number on the repeating line', () => {
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[2].lineNo', 1),
        'lines[2].lineNo',
        'lineNo.duplicate',
      );
    });

    it('requires a credit or debit note to name the original invoice', () => {
      expectOnlyError(
        withField(sampleIndiaCreditNote(), 'originalInvoice', undefined),
        'originalInvoice',
        'originalInvoice.required',
      );
      expectOnlyError(
        withFields(sampleIndiaInvoice(), { documentType: 'DBN' }),
        'originalInvoice',
        'originalInvoice.required',
      );
      expectOnlyError(
        withField(sampleIndiaCreditNote(), 'originalInvoice.date', '20/07/2024'),
        'originalInvoice.date',
        'date.iso',
      );
    });

    it('collects every error in one pass, never stopping at the first', () => {
      const errors = canonicalInvoiceErrors(
        withFields(sampleIndiaInvoice(), {
          'seller.gstin': '29AABCK1234L1ZJ',
          'lines[0].unit': 'Nos.',
          'lines[1].hsnCode': '94',
          'lines[2].taxRate': '17',
          'totals.invoiceTotal': 57823,
        }),
      );
      expect(errors.map((error) => error.path)).toEqual([
        'seller.gstin',
        'lines[0].unit',
        'lines[1].hsnCode',
        'lines[2].taxRate',
        'totals.invoiceTotal',
      ]);
    });

    it('never throws, whatever it is given', () => {
      const odd: unknown[] = [
        undefined,
        true,
        {},
        { lines: [null, 1, 'x', []] },
        { seller: { address: [] } },
      ];
      for (const value of odd) {
        expect(validateCanonicalInvoice(value).ok).toBe(false);
      }
      const everyFieldWrong = Object.fromEntries(Object.keys(sampleIndiaInvoice()).map((key) => [key, 7]));
      expect(canonicalInvoiceErrors(everyFieldWrong).length).toBeGreaterThan(10);
    });
  });

  describe('India rules', () => {
    it('reads a service line without quantity or unit; a goods line still needs both', () => {
      const service = expectValid(
        withFields(sampleIndiaInvoice(), { 'lines[2].quantity': undefined, 'lines[2].unit': undefined }),
      );
      expect(service.lines[2]).not.toHaveProperty('quantity');
      expect(service.lines[2]).not.toHaveProperty('unit');
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[0].quantity', undefined),
        'lines[0].quantity',
        'required',
      );
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[0].unit', undefined),
        'lines[0].unit',
        'required',
      );
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[2].unit', 'HOURS'),
        'lines[2].unit',
        'uqc.invalid',
      );
      expectOnlyError(
        withField(sampleSaudiInvoice(), 'lines[0].quantity', undefined),
        'lines[0].quantity',
        'required',
      );
    });

    it('checks the seller GSTIN: required, format, state code, check digit', () => {
      expectOnlyError(withField(sampleIndiaInvoice(), 'seller.gstin', undefined), 'seller.gstin', 'required');
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'seller.gstin', '29AABCK1234L1Z'),
        'seller.gstin',
        'gstin.format',
      );
      const badCheckDigit = expectOnlyError(
        withField(sampleIndiaInvoice(), 'seller.gstin', '29AABCK1234L1ZJ'),
        'seller.gstin',
        'gstin.checkDigit',
      );
      expect(badCheckDigit.value).toBe('29AABCK1234L1ZJ');
      expect(
        canonicalInvoiceErrors(withField(sampleIndiaInvoice(), 'seller.gstin', '00AABCK1234L1ZI'))[0],
      ).toMatchObject({
        path: 'seller.gstin',
        rule: 'gstin.stateCode',
      });
    });

    it("requires the seller's state code and that it matches the GSTIN", () => {
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'seller.address.stateCode', undefined),
        'seller.address.stateCode',
        'required',
      );
      expectOnlyError(
        withFields(sampleIndiaInvoice(), {
          'seller.address.stateCode': '27',
          'seller.address.postalCode': '411045',
        }),
        'seller.address.stateCode',
        'stateCode.gstinMismatch',
      );
    });

    it('needs a valid buyer GSTIN for B2B, SEZ and deemed exports', () => {
      expectOnlyError(withField(sampleIndiaInvoice(), 'buyer.gstin', undefined), 'buyer.gstin', 'required');
      const urp = expectOnlyError(
        withField(sampleIndiaInvoice(), 'buyer.gstin', 'URP'),
        'buyer.gstin',
        'gstin.format',
      );
      expect(urp.message).toContain('URP');
      for (const supplyType of ['SEZWP', 'SEZWOP', 'DEXP'] as const) {
        expectOnlyError(
          withField(sampleInterStateInvoice({ supplyType }), 'buyer.gstin', 'URP'),
          'buyer.gstin',
          'gstin.format',
        );
      }
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'buyer.gstin', '29AAFCM5678Q1ZF'),
        'buyer.gstin',
        'gstin.checkDigit',
      );
    });

    it('still checks a GSTIN given on a B2C sale', () => {
      expectOnlyError(
        withField(sampleIndiaInvoice({ supplyType: 'B2C' }), 'buyer.gstin', '29AAFCM5678Q1ZF'),
        'buyer.gstin',
        'gstin.checkDigit',
      );
    });

    it('checks state codes and the place of supply', () => {
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'buyer.address.stateCode', '25'),
        'buyer.address.stateCode',
        'stateCode.invalid',
      );
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'buyer.address.stateCode', '96'),
        'buyer.address.stateCode',
        'stateCode.invalid',
      );
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'buyer.placeOfSupply', '99'),
        'buyer.placeOfSupply',
        'stateCode.invalid',
      );
      const exportTo29 = withFields(sampleInterStateInvoice({ supplyType: 'EXPWP' }), {
        'buyer.gstin': 'URP',
        'buyer.placeOfSupply': '29',
      });
      expectOnlyError(exportTo29, 'buyer.placeOfSupply', 'placeOfSupply.export');
      const foreignAddress = withField(sampleIndiaInvoice(), 'shipTo', {
        legalName: 'Consignee',
        address: { line1: '1 Main St', city: 'Dubai', stateCode: '29', countryCode: 'AE' },
      });
      expectOnlyError(foreignAddress, 'shipTo.address.stateCode', 'stateCode.invalid');
    });

    it('checks PIN codes and warns when a PIN is in another state', () => {
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'buyer.address.postalCode', '05700'),
        'buyer.address.postalCode',
        'pincode.format',
      );
      const outcome = validateCanonicalInvoice(
        withField(sampleIndiaInvoice(), 'buyer.address.postalCode', '110001'),
      );
      expect(outcome).toMatchObject({
        ok: true,
        warnings: [{ path: 'buyer.address.postalCode', rule: 'pincode.state' }],
      });
    });

    it('checks country codes', () => {
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'buyer.address.countryCode', 'India'),
        'buyer.address.countryCode',
        'countryCode.format',
      );
    });

    it('checks UQC and suggests the code for a common unit name', () => {
      const error = expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[0].unit', 'Nos.'),
        'lines[0].unit',
        'uqc.invalid',
      );
      expect(error.message).toContain('"NOS"');
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[0].unit', 'PCE'),
        'lines[0].unit',
        'uqc.invalid',
      );
    });

    it('requires an HSN code of 4, 6 or 8 digits', () => {
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[1].hsnCode', undefined),
        'lines[1].hsnCode',
        'required',
      );
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[1].hsnCode', ''),
        'lines[1].hsnCode',
        'required',
      );
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[1].hsnCode', '94013'),
        'lines[1].hsnCode',
        'hsn.format',
      );
    });

    it('matches isService with SAC (99) codes', () => {
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[2].isService', false),
        'lines[2].hsnCode',
        'hsn.serviceMismatch',
      );
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[0].isService', true),
        'lines[0].hsnCode',
        'hsn.serviceMismatch',
      );
    });

    it('accepts only notified GST rates, compared as decimals', () => {
      expectValid(withField(sampleIndiaInvoice(), 'lines[0].taxRate', '18.00'));
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'lines[0].taxRate', '15'),
        'lines[0].taxRate',
        'gstRate.notNotified',
      );
    });

    it('checks the document number as GST rule 46 and NIC do', () => {
      expectValid(withField(sampleIndiaInvoice(), 'documentNumber', 'INV/2024-25/0001'));
      for (const number of ['INV/2024-25/000001', '0042', '/42', 'INV 42', 'INV#42']) {
        expectOnlyError(
          withField(sampleIndiaInvoice(), 'documentNumber', number),
          'documentNumber',
          'documentNumber.format',
        );
      }
    });

    it('checks the e-commerce operator GSTIN and a ship-to GSTIN', () => {
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'ecommerceGstin', 'AMAZON'),
        'ecommerceGstin',
        'gstin.format',
      );
      const shipTo = {
        gstin: '29AAFCM5678Q1ZX',
        legalName: 'Site',
        address: { line1: 'x', city: 'y', countryCode: 'IN' },
      };
      expectOnlyError(withField(sampleIndiaInvoice(), 'shipTo', shipTo), 'shipTo.gstin', 'gstin.checkDigit');
    });

    it('checks currency codes and the exchange rate', () => {
      expectOnlyError(withField(sampleIndiaInvoice(), 'currency', 'inr'), 'currency', 'currency.format');
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'exchangeRate', '0'),
        'exchangeRate',
        'decimal.positive',
      );
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'export', { foreignCurrency: 'Dollar' }),
        'export.foreignCurrency',
        'currency.format',
      );
      expectOnlyError(
        withField(sampleIndiaInvoice(), 'export', { countryCode: 'USA' }),
        'export.countryCode',
        'countryCode.format',
      );
    });
  });

  describe('KSA rules', () => {
    it('requires the seller VAT number in KSA format', () => {
      expectOnlyError(
        withField(sampleSaudiInvoice(), 'seller.vatNumber', undefined),
        'seller.vatNumber',
        'required',
      );
      expectOnlyError(
        withField(sampleSaudiInvoice(), 'seller.vatNumber', '310987654300001'),
        'seller.vatNumber',
        'vatNumber.format',
      );
      expectOnlyError(
        withField(sampleSaudiInvoice(), 'buyer.vatNumber', '30234567890000'),
        'buyer.vatNumber',
        'vatNumber.format',
      );
    });

    it('does not apply India rules to a KSA invoice', () => {
      const value = expectValid(
        withFields(sampleSaudiInvoice(), { documentNumber: '0001 / Riyadh #7', 'lines[0].taxRate': '15.00' }),
      );
      expect(value.seller.gstin).toBeUndefined();
      expect(value.documentNumber).toBe('0001 / Riyadh #7');
    });

    it('checks Saudi postal codes', () => {
      expectOnlyError(
        withField(sampleSaudiInvoice(), 'buyer.address.postalCode', '2342'),
        'buyer.address.postalCode',
        'postalCode.format',
      );
    });

    it('matches the VAT category with the rate', () => {
      expectOnlyError(
        withField(sampleSaudiInvoice(), 'lines[0].taxRate', '0'),
        'lines[0].taxRate',
        'vatCategory.rate',
      );
      expectOnlyError(
        withField(sampleSaudiInvoice(), 'lines[1].vatCategory', 'Z'),
        'lines[1].taxRate',
        'vatCategory.rate',
      );
      expectValid(
        withFields(sampleSaudiInvoice(), {
          'lines[1].vatCategory': 'E',
          'lines[1].taxRate': '0',
          'lines[1].vatAmount': '0',
        }),
      );
    });

    it('checks issue time and UUID formats', () => {
      expectOnlyError(
        withField(sampleSaudiInvoice(), 'ksa.issueTime', '25:00:00'),
        'ksa.issueTime',
        'time.format',
      );
      expectOnlyError(withField(sampleSaudiInvoice(), 'ksa.uuid', 'not-a-uuid'), 'ksa.uuid', 'uuid.format');
      expectValid(withField(sampleSaudiInvoice(), 'ksa.uuid', '3cf5ee18-ee25-44ea-a444-2c37ba7f28be'));
    });
  });
});
