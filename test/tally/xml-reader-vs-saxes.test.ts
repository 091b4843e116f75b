/**
 * The connector's own XML scanner against saxes, a general conforming parser, on the simulator's voucher,
 * ledger and stock item exports: both must build the same trees, so replacing saxes changed no data.
 */
import { SaxesParser } from 'saxes';
import { TallyRecordReader, type TallyNode } from '../../src/connectors/tally';
import { stripInvalidXmlChars } from '../../src/connectors/tally/xml/control-char-filter';
import {
  generateCompany,
  ledgerRecords,
  stockItemRecords,
  voucherMeta,
  voucherXml,
} from '@erp-connector/sandbox/tally';

/** The tree the connector built with saxes before: same rules for text as TallyRecordReader. */
function saxesRecords(xml: string): TallyNode[] {
  const parser = new SaxesParser({ position: false });
  const records: TallyNode[] = [];
  const stack: TallyNode[] = [];
  parser.on('opentag', (tag) => {
    const node: TallyNode = {
      name: tag.name,
      attrs: tag.attributes as Record<string, string>,
      text: '',
      children: [],
    };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else if (stack.length === 0) records.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => stack.pop());
  const text = (value: string): void => {
    const node = stack[stack.length - 1];
    if (node && node.children.length === 0) node.text += value;
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.write(stripInvalidXmlChars(`<COLLECTION>${xml}</COLLECTION>`)).close();
  return records[0].children;
}

function scannerRecords(xml: string, chunkSize: number): TallyNode[] {
  const reader = new TallyRecordReader({ records: { childrenOf: 'COLLECTION' } });
  const bytes = Buffer.from(`<COLLECTION>${xml}</COLLECTION>`, 'utf8');
  const nodes: TallyNode[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize)
    nodes.push(...reader.write(bytes.subarray(at, at + chunkSize)));
  return [...nodes, ...reader.end()];
}

describe('Tally XML reader matches saxes', () => {
  const company = generateCompany(5, 'Saxes & Co');

  it.each([
    [3, 997],
    [10, 4096],
    [1, 65536],
  ])('on generated vouchers with %i item lines (chunks of %i bytes)', (linesPerVoucher, chunkSize) => {
    const options = { voucherCount: 300, linesPerVoucher, seed: 5, days: 365 };
    const xml = Array.from({ length: 300 }, (_, index) =>
      voucherXml(company, options, voucherMeta(company, options, index), index + 1, {
        narration: index % 7 === 0 ? `Note "${index}" <b> & 'q'\u0001 &#4; done` : undefined,
      }),
    ).join('\n  ');
    const expected = saxesRecords(xml);
    expect(expected).toHaveLength(300);
    expect(scannerRecords(xml, chunkSize)).toEqual(expected);
  });

  it('on ledger and stock item masters', () => {
    const xml = [...ledgerRecords(company), ...stockItemRecords(company)].join('');
    const expected = saxesRecords(xml);
    expect(expected.length).toBeGreaterThan(50);
    expect(scannerRecords(xml, 333)).toEqual(expected);
  });
});
