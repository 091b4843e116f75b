import {
  MAX_ATTRIBUTES,
  MAX_START_TAG,
  MAX_TEXT,
  XmlDeclarationRefused,
  XmlScanner,
  XmlSyntaxError,
} from './xml-scanner';

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

/** Events of the scanner in the mode Tally's answers are read in: UTF-8 bytes, Tally's characters dropped. */
function tallyEvents(chunks: Buffer[]): string[] {
  const out: string[] = [];
  const scanner = new XmlScanner(
    {
      open: (name, attrs) =>
        out.push(`<${[name, ...Object.entries(attrs).map(([key, value]) => `${key}=${value}`)].join(' ')}>`),
      text: (text) => out.push(`"${text}"`),
      close: (name) => out.push(`</${name}>`),
    },
    { tallyCharacters: true, utf8Bytes: true },
  );
  for (const chunk of chunks) scanner.write(chunk.toString('latin1'));
  scanner.end();
  return out;
}

describe('XmlScanner in Tally mode', () => {
  const xml =
    '<ENVELOPE>\u0000<A TYPE="String">&#4; Not Applicable</A><A TYPE="String">x&#8;y&#x1F;z\u0001&#65;</A>' +
    '<B NAME="கணேஷ் &#4;\u0002Co">Müller – 😀</B><B NAME="Ürün">\u0007Spécial</B></ENVELOPE>\u0000';

  it('drops &#4; with its space, other invalid references and raw control characters; decodes UTF-8', () => {
    expect(tallyEvents([Buffer.from(xml, 'utf8')])).toEqual([
      '<ENVELOPE>',
      '<A TYPE=String>',
      '"Not Applicable"',
      '</A>',
      '<A TYPE=String>',
      '"xyzA"',
      '</A>',
      '<B NAME=கணேஷ் Co>',
      '"Müller – 😀"',
      '</B>',
      '<B NAME=Ürün>',
      '"Spécial"',
      '</B>',
      '</ENVELOPE>',
    ]);
  });

  it('gives the same events whatever bytes the chunks are cut at, inside characters too', () => {
    const bytes = Buffer.from(xml, 'utf8');
    const whole = tallyEvents([bytes]);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(tallyEvents([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(whole);
    }
  });

  it('reads a repeated tag the same way the second time (remembered tags), attributes shared and frozen', () => {
    const attrs: Record<string, string>[] = [];
    const scanner = new XmlScanner(
      { open: (_name, a) => attrs.push(a), text: () => undefined, close: () => undefined },
      { tallyCharacters: true, utf8Bytes: true },
    );
    scanner.write('<R><A T="1" U="2">x</A><A T="1" U="2">y</A><A T="1" U="3">z</A><A U="2" T="1"/></R>');
    scanner.end();
    expect(attrs.slice(1)).toEqual([
      { T: '1', U: '2' },
      { T: '1', U: '2' },
      { T: '1', U: '3' },
      { U: '2', T: '1' },
    ]);
    expect(attrs[1]).toBe(attrs[2]);
    expect(Object.isFrozen(attrs[1])).toBe(true);
  });

  it.each([
    ['<!DOCTYPE x [<!ENTITY a "b">]><A/>', XmlDeclarationRefused],
    ['<A>&lol;</A>', XmlSyntaxError],
    ['<A></B>', XmlSyntaxError],
    ['<A><B></A></B>', XmlSyntaxError],
    ['<A>text</A>junk', XmlSyntaxError],
  ])('still rejects %j', (text, errorClass) => {
    expect(() => tallyEvents([Buffer.from(text, 'utf8')])).toThrow(errorClass);
  });

  it('leaves invalid character references an error outside Tally mode', () => {
    expect(() => scan('<A>&#4; x</A>')).toThrow(XmlSyntaxError);
  });
});

describe('XmlScanner against hostile input (issue 20, item 6)', () => {
  const quiet = (): XmlScanner =>
    new XmlScanner(
      { open: () => undefined, text: () => undefined, close: () => undefined },
      { tallyCharacters: true },
    );

  it('refuses a start tag with 200,000 attributes as soon as it passes its bounds', () => {
    let fed = 0;
    const attempt = (): void => {
      fed = 0;
      const scanner = quiet();
      scanner.write('<ENVELOPE><VOUCHER');
      for (let chunk = 0; chunk < 200; chunk += 1) {
        const attrs = Array.from({ length: 1000 }, (_, k) => ` a${chunk}_${k}="1"`).join('');
        scanner.write(attrs);
        fed += attrs.length;
      }
    };
    expect(attempt).toThrow(/start tag longer than|more than 256 attributes/);
    expect(fed).toBeLessThanOrEqual(MAX_START_TAG);
  });

  it('refuses an unfinished start tag longer than MAX_START_TAG, however few its attributes', () => {
    const scanner = quiet();
    scanner.write('<ENVELOPE><VOUCHER a="');
    expect(() => {
      for (let fed = 0; fed < 2 * MAX_START_TAG; fed += 4096) scanner.write('v'.repeat(4096));
    }).toThrow(`start tag longer than ${MAX_START_TAG} characters: refused`);
  });

  it('refuses more than MAX_ATTRIBUTES attributes in a short tag', () => {
    const attrs = Array.from({ length: MAX_ATTRIBUTES + 1 }, (_, index) => ` a${index}="1"`).join('');
    expect(() => scan(`<A${attrs}/>`)).toThrow(`<A> has more than ${MAX_ATTRIBUTES} attributes`);
  });

  it('refuses a 100 MB text node once it passes MAX_TEXT, holding no more than that', () => {
    let fed = 0;
    const attempt = (): void => {
      fed = 0;
      const scanner = quiet();
      scanner.write('<ENVELOPE><NARRATION>');
      for (; fed < 100 * 1024 * 1024; fed += 65536) scanner.write('x'.repeat(65536));
    };
    expect(attempt).toThrow(`text longer than ${MAX_TEXT} characters: refused`);
    expect(fed).toBeLessThanOrEqual(MAX_TEXT);
  });

  it('reads a long text run arriving in many small chunks as one value', () => {
    const texts: string[] = [];
    const scanner = new XmlScanner({
      open: () => undefined,
      text: (text) => texts.push(text),
      close: () => undefined,
    });
    scanner.write('<A>');
    for (let index = 0; index < 4096; index += 1) scanner.write(`${index % 10}`.repeat(1024));
    scanner.write('</A>');
    scanner.end();
    expect(texts).toHaveLength(1);
    expect(texts[0]).toHaveLength(4096 * 1024);
    expect(texts[0].slice(1024, 1026)).toBe('11');
  });

  it('refuses billion laughs and external entities, in one piece or cut anywhere', () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>';
    const external = '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><x>&xxe;</x>';
    for (const xml of [laughs, external]) {
      expect(() => scan(xml)).toThrow(XmlDeclarationRefused);
      expect(() => events(xml.split(''))).toThrow(XmlDeclarationRefused);
    }
    expect(() => scan('<x>&lol;</x>')).toThrow('undefined entity &lol;');
  });
});
