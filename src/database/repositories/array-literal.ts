/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) of one column of a batch, sent as one text parameter and cast
 * in SQL (`$1::numeric[]`). node-postgres makes the same literal from a JavaScript array, but escapes every
 * element with two regular-expression replaces: for the columns of a large batch (a GSTR-2B of a million
 * documents, a register, a month's verdicts) that was the service's largest single cost after its garbage
 * collector. Here an element is escaped only when it holds a quote or a backslash.
 */
const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

/** What a column of a batch holds: text (numbers and dates as text too), a number, a flag or nothing. */
export type ArrayElement = string | number | boolean | null | undefined;

export function arrayLiteral(values: readonly ArrayElement[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) parts[i] = 'NULL';
    else if (typeof value === 'number' || typeof value === 'boolean') parts[i] = String(value);
    else {
      parts[i] = NEEDS_ESCAPE.test(value) ? `"${value.replace(ESCAPED, '\\$&')}"` : `"${value}"`;
    }
  }
  return `{${parts.join(',')}}`;
}

/** One array literal per key of `rows` (the column arrays of an unnest). */
export function columnLiterals<Row>(rows: readonly Row[], keys: readonly (keyof Row)[]): string[] {
  return keys.map((key) => arrayLiteral(rows.map((row) => row[key] as ArrayElement)));
}
