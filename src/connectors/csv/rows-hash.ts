/**
 * The content hash of a CSV document: what its rows say, column by column (row positions and column order
 * do not matter). The value is `contentHash` of the rows as `{column: value}` objects, as it always was
 * (stored hashes stay valid); it is written here directly, with the header's sorted key prefixes worked
 * out once per header instead of sorting every row's keys.
 */
import { hash } from 'node:crypto';
import type { CsvRow } from './csv-reader';

interface HeaderPlan {
  /** Column positions in the order stableStringify sorts their names; a repeated name: its last column. */
  indexes: number[];
  /** `"name":` for the first of them, `,"name":` for each other. */
  prefixes: string[];
}

const plans = new WeakMap<readonly string[], HeaderPlan>();

/** What JSON.stringify escapes (a surrogate only when unpaired; a paired one goes to it too, to be safe). */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const ESCAPED_IN_JSON = /["\\\u0000-\u001f\ud800-\udfff]/;

function planFor(header: readonly string[]): HeaderPlan {
  let plan = plans.get(header);
  if (plan) return plan;
  const lastIndex = new Map<string, number>();
  header.forEach((column, index) => lastIndex.set(column, index));
  const names = [...lastIndex.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  plan = {
    indexes: names.map((name) => lastIndex.get(name) as number),
    prefixes: names.map((name, k) => `${k === 0 ? '' : ','}${JSON.stringify(name)}:`),
  };
  plans.set(header, plan);
  return plan;
}

/** JSON.stringify of a string, without its cost for the common cell that needs no escape. */
function jsonString(value: string): string {
  return ESCAPED_IN_JSON.test(value) ? JSON.stringify(value) : `"${value}"`;
}

export function rowsHash(header: readonly string[], rows: readonly CsvRow[]): string {
  const { indexes, prefixes } = planFor(header);
  // The whole text is built first and hashed in one call: cheaper than a streaming hash fed row by row.
  let text = '[';
  for (let r = 0; r < rows.length; r++) {
    const { values } = rows[r];
    text += r === 0 ? '{' : ',{';
    for (let k = 0; k < indexes.length; k++) text += prefixes[k] + jsonString(values[indexes[k]] ?? '');
    text += '}';
  }
  return hash('sha256', `${text}]`, 'hex');
}
