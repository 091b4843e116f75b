import { type CanonicalInvoice } from '../../../domain';
import {
  BOUNDARY_TODAY,
  everyLimitedFieldInvoice,
  everyLimitedFieldPayload,
  FIELDS_CHECKED_BY_OTHER_RULES,
  fieldPathsOf,
  limitBoundaryCases,
  limitedFieldPaths,
} from '../__fixtures__/limit-boundaries';
import { mapToNicEinvoiceV11 } from '../irn-v1.1.mapper';
import { validateNicEinvoiceV11 } from '../irn-v1.1.rules';
import { FIELD_LIMIT_RULES } from './field-limits.rules';

function limitErrorsAt(payload: Parameters<typeof validateNicEinvoiceV11>[0], path: string) {
  return validateNicEinvoiceV11(payload, { today: BOUNDARY_TODAY }).errors.filter(
    (error) => error.path === path && FIELD_LIMIT_RULES.has(error.rule),
  );
}

function mapped(invoice: CanonicalInvoice) {
  return mapToNicEinvoiceV11(invoice, { today: BOUNDARY_TODAY });
}

/** The invoice with every limited field, changed by `change`. */
function changed(change: (invoice: CanonicalInvoice) => void): CanonicalInvoice {
  const invoice = everyLimitedFieldInvoice();
  change(invoice);
  return invoice;
}

describe("NIC's schema limits", () => {
  it('maps the invoice with every limited field without errors or warnings', () => {
    const outcome = mapped(everyLimitedFieldInvoice());
    expect(outcome).toEqual({ ok: true, value: expect.anything() });
  });

  it('covers every field the mapper writes, by the limits table or a rule of its own', () => {
    const written = new Set(fieldPathsOf(everyLimitedFieldPayload()));
    const covered = new Set([...limitedFieldPaths(), ...FIELDS_CHECKED_BY_OTHER_RULES]);
    expect([...written].filter((path) => !covered.has(path))).toEqual([]);
    expect([...covered].filter((path) => !written.has(path))).toEqual([]);
  });

  it('accepts each value at a limit and refuses each value just beyond it', () => {
    const cases = limitBoundaryCases();
    expect(cases.length).toBeGreaterThan(300);
    const verdicts = cases.map(({ name, path, payload, withinLimit }) => ({
      name,
      refused: limitErrorsAt(payload, path).length > 0,
      expectedRefused: !withinLimit,
    }));
    expect(verdicts.filter((verdict) => verdict.refused !== verdict.expectedRefused)).toEqual([]);
  });

  describe('free text: cut to its maximum with a warning', () => {
    it('cuts a description to 300 characters and says so at its canonical path', () => {
      const outcome = mapped(changed((invoice) => (invoice.lines[0].description = 'D'.repeat(301))));
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
      expect(outcome.value.ItemList[0].PrdDesc).toBe('D'.repeat(300));
      expect(outcome.warnings).toEqual([
        expect.objectContaining({
          path: 'ItemList[0].PrdDesc',
          canonicalPath: 'lines[0].description',
          rule: 'irn.text.truncated',
        }),
      ]);
    });

    it('leaves a description of exactly 300 characters as it is, without a warning', () => {
      const outcome = mapped(changed((invoice) => (invoice.lines[0].description = 'D'.repeat(300))));
      expect(outcome.ok && outcome.value.ItemList[0].PrdDesc).toBe('D'.repeat(300));
      expect(outcome.ok && outcome.warnings).toBeUndefined();
    });

    it('cuts remarks to 100 and supporting information to 1000 characters', () => {
      const outcome = mapped(
        changed((invoice) => {
          invoice.notes = `${'Leave at gate 3. '.repeat(6)}`;
          invoice.additionalDocuments = [{ information: 'I'.repeat(1001) }];
        }),
      );
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
      expect(outcome.value.RefDtls?.InvRm).toHaveLength(100);
      expect(outcome.value.AddlDocDtls?.[0].Info).toBe('I'.repeat(1000));
      expect(outcome.warnings).toEqual([
        expect.objectContaining({ path: 'RefDtls.InvRm', canonicalPath: 'notes' }),
        expect.objectContaining({
          path: 'AddlDocDtls[0].Info',
          canonicalPath: 'additionalDocuments[0].information',
        }),
      ]);
    });

    it('does not split a character outside the BMP when cutting', () => {
      const outcome = mapped(changed((invoice) => (invoice.lines[0].description = `${'D'.repeat(299)}😀`)));
      expect(outcome.ok && outcome.value.ItemList[0].PrdDesc).toBe('D'.repeat(299));
    });
  });

  describe('identifiers, names and numbers: refused with the field, the value and the rule', () => {
    it.each<[string, (invoice: CanonicalInvoice) => void, string, string, string]>([
      [
        'a description under 3 characters',
        (invoice) => (invoice.lines[0].description = 'TV'),
        'ItemList[0].PrdDesc',
        'lines[0].description',
        'irn.text.length',
      ],
      [
        'a barcode under 3 characters',
        (invoice) => (invoice.lines[0].barcode = '89'),
        'ItemList[0].Barcde',
        'lines[0].barcode',
        'irn.text.length',
      ],
      [
        'a batch name over 20 characters',
        (invoice) => (invoice.lines[0].batch = { name: 'PB-2407-A-WAREHOUSE-3' }),
        'ItemList[0].BchDtls.Nm',
        'lines[0].batch.name',
        'irn.text.length',
      ],
      [
        'an attribute without a value',
        (invoice) => (invoice.lines[0].attributes = [{ name: 'Finish', value: ' ' }]),
        'ItemList[0].AttribDtls[0].Val',
        'lines[0].attributes[0].value',
        'irn.text.length',
      ],
      [
        'a quantity over 9999999999.999',
        (invoice) => (invoice.lines[0].freeQuantity = '10000000000'),
        'ItemList[0].FreeQty',
        'lines[0].freeQuantity',
        'irn.number.range',
      ],
      [
        'a batch expiring after 2029',
        (invoice) => (invoice.lines[0].batch = { name: 'PB-2407-A', expiryDate: '2030-01-31' }),
        'ItemList[0].BchDtls.ExpDt',
        'lines[0].batch.expiryDate',
        'irn.date.format',
      ],
      [
        'an account number over 18 characters',
        (invoice) => invoice.payment && (invoice.payment.accountNumber = '5020001234567890123'),
        'PayDtls.AccDet',
        'payment.accountNumber',
        'irn.text.length',
      ],
      [
        'a payment mode over 18 characters',
        (invoice) => invoice.payment && (invoice.payment.mode = 'Real-time gross settlement'),
        'PayDtls.Mode',
        'payment.mode',
        'irn.text.length',
      ],
      [
        'an IFSC over 11 characters',
        (invoice) => invoice.payment && (invoice.payment.ifsc = 'HDFC00001234'),
        'PayDtls.FinInsBr',
        'payment.ifsc',
        'irn.text.length',
      ],
      [
        'credit days over 9999',
        (invoice) => invoice.payment && (invoice.payment.creditDays = 10000),
        'PayDtls.CrDay',
        'payment.creditDays',
        'irn.number.range',
      ],
      [
        'a transport document number over 15 characters',
        (invoice) => invoice.transport && (invoice.transport.transportDocNumber = 'LR-5521-2024-KA-09'),
        'EwbDtls.TransDocNo',
        'transport.transportDocNumber',
        'irn.text.length',
      ],
      [
        'a transport document number off its pattern',
        (invoice) => invoice.transport && (invoice.transport.transportDocNumber = 'LR 5521'),
        'EwbDtls.TransDocNo',
        'transport.transportDocNumber',
        'irn.text.pattern',
      ],
      [
        'a vehicle number under 4 characters',
        (invoice) => invoice.transport && (invoice.transport.vehicleNumber = 'KA-1'),
        'EwbDtls.VehNo',
        'transport.vehicleNumber',
        'irn.text.length',
      ],
      [
        'a transporter id that is not a GSTIN',
        (invoice) => invoice.transport && (invoice.transport.transporterId = 'RANGANATHA-ROAD'),
        'EwbDtls.TransId',
        'transport.transporterId',
        'irn.text.pattern',
      ],
      [
        'a distance over 4000 km',
        (invoice) => invoice.transport && (invoice.transport.distanceKm = 4001),
        'EwbDtls.Distance',
        'transport.distanceKm',
        'irn.number.range',
      ],
      [
        'a supporting document URL over 100 characters',
        (invoice) => (invoice.additionalDocuments = [{ url: `https://erp.example/${'p'.repeat(81)}` }]),
        'AddlDocDtls[0].Url',
        'additionalDocuments[0].url',
        'irn.text.length',
      ],
      [
        'a supporting document with a double quote',
        (invoice) => (invoice.additionalDocuments = [{ document: 'PO "118"' }]),
        'AddlDocDtls[0].Docs',
        'additionalDocuments[0].document',
        'irn.text.pattern',
      ],
    ])('refuses %s', (_name, change, path, canonicalPath, rule) => {
      const outcome = mapped(changed(change));
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.errors).toContainEqual(expect.objectContaining({ path, canonicalPath, rule }));
      expect(outcome.errors.find((error) => error.path === path)?.value).toBeDefined();
    });

    it('refuses a value of the wrong type, as an unchecked override could leave it', () => {
      const outcome = mapped(
        changed((invoice) => {
          Object.assign(invoice.lines[0], { description: 12345 });
          Object.assign(invoice.transport ?? {}, { distanceKm: '120' });
        }),
      );
      expect(!outcome.ok && outcome.errors.map((error) => [error.path, error.rule])).toEqual([
        ['ItemList[0].PrdDesc', 'irn.text.type'],
        ['EwbDtls.Distance', 'irn.number.type'],
      ]);
    });

    it('refuses a negative amount as it did before the limits table', () => {
      const payload = everyLimitedFieldPayload();
      payload.PayDtls = { ...payload.PayDtls, PaidAmt: -1 };
      expect(limitErrorsAt(payload, 'PayDtls.PaidAmt')).toEqual([
        expect.objectContaining({ rule: 'irn.amount.negative', value: '-1' }),
      ]);
    });
  });
});
