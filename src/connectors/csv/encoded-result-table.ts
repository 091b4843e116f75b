/**
 * A result table kept with the CSV line of each of its rows, exactly as the result file holds them. Applying
 * outcomes re-encodes only the rows they touched (every row only when a document brings new columns), so a
 * rewrite of the file costs the changed rows plus joining the lines, not re-encoding the whole table.
 * Immutable: `withOutcomes` returns a new table sharing the untouched rows, so a table stays what was last
 * written even when writing its successor fails.
 */
import { stringify } from 'csv-stringify/sync';
import {
  type ResultTable,
  type ResultUpdate,
  addResultColumns,
  newResultRow,
  sourceRowKey,
  updateRow,
} from './result-table';
import { neutraliseFormula } from '../../domain';

interface EncodedRow {
  readonly values: Readonly<Record<string, string>>;
  /** Its place in the file: rows are sorted by `Number(SourceRow)`, as `applyOutcomes` sorts them. */
  readonly order: number;
  /** The row as one CSV record in UTF-8, line break included. */
  readonly line: Buffer;
}

export class EncodedResultTable {
  private constructor(
    private readonly header: readonly string[],
    private readonly headerLine: Buffer,
    /** In file order. */
    private readonly rows: readonly EncodedRow[],
    /** Where source rows appear more than once (a hand-edited file), the last one is the one updated. */
    private readonly bySourceRow: ReadonlyMap<string, EncodedRow>,
  ) {}

  /** Encodes every row of a table (as read from a file); its row objects are shared, not copied. */
  static of(table: ResultTable): EncodedResultTable {
    const rows = table.rows.map((values) => encodeRow(table.header, values));
    return new EncodedResultTable(
      [...table.header],
      encodeRecord(table.header),
      rows,
      indexBySourceRow(rows),
    );
  }

  /** Same rows, columns and order as `applyOutcomes` gives for the same table and outcomes. */
  withOutcomes(updates: readonly ResultUpdate[]): EncodedResultTable {
    const header = [...this.header];
    const known = new Set(header);
    const updated = new Map<EncodedRow, Record<string, string>>();
    const added = new Map<string, Record<string, string>>();
    for (const { raw, outcome } of updates) {
      addResultColumns(header, known, raw, outcome);
      for (const source of raw.rows) {
        const key = sourceRowKey(source);
        const existing = this.bySourceRow.get(key);
        let values = existing ? updated.get(existing) : added.get(key);
        if (!values) {
          values = existing ? { ...existing.values } : newResultRow(raw, source);
          if (existing) updated.set(existing, values);
          else added.set(key, values);
        }
        updateRow(values, outcome);
      }
    }
    const headerGrew = header.length > this.header.length;
    const rows = this.rows.map((row) => {
      const values = updated.get(row) ?? (headerGrew ? row.values : undefined);
      return values ? encodeRow(header, values) : row;
    });
    for (const values of added.values()) rows.push(encodeRow(header, values));
    rows.sort((a, b) => a.order - b.order);
    const headerLine = headerGrew ? encodeRecord(header) : this.headerLine;
    return new EncodedResultTable(header, headerLine, rows, indexBySourceRow(rows));
  }

  /** The result file's content. */
  content(): Buffer {
    return Buffer.concat([this.headerLine, ...this.rows.map((row) => row.line)]);
  }
}

function encodeRow(header: readonly string[], values: Readonly<Record<string, string>>): EncodedRow {
  return {
    values,
    order: Number(values.SourceRow),
    line: encodeRecord(header.map((column) => values[column] ?? '')),
  };
}

/**
 * One record as csv-stringify writes it within a file (it encodes records independently of each other), in
 * a buffer of its own: lines live as long as their row, so they must not pin shared pool memory. Every
 * cell is neutralised against formula injection: input cells are copied from the source file as they
 * were, and error messages can quote what an ERP or an authority sent.
 */
function encodeRecord(record: readonly string[]): Buffer {
  const line = stringify([record.map(neutraliseFormula)], { record_delimiter: 'windows' });
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(line));
  bytes.write(line);
  return bytes;
}

function indexBySourceRow(rows: readonly EncodedRow[]): Map<string, EncodedRow> {
  return new Map(rows.map((row) => [row.values.SourceRow, row]));
}
