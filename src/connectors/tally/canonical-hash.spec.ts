import { createHash } from 'node:crypto';
import { canonicalHash } from './canonical-hash';
import type { TallyNode } from './xml/tally-node';

/** The canonical form as documented, built the plain way: the byte writer must hash exactly this. */
function referenceForm(
  node: TallyNode,
  excluded: ReadonlySet<string>,
  excludedAttrs: ReadonlySet<string>,
): string {
  const attrs = Object.keys(node.attrs)
    .sort()
    .filter((key) => !excludedAttrs.has(key))
    .map((key) => ` ${key}=${JSON.stringify(node.attrs[key])}`)
    .join('');
  const inner =
    node.children.length === 0
      ? JSON.stringify(node.text.trim())
      : node.children
          .filter((child) => !excluded.has(child.name))
          .map((child) => referenceForm(child, excluded, excludedAttrs))
          .join('');
  return `<${node.name}${attrs}>${inner}</${node.name}>`;
}

const leaf = (name: string, text: string, attrs: Record<string, string> = {}): TallyNode => ({
  name,
  attrs,
  text,
  children: [],
});

const VOUCHER: TallyNode = {
  name: 'VOUCHER',
  attrs: { VCHTYPE: 'Sales', REMOTEID: 'g-1', VCHKEY: 'k', ACTION: 'Create' },
  text: '\n ',
  children: [
    leaf('DATE', '20240401', { TYPE: 'Date' }),
    leaf('PARTYNAME', '  Deccan Steel "Works" \\ <Foods> ', { TYPE: 'String' }),
    leaf('NARRATION', 'tab\there\nnew line \u007f'),
    leaf('BUYER', 'கணேஷ் Müller 😀'),
    leaf('ODD', 'lone \ud800 surrogate'),
    leaf('ALTERID', ' 12'),
    {
      name: 'LIST',
      attrs: { b: '2', a: 'ä' },
      text: '',
      children: [leaf('ITEM', 'x'), leaf('IRN', 'skip me')],
    },
    leaf('EMPTY', ''),
  ],
};

describe('canonicalHash', () => {
  const excluded = new Set(['ALTERID', 'IRN']);
  const excludedAttrs = new Set(['VCHKEY', 'TYPE']);

  it('hashes the documented canonical form, escaping and Unicode included', () => {
    const expected = createHash('sha256')
      .update(referenceForm(VOUCHER, excluded, excludedAttrs))
      .digest('hex');
    expect(canonicalHash(VOUCHER, excluded, excludedAttrs)).toBe(expected);
  });

  it('ignores excluded elements and attributes but sees every other change', () => {
    const base = canonicalHash(VOUCHER, excluded, excludedAttrs);
    const withAlterId = { ...VOUCHER, children: [...VOUCHER.children, leaf('ALTERID', '99')] };
    expect(canonicalHash(withAlterId, excluded, excludedAttrs)).toBe(base);
    const retyped = { ...VOUCHER, attrs: { ...VOUCHER.attrs, TYPE: 'x', VCHKEY: 'other' } };
    expect(canonicalHash(retyped, excluded, excludedAttrs)).toBe(base);
    const edited = { ...VOUCHER, children: [...VOUCHER.children.slice(1), leaf('DATE', '20240402')] };
    expect(canonicalHash(edited, excluded, excludedAttrs)).not.toBe(base);
  });

  it('keeps what each set of excluded names leaves out apart', () => {
    const other = new Set(['NARRATION']);
    const expected = createHash('sha256')
      .update(referenceForm(VOUCHER, other, excludedAttrs))
      .digest('hex');
    expect(canonicalHash(VOUCHER, excluded, excludedAttrs)).not.toBe(expected);
    expect(canonicalHash(VOUCHER, other, excludedAttrs)).toBe(expected);
  });

  it('hashes a large element (thousands of children, beyond ASCII) as the reference does', () => {
    const big: TallyNode = {
      name: 'BIG',
      attrs: {},
      text: '',
      children: Array.from({ length: 3000 }, (_, index) => leaf('LINE', `${'x'.repeat(40)}ü${index}`)),
    };
    const expected = createHash('sha256')
      .update(referenceForm(big, excluded, excludedAttrs))
      .digest('hex');
    expect(canonicalHash(big, excluded, excludedAttrs)).toBe(expected);
  });
});
