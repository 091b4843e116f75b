import { XmlDeclarationRefused, XmlScanner, XmlSyntaxError } from './xml-scanner';

/** Events as text: `<A k=v>`, `"text"`, `</A>`; adjacent text runs joined (a run may come in pieces). */
function events(chunks: string[]): string[] {
  const out: string[] = [];
  const push = (event: string): void => {
    const last = out[out.length - 1];
    if (event.startsWith('"') && last?.startsWith('"'))
      out[out.length - 1] = `${last.slice(0, -1)}${event.slice(1)}`;
    else out.push(event);
  };
  const scanner = new XmlScanner({
    open: (name, attrs) =>
      push(`<${[name, ...Object.entries(attrs).map(([key, value]) => `${key}=${value}`)].join(' ')}>`),
    text: (text) => push(`"${text}"`),
    close: (name) => push(`</${name}>`),
  });
  for (const chunk of chunks) scanner.write(chunk);
  scanner.end();
  return out;
}

const scan = (xml: string): string[] => events([xml]);

const TRICKY =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- head -->\n<ENVELOPE>\n <A TYPE="String" x=\'1 > 0\'>Ganesh &amp; Co &lt;&#65;&#x42;&gt;&quot;&apos;</A>' +
  '<B/><C  k = "v"\t/><D><![CDATA[raw <b> & stuff]]></D><UDF:IRN.LIST DESC="`IRN`">கணேஷ்</UDF:IRN.LIST ><?pi data?><E>a\nb</E></ENVELOPE >\n';

describe('XmlScanner', () => {
  it('reads elements, attributes, references, CDATA, and skips comments and processing instructions', () => {
    expect(scan(TRICKY)).toEqual([
      '<ENVELOPE>',
      '"\n "',
      '<A TYPE=String x=1 > 0>',
      `"Ganesh & Co <AB>"'"`,
      '</A>',
      '<B>',
      '</B>',
      '<C k=v>',
      '</C>',
      '<D>',
      '"raw <b> & stuff"',
      '</D>',
      '<UDF:IRN.LIST DESC=`IRN`>',
      '"கணேஷ்"',
      '</UDF:IRN.LIST>',
      '<E>',
      '"a\nb"',
      '</E>',
      '</ENVELOPE>',
    ]);
  });

  it('gives the same events however the input is cut into chunks', () => {
    const whole = scan(TRICKY);
    for (let cut = 1; cut < TRICKY.length; cut += 1) {
      expect(events([TRICKY.slice(0, cut), TRICKY.slice(cut)])).toEqual(whole);
    }
    expect(events([...TRICKY])).toEqual(whole);
  });

  it('normalises tabs and line breaks in attribute values to spaces', () => {
    expect(scan('<A k="a\tb\nc"/>')[0]).toBe('<A k=a b c>');
  });

  it.each([
    ['<!DOCTYPE x [<!ENTITY a "b">]><A/>', XmlDeclarationRefused],
    ['<A><!ENTITY a "b"></A>', XmlDeclarationRefused],
    ['<A></B>', XmlSyntaxError],
    ['<A><B></A></B>', XmlSyntaxError],
    ['<A>', XmlSyntaxError],
    ['<A/><B/>', XmlSyntaxError],
    ['text<A/>', XmlSyntaxError],
    ['', XmlSyntaxError],
    ['<A>&lol;</A>', XmlSyntaxError],
    ['<A>a & b</A>', XmlSyntaxError],
    ['<A>&#0;</A>', XmlSyntaxError],
    ['<A k="<"/>', XmlSyntaxError],
    ['<A k="1" k="2"/>', XmlSyntaxError],
    ['<A k="1"j="2"/>', XmlSyntaxError],
    ['<A k=1/>', XmlSyntaxError],
    ['<A k/>', XmlSyntaxError],
    ['<1A/>', XmlSyntaxError],
    ['<A>]]></A>', XmlSyntaxError],
    ['<A x="1', XmlSyntaxError],
    ['</A>', XmlSyntaxError],
  ])('rejects %j', (xml, errorClass) => {
    expect(() => scan(xml)).toThrow(errorClass);
  });

  it('refuses a DOCTYPE even when its first bytes arrive alone', () => {
    expect(() => events(['<!', 'DOC', 'TYPE x><A/>'])).toThrow(XmlDeclarationRefused);
  });
});
