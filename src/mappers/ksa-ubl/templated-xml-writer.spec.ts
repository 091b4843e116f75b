import { DOMParser } from '@xmldom/xmldom';
import { TemplatedXmlWriter, type XmlRootElement } from './templated-xml-writer';

const ROOT: XmlRootElement = {
  namespace: 'urn:example:root',
  name: 'Doc',
  attributes: { 'xmlns:a': 'urn:example:a', 'xmlns:b': 'urn:example:b' },
};

interface Values {
  id: string;
  currency: string;
  amount: string;
  note?: string;
  lines: string[];
}

function write(values: Values): TemplatedXmlWriter {
  const xml = new TemplatedXmlWriter(ROOT);
  xml.text('b:ID', values.id);
  if (values.note !== undefined) xml.text('b:Note', values.note);
  xml.element('a:Total', () => xml.text('b:Amount', values.amount, { currencyID: values.currency }));
  for (const line of values.lines) {
    xml.element('a:Line', () => {
      xml.text('b:Name', line);
      xml.element('a:Empty', () => undefined);
    });
  }
  return xml;
}

const HOSTILE = [
  'A & B',
  'A &amp; B',
  '&nbsp;',
  '&#65;',
  '<tag>',
  'say "hi" & \'bye\'',
  'tab\there\nnewline',
  'شركة نجد | Najd',
  '\uE000slot\uE000',
  '',
];

describe('TemplatedXmlWriter', () => {
  it('writes exactly what xmlbuilder2 writes for the same document', () => {
    const values = { id: 'INV-1', currency: 'SAR', amount: '10.00', note: 'n', lines: ['x', 'y'] };
    const writer = write(values);
    const xml = writer.toXml();
    expect(xml).toBe(writer.toXmlWithoutTemplate());
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>' +
        '<Doc xmlns="urn:example:root" xmlns:a="urn:example:a" xmlns:b="urn:example:b">' +
        '<b:ID>INV-1</b:ID><b:Note>n</b:Note>' +
        '<a:Total><b:Amount currencyID="SAR">10.00</b:Amount></a:Total>' +
        '<a:Line><b:Name>x</b:Name><a:Empty/></a:Line><a:Line><b:Name>y</b:Name><a:Empty/></a:Line>' +
        '</Doc>',
    );
  });

  it('reuses the template of a shape for other values, escaping them as xmlbuilder2 does', () => {
    for (const value of HOSTILE) {
      const writer = write({ id: value, currency: value, amount: value, note: value, lines: [value] });
      expect(writer.toXml()).toBe(writer.toXmlWithoutTemplate());
    }
  });

  it('keeps documents of different shapes apart', () => {
    const withNote = write({ id: '1', currency: 'SAR', amount: '1', note: 'n', lines: ['x'] }).toXml();
    const withoutNote = write({ id: '1', currency: 'SAR', amount: '1', lines: ['x', 'y', 'z'] }).toXml();
    expect(withNote).toContain('<b:Note>n</b:Note>');
    expect(withoutNote).not.toContain('b:Note');
    expect(withoutNote.match(/<a:Line>/g)).toHaveLength(3);
  });

  it('writes every value so that an XML parser reads it back unchanged', () => {
    const writer = write({ id: HOSTILE.join('|'), currency: 'S"A<R&', amount: '1', lines: HOSTILE });
    const document = new DOMParser().parseFromString(writer.toXml(), 'text/xml');
    const names = Array.from(document.getElementsByTagName('b:Name')).map((node) => node.textContent);
    expect(names).toEqual(HOSTILE);
    expect(document.getElementsByTagName('b:ID')[0].textContent).toBe(HOSTILE.join('|'));
    expect(document.getElementsByTagName('b:Amount')[0].getAttribute('currencyID')).toBe('S"A<R&');
  });

  it('always escapes an ampersand, also before something that looks like an entity', () => {
    const xml = write({ id: 'A &amp; B &nbsp;', currency: 'SAR', amount: '1', lines: [] }).toXml();
    expect(xml).toContain('<b:ID>A &amp;amp; B &amp;nbsp;</b:ID>');
  });

  it('refuses a document left open and a close without an open', () => {
    const open = new TemplatedXmlWriter(ROOT);
    open.open('a:Total');
    expect(() => open.toXml()).toThrow('left open');
    expect(() => new TemplatedXmlWriter(ROOT).close()).toThrow('close() without open()');
  });
});
