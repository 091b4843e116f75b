/**
 * The content hash of a CSV document: what its rows say, column by column (row positions and column order
 * do not matter). The value is `contentHash` of the rows as `{column: value}` objects, as it always was
 * (stored hashes stay valid); it is written here directly, with the header's sorted key prefixes worked
 * out once per header instead of sorting every row's keys.
 */
import { createHash } from 'node:crypto';
import type { CsvRow } from './csv-reader';

interface HeaderPlan {
  /** Column positions in the order stableStringify sorts their names; a repeated name: its last column. */
  indexes: number[];
  /** `"name":` for each of them. */
  prefixes: string[];
}

const plans = new WeakMap<readonly string[], HeaderPlan>();

function planFor(header: readonly string[]): HeaderPlan {
  let plan = plans.get(header);
  if (plan) return plan;
  const lastIndex = new Map<string, number>();
  header.forEach((column, index) => lastIndex.set(column, index));
  const names = [...lastIndex.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  plan = {
    indexes: names.map((name) => lastIndex.get(name) as number),
    prefixes: names.map((name) => `${JSON.stringify(name)}:`),
  };
  plans.set(header, plan);
  return plan;
}

export function rowsHash(header: readonly string[], rows: readonly CsvRow[]): string {
  const { indexes, prefixes } = planFor(header);
  const hash = createHash('sha256').update('[');
  rows.forEach((row, r) => {
    let text = r === 0 ? '{' : ',{';
    for (let k = 0; k < indexes.length; k++) {
      text += `${k === 0 ? '' : ','}${prefixes[k]}${JSON.stringify(row.values[indexes[k]] ?? '')}`;
    }
    hash.update(`${text}}`);
  });
  return hash.update(']').digest('hex');
}
