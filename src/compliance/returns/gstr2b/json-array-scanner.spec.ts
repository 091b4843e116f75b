import { JsonArrayScanner, JsonScanError, type JsonPath } from './json-array-scanner';

function scan(text: string, chunkSize: number): { path: string; value: unknown }[] {
  const seen: { path: string; value: unknown }[] = [];
  const scanner = new JsonArrayScanner({
    navigate: (path: JsonPath) => path.length === 0 || path.join('.') === 'data',
    streams: (path: JsonPath) => path.join('.') === 'data.list',
    value: (path, value) => seen.push({ path: path.join('.'), value }),
  });
  for (let i = 0; i < text.length; i += chunkSize) scanner.write(text.slice(i, i + chunkSize));
  scanner.end();
  return seen;
}

const DOCUMENT = {
  chksum: 'a"b\\c',
  data: {
    gstin: '29AAACW4202F1ZM',
    n: -1.5e2,
    flag: true,
    none: null,
    list: [{ a: 'x}]', b: [1, { c: '\\"' }] }, 2, 'three', [4]],
    summary: { deep: { deeper: [1, 2] } },
  },
};

describe('JsonArrayScanner', () => {
  it.each([1, 2, 3, 7, 1000])('hands over the same values whatever the chunk size (%i)', (size) => {
    const text = JSON.stringify(DOCUMENT, null, size % 2 ? 2 : undefined);
    expect(scan(text, size)).toEqual([
      { path: 'chksum', value: 'a"b\\c' },
      { path: 'data.gstin', value: '29AAACW4202F1ZM' },
      { path: 'data.n', value: -150 },
      { path: 'data.flag', value: true },
      { path: 'data.none', value: null },
      { path: 'data.list.0', value: { a: 'x}]', b: [1, { c: '\\"' }] } },
      { path: 'data.list.1', value: 2 },
      { path: 'data.list.2', value: 'three' },
      { path: 'data.list.3', value: [4] },
      { path: 'data.summary', value: { deep: { deeper: [1, 2] } } },
    ]);
  });

  it('names the line, column and path of malformed input', () => {
    const text = '{\n "data": {\n  "list": [\n   {"a": 1},\n   {"a": 2,, "b": 3}\n  ]\n }\n}';
    for (const size of [1, 5, 1000]) {
      let error: unknown;
      try {
        scan(text, size);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(JsonScanError);
      expect(error).toMatchObject({ line: 5, column: 12, path: 'data.list[1]' });
    }
  });

  it.each([
    ['{"data": {"list": [1, 2', /end of input/],
    ['{"data": {"list": [1 2]}}', /expected "," or "\]"/],
    ['{"data" {"list": []}}', /expected ":"/],
    ['{"data": {}} x', /after the end/],
    ['', /end of input/],
  ])('refuses %j', (text, reason) => {
    expect(() => scan(text, 4)).toThrow(reason);
  });
});
