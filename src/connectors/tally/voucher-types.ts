import type { DocumentType } from '../../domain';
import { childText, type TallyNode } from './xml/tally-node';

/** The Tally voucher types pulled as sales, credit notes and debit notes (names as configured). */
export interface SalesVoucherTypes {
  sales: readonly string[];
  creditNotes: readonly string[];
  debitNotes: readonly string[];
}

export function documentTypeOf(types: SalesVoucherTypes, voucherType: string): DocumentType | undefined {
  const has = (names: readonly string[]): boolean =>
    names.some((name) => name.toLowerCase() === voucherType.toLowerCase());
  if (has(types.sales)) return 'INV';
  if (has(types.creditNotes)) return 'CRN';
  if (has(types.debitNotes)) return 'DBN';
  return undefined;
}

/** TallyPrime's predefined voucher types every custom type descends from, by what they are to us. */
const PREDEFINED: Readonly<Record<string, keyof SalesVoucherTypes>> = {
  sales: 'sales',
  'credit note': 'creditNotes',
  'debit note': 'debitNotes',
};
/** Longest PARENT chain followed: Tally's are a few levels; a loop in broken data stops here. */
const MAX_CHAIN = 32;

/**
 * The sales, credit note and debit note voucher types of a company: the configured names, plus every
 * voucher type master whose PARENT chain reaches the predefined Sales, Credit Note or Debit Note type
 * ($$IsSales and its kin), so a custom type ("GST Sales" under "Sales") is pulled without configuration.
 */
export function resolveVoucherTypes(
  configured: SalesVoucherTypes,
  masters: readonly TallyNode[],
): SalesVoucherTypes {
  const parents = new Map<string, { name: string; parent: string }>();
  for (const node of masters) {
    const name = node.attrs.NAME ?? childText(node, 'NAME');
    if (name) parents.set(name.toLowerCase(), { name, parent: childText(node, 'PARENT') });
  }
  const resolved = {
    sales: [...configured.sales],
    creditNotes: [...configured.creditNotes],
    debitNotes: [...configured.debitNotes],
  };
  const known = new Set(
    [...resolved.sales, ...resolved.creditNotes, ...resolved.debitNotes].map((n) => n.toLowerCase()),
  );
  for (const { name } of parents.values()) {
    if (known.has(name.toLowerCase())) continue;
    const kind = predefinedAncestor(name, parents);
    if (kind) resolved[kind].push(name);
  }
  return resolved;
}

function predefinedAncestor(
  name: string,
  parents: ReadonlyMap<string, { name: string; parent: string }>,
): keyof SalesVoucherTypes | undefined {
  let current = name.toLowerCase();
  for (let depth = 0; depth < MAX_CHAIN; depth += 1) {
    const entry = parents.get(current);
    const parent = entry?.parent.toLowerCase() ?? '';
    // A predefined type is its own parent (or has none); a custom one names the type it was made from.
    if (!entry || parent === '' || parent === current) return PREDEFINED[current];
    current = parent;
  }
  return undefined;
}
