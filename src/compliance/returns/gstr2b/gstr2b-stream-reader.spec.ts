import { readGstr2bStream } from './gstr2b-stream-reader';

const invoice = (n: number) =>
  `{"inum":"INV/${n}","typ":"R","dt":"02-10-2026","val":118,"pos":"29","rev":"N","itcavl":"Y","items":[{"num":1,"rt":18,"txval":100,"igst":18,"cgst":0,"sgst":0,"cess":0}]}`;
const supplier = `{"ctin":"29AABCS1429B1ZB","trdnm":"S","supprd":"102026","inv":[${invoice(1)},${invoice(2)}]}`;

function chunks(text: string, size: number): AsyncIterable<string> {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return (async function* () {
    for (const part of parts) yield await Promise.resolve(part);
  })();
}

describe('readGstr2bStream', () => {
  it("tells the header's GSTIN and period once, before the documents that follow it", async () => {
    const file = `{"chksum":"x","data":{"gstin":"29AAACW4202F1ZM","rtnprd":"102026","gendt":"14-11-2026","docdata":{"b2b":[${supplier},${supplier.replace('29AABCS1429B1ZB', '27AABCS1429B1ZF')}]}}}`;
    const events: string[] = [];
    const read = await readGstr2bStream(
      chunks(file, 40),
      (documents) => {
        events.push(`documents ${documents.length}`);
        return Promise.resolve();
      },
      { batchSize: 2, onHeader: (h) => events.push(`header ${String(h.gstin)} ${String(h.rtnprd)}`) },
    );
    expect(read.header).toMatchObject({ gstin: '29AAACW4202F1ZM', period: '102026' });
    expect(events).toEqual(['header 29AAACW4202F1ZM 102026', 'documents 2', 'documents 2']);
  });

  it('tells a header written after the documents only when it is read, and none when the file names no period', async () => {
    const late: string[] = [];
    await readGstr2bStream(
      chunks(`{"data":{"docdata":{"b2b":[${supplier}]},"gstin":"29AAACW4202F1ZM","rtnprd":"102026"}}`, 16),
      () => {
        late.push('documents');
        return Promise.resolve();
      },
      { batchSize: 1, onHeader: () => late.push('header') },
    );
    expect(late).toEqual(['documents', 'documents', 'header']);
    const none: string[] = [];
    const read = await readGstr2bStream(
      chunks(`{"data":{"gstin":"29AAACW4202F1ZM","docdata":{"b2b":[${supplier}]}}}`, 16),
      () => Promise.resolve(),
      { onHeader: () => none.push('header') },
    );
    expect(none).toEqual([]);
    expect(read.errorCount).toBeGreaterThan(0);
  });
});
