import { ControlCharFilter, stripInvalidXmlChars } from './control-char-filter';
import { TallyRecordReader, TallyXmlError, parseTallyXml } from './tally-xml-reader';
import { childText } from './tally-node';

function readAll(bytes: Buffer, chunkSize: number, records = new Set(['VOUCHER'])): string[] {
  const reader = new TallyRecordReader({ records });
  const names: string[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) {
    for (const node of reader.write(bytes.subarray(at, at + chunkSize))) names.push(childText(node, 'NAME'));
  }
  for (const node of reader.end()) names.push(childText(node, 'NAME'));
  return names;
}

const XML =
  '<ENVELOPE><COLLECTION><VOUCHER><NAME>Ganesh &amp; Co</NAME><X>&#4; Not Applicable</X></VOUCHER><VOUCHER><NAME>கணேஷ்\u0004</NAME></VOUCHER></COLLECTION></ENVELOPE>';

describe('Tally XML reader', () => {
  it('strips the &#4; sentinel, other invalid references and raw control characters', () => {
    expect(stripInvalidXmlChars('<A>&#4; Not Applicable</A>')).toBe('<A>Not Applicable</A>');
    expect(stripInvalidXmlChars('<A>x&#8;y&#x1F;z\u0001&#65;</A>')).toBe('<A>xyz&#65;</A>');
  });

  it('keeps a character reference split across chunks intact', () => {
    const filter = new ControlCharFilter();
    const out =
      filter.push('<A>ab&#') + filter.push('4; Not Applicable &#6') + filter.push('5;</A>') + filter.end();
    expect(out).toBe('<A>abNot Applicable &#65;</A>');
  });

  it.each([1, 3, 7, 4096])('streams records out of UTF-8 in %i-byte chunks', (size) => {
    expect(readAll(Buffer.from(XML, 'utf8'), size)).toEqual(['Ganesh & Co', 'கணேஷ்']);
  });

  it.each([1, 5, 4096])('streams records out of UTF-16LE with a BOM in %i-byte chunks', (size) => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(XML, 'utf16le')]);
    expect(readAll(bytes, size)).toEqual(['Ganesh & Co', 'கணேஷ்']);
  });

  it('captures direct children of a collection whatever their name', () => {
    const xml =
      '<ENVELOPE><COLLECTION><ROW><NAME>a</NAME></ROW><OTHER><NAME>b</NAME></OTHER></COLLECTION></ENVELOPE>';
    const reader = new TallyRecordReader({ records: { childrenOf: 'COLLECTION' } });
    const nodes = [...reader.write(Buffer.from(xml)), ...reader.end()];
    expect(nodes.map((node) => node.name)).toEqual(['ROW', 'OTHER']);
  });

  it('accepts the control characters Tally leaves between elements and after the document', () => {
    const xml =
      '<ENVELOPE>\u0004<COLLECTION><VOUCHER><NAME>a\u0001b</NAME></VOUCHER></COLLECTION></ENVELOPE>\u0000';
    expect(readAll(Buffer.from(xml, 'utf8'), 7)).toEqual(['ab']);
    expect(readAll(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]), 7)).toEqual([
      'ab',
    ]);
  });

  it('refuses DOCTYPE and ENTITY declarations', () => {
    const bomb =
      '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><ENVELOPE>&lol2;</ENVELOPE>';
    expect(() => parseTallyXml(bomb)).toThrow(TallyXmlError);
    expect(() => parseTallyXml(bomb)).toThrow(/DOCTYPE/);
  });

  it('reports truncated XML', () => {
    expect(() => parseTallyXml('<ENVELOPE><VOUCHER>')).toThrow(TallyXmlError);
  });
});
