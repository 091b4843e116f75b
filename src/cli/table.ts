/**
 * Plain-text tables for terminals: a header row, a rule, one line per row, columns padded to the
 * widest cell. Empty values print as "-"; over-long cells are cut with "…" so a row stays one line.
 */
export type Cell = string | number | boolean | null | undefined;

export interface Column<T> {
  header: string;
  value: (row: T) => Cell;
  /** Longest a cell may be before it is cut (default 60). */
  maxWidth?: number;
  align?: 'left' | 'right';
}

const DEFAULT_MAX_WIDTH = 60;
const GAP = '  ';

export function cellText(value: Cell): string {
  if (value === null || value === undefined || value === '') return '-';
  return String(value).replace(/\s+/g, ' ');
}

export function truncate(text: string, maxWidth: number): string {
  if (text.length <= maxWidth) return text;
  if (maxWidth <= 1) return '…'.slice(0, maxWidth);
  return `${text.slice(0, maxWidth - 1)}…`;
}

export function formatTable<T>(columns: Column<T>[], rows: readonly T[]): string {
  const cells = rows.map((row) =>
    columns.map((column) => truncate(cellText(column.value(row)), column.maxWidth ?? DEFAULT_MAX_WIDTH)),
  );
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...cells.map((line) => line[i].length)),
  );
  const render = (line: string[]): string =>
    line
      .map((text, i) => (columns[i].align === 'right' ? text.padStart(widths[i]) : text.padEnd(widths[i])))
      .join(GAP)
      .trimEnd();
  const header = render(columns.map((c) => c.header));
  const rule = widths.map((w) => '-'.repeat(w)).join(GAP);
  return [header, rule, ...cells.map(render)].join('\n') + '\n';
}

/** `key: value` lines with the keys aligned, skipping empty values. */
export function formatFields(fields: [string, Cell][], indent = ''): string {
  const shown = fields.filter(([, value]) => value !== null && value !== undefined && value !== '');
  const width = Math.max(0, ...shown.map(([key]) => key.length));
  return shown.map(([key, value]) => `${indent}${`${key}:`.padEnd(width + 2)}${String(value)}\n`).join('');
}
