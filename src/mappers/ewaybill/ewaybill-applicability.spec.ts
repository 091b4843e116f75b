import { sampleIndiaCreditNote, sampleIndiaInvoice } from '../../domain/__fixtures__';
import type { InvoiceLine } from '../../domain';
import { consignmentValue, ewaybillApplicability } from './ewaybill-applicability';

describe('ewaybillApplicability', () => {
  it('counts goods only: the sample has Rs 53,692.96 of goods (the service line left out), over Rs 50,000', () => {
    const answer = ewaybillApplicability(sampleIndiaInvoice(), {});
    expect(answer).toMatchObject({ needed: true, consignmentValue: '53692.96', threshold: '50000.00' });
  });

  it('needs none at or under the threshold, and honours the state table of the origin state', () => {
    expect(ewaybillApplicability(sampleIndiaInvoice(), { threshold: '53692.96' }).needed).toBe(false);
    expect(ewaybillApplicability(sampleIndiaInvoice(), { threshold: '53692.95' }).needed).toBe(true);
    const karnataka = ewaybillApplicability(sampleIndiaInvoice(), { stateThresholds: { '29': '100000' } });
    expect(karnataka).toMatchObject({ needed: false, threshold: '100000.00' });
    expect(ewaybillApplicability(sampleIndiaInvoice(), { stateThresholds: { '27': '100000' } }).needed).toBe(
      true,
    );
  });

  it('leaves out exempt HSNs and services (chapter 99 even when not flagged as a service)', () => {
    const exempt = ewaybillApplicability(sampleIndiaInvoice(), { exemptHsnPrefixes: ['9403'] });
    expect(exempt).toMatchObject({ needed: false, consignmentValue: '24782.96' });
    const invoice = sampleIndiaInvoice();
    invoice.lines = invoice.lines.map((line): InvoiceLine => ({
      ...line,
      hsnCode: '998739',
      isService: false,
    }));
    expect(ewaybillApplicability(invoice, {}).needed).toBe(false);
    expect(consignmentValue(invoice, {}).toString()).toBe('0');
  });

  it('with movement "when-transport-given", needs one only with transport details or a default', () => {
    const rules = { movement: 'when-transport-given' as const };
    expect(ewaybillApplicability(sampleIndiaInvoice(), rules).needed).toBe(false);
    expect(ewaybillApplicability(sampleIndiaInvoice({ transport: { distanceKm: 10 } }), rules).needed).toBe(
      true,
    );
    expect(
      ewaybillApplicability(sampleIndiaInvoice(), { ...rules, defaultTransport: { distanceKm: 0 } }).needed,
    ).toBe(true);
  });

  it('applies to tax invoices only, unless the instance lists notes too', () => {
    const note = sampleIndiaCreditNote();
    note.lines = sampleIndiaInvoice().lines;
    expect(ewaybillApplicability(note, {})).toMatchObject({ needed: false });
    expect(ewaybillApplicability(note, { documentTypes: ['INV', 'CRN'] }).needed).toBe(true);
  });

  it('never applies to a Saudi document', () => {
    expect(ewaybillApplicability(sampleIndiaInvoice({ country: 'SA' }), {}).needed).toBe(false);
  });
});
