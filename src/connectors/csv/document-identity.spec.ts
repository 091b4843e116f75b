import { qrImageName, withNoteType } from './document-identity';

describe('document identity of CSV notes', () => {
  it("keeps an invoice's id and ends a note's with its type", () => {
    expect(withNoteType('india-b2b-lines:A-1:2026-27', undefined)).toBe('india-b2b-lines:A-1:2026-27');
    expect(withNoteType('india-b2b-lines:A-1:2026-27', 'CRN')).toBe('india-b2b-lines:A-1:2026-27:CRN');
    expect(withNoteType('india-b2b-lines:A-1:undated', 'DBN')).toBe('india-b2b-lines:A-1:undated:DBN');
  });

  it('never gives a note the id of an invoice, even one whose number starts with a type', () => {
    // Invoice "CRN:A-1" (not a valid Indian number, but a file may hold it) against credit note "A-1".
    const invoice = withNoteType(`p:${'CRN:A-1'}:2026-27`, undefined);
    expect(withNoteType('p:A-1:2026-27', 'CRN')).not.toBe(invoice);
  });

  it("keeps an invoice's QR image name and marks a note's with its type", () => {
    expect(qrImageName('A-1', undefined, 'in-einvoice')).toBe('A-1-in-einvoice');
    expect(qrImageName('A-1', 'CRN', 'in-einvoice')).toBe('A-1.CRN-in-einvoice');
    expect(qrImageName('A-1', 'DBN', 'sa-zatca')).toBe('A-1.DBN-sa-zatca');
    expect(qrImageName('A-1-CRN', undefined, 'in-einvoice')).not.toBe(
      qrImageName('A-1', 'CRN', 'in-einvoice'),
    );
  });
});
