import { sampleIndiaInvoice } from '../domain/__fixtures__';
import { MAX_OVERRIDE_PATH_LENGTH, readOverridePath } from './override-path';

describe('override paths', () => {
  it('reads canonical paths into segments', () => {
    expect(readOverridePath('lines[2].hsnCode')).toEqual({ ok: true, segments: ['lines', 2, 'hsnCode'] });
    expect(readOverridePath('buyer.address.postalCode')).toEqual({
      ok: true,
      segments: ['buyer', 'address', 'postalCode'],
    });
    expect(readOverridePath('lines[0].attributes[1].value').ok).toBe(true);
    expect(readOverridePath('seller.otherIds[0].scheme').ok).toBe(true);
    expect(readOverridePath('transport').ok).toBe(true);
  });

  it.each([
    ['buyer.__proto__.documents', '"__proto__"'],
    ['__proto__.x', '"__proto__" is not a field of the invoice'],
    ['constructor.prototype.x', '"constructor" is not a field of the invoice'],
    ['buyer.constructor', '"constructor" is not a field of buyer'],
    ['toString', '"toString" is not a field'],
    ['lines[-1].quantity', 'a list'],
    ['lines.0.quantity', 'a list'],
    ['buyer.gstin.length', 'a value with no fields'],
    ['buyer..gstin', 'field name'],
    ['buyer[0]', 'field name'],
    ['ItemList[0].HsnCd', '"ItemList" is not a field'],
    ['', 'empty'],
  ])('refuses %s', (path, problem) => {
    const read = readOverridePath(path);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problem).toContain(problem);
  });

  it('refuses a path longer than any canonical one without reading it', () => {
    const path = Array.from({ length: 10_000 }, () => 'buyer').join('.');
    const read = readOverridePath(path);
    expect(read).toEqual({ ok: false, problem: expect.stringContaining(String(MAX_OVERRIDE_PATH_LENGTH)) });
  });

  it('given the invoice, refuses an index that names no element', () => {
    const invoice = sampleIndiaInvoice();
    const count = invoice.lines.length;
    expect(readOverridePath(`lines[${count - 1}].quantity`, invoice).ok).toBe(true);
    const beyond = readOverridePath(`lines[${count}].quantity`, invoice);
    expect(!beyond.ok && beyond.problem).toContain(`lines has ${count} element(s)`);
    expect(readOverridePath('additionalDocuments[0].url', invoice).ok).toBe(false);
    expect(readOverridePath('transport.vehicleNumber', invoice).ok).toBe(true);
  });
});
