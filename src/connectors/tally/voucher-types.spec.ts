import { documentTypeOf, resolveVoucherTypes } from './voucher-types';
import { parseTallyXml } from './xml/tally-xml-reader';

const master = (name: string, parent: string) =>
  parseTallyXml(`<VOUCHERTYPE NAME="${name}"><NAME>${name}</NAME><PARENT>${parent}</PARENT></VOUCHERTYPE>`);

describe('sales voucher types by their PARENT chain', () => {
  const configured = { sales: ['Sales'], creditNotes: ['Credit Note'], debitNotes: ['Debit Note'] };
  const masters = [
    master('Sales', 'Sales'),
    master('Credit Note', 'Credit Note'),
    master('Purchase', 'Purchase'),
    master('GST Sales', 'Sales'),
    master('Export Sales', 'GST Sales'),
    master('Sales Return', 'Credit Note'),
    master('Purchase Return', 'Purchase'),
    master('Loop A', 'Loop B'),
    master('Loop B', 'Loop A'),
  ];

  it('finds custom types at any depth under the predefined ones', () => {
    const types = resolveVoucherTypes(configured, masters);
    expect(types).toEqual({
      sales: ['Sales', 'GST Sales', 'Export Sales'],
      creditNotes: ['Credit Note', 'Sales Return'],
      debitNotes: ['Debit Note'],
    });
    expect(documentTypeOf(types, 'export sales')).toBe('INV');
    expect(documentTypeOf(types, 'Sales Return')).toBe('CRN');
    expect(documentTypeOf(types, 'Purchase Return')).toBeUndefined();
  });

  it('keeps configured names where Tally has no voucher type masters to say', () => {
    const custom = { ...configured, sales: ['Sales', 'Counter Sales'] };
    expect(resolveVoucherTypes(custom, [])).toEqual(custom);
  });
});
