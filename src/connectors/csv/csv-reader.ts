/**
 * Streams a CSV file into a header and numbered rows. Row numbers are those a spreadsheet shows: the first
 * record of the file is row 1 (so with the header on row 1, the first data row is row 2), and a cell spanning
 * several lines is still one row.
 */
import { createReadStream } from 'node:fs';
import { Readable, Transform, pipeline, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import { CsvError, parse } from 'csv-parse';
import type { CsvEncoding } from './csv-profile';
import { firstInvalidUtf8, windows1252Reading } from './invalid-utf8';

export interface CsvRow {
  /** Spreadsheet row number (1-based, header included). */
  rowNumber: number;
  /** Cells in header order; missing trailing cells are empty strings. */
  values: string[];
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
}

export interface CsvReadOptions {
  encoding: CsvEncoding;
  delimiter: string;
  /** 1-based row of the header; 0 when the file has none (columns are then A, B, C, ...). */
  headerRow: number;
  /**
   * Rows after the header read at most (a file of exactly maxRows data rows is taken); past it,
   * CsvTooLargeError and the read stops.
   */
  maxRows?: number;
}

/** The bytes are not text in the file's encoding (invalid UTF-8, UTF-16 without its byte-order mark). */
export class CsvEncodingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvEncodingError';
  }
}

/** The file has more rows than one pull takes; reading stopped there, so memory stays bounded. */
export class CsvTooLargeError extends Error {
  constructor(readonly maxRows: number) {
    super(`more than ${maxRows} rows`);
    this.name = 'CsvTooLargeError';
  }
}

const TEXT_DECODER_LABELS: Record<CsvEncoding, string> = {
  'utf-8': 'utf-8',
  'utf-16le': 'utf-16le',
  latin1: 'latin1',
};

/** A byte-order mark wins over the profile's encoding: Excel's "Unicode text" is UTF-16LE with a BOM. */
function sniffEncoding(firstBytes: Buffer, declared: CsvEncoding): CsvEncoding {
  if (firstBytes.length >= 2 && firstBytes[0] === 0xff && firstBytes[1] === 0xfe) return 'utf-16le';
  if (firstBytes.length >= 3 && firstBytes[0] === 0xef && firstBytes[1] === 0xbb && firstBytes[2] === 0xbf) {
    return 'utf-8';
  }
  return declared;
}

/**
 * Decodes a byte stream chunk by chunk (multi-byte characters split across chunks are kept whole). Bytes
 * that are not text in the encoding fail the read with CsvEncodingError rather than becoming U+FFFD: a
 * file saved in another encoding would otherwise be read as garbled names and amounts.
 */
class DecodingStream extends Transform {
  private decoder?: TextDecoder;
  private encoding?: CsvEncoding;
  private offset = 0;

  constructor(private readonly declared: CsvEncoding) {
    super({ decodeStrings: true, readableObjectMode: false });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.decoder) {
      if (chunk.length >= 2 && chunk[0] === 0xfe && chunk[1] === 0xff) {
        callback(
          new CsvEncodingError(
            'UTF-16 big-endian (byte-order mark FE FF) is not supported: save the file as UTF-8 or UTF-16LE',
          ),
        );
        return;
      }
      this.encoding = sniffEncoding(chunk, this.declared);
      // TextDecoder drops the BOM itself (ignoreBOM: false).
      this.decoder = new TextDecoder(TEXT_DECODER_LABELS[this.encoding], { fatal: true });
    }
    try {
      const text = this.decoder.decode(chunk, { stream: true });
      this.offset += chunk.length;
      callback(null, this.checked(text));
    } catch (error) {
      callback(error instanceof CsvEncodingError ? error : this.invalid(chunk));
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      callback(null, this.decoder ? this.checked(this.decoder.decode()) : '');
    } catch (error) {
      callback(error instanceof CsvEncodingError ? error : this.invalid());
    }
  }

  /** NUL is valid UTF-8 but never in a CSV: it is what UTF-16 text without a byte-order mark looks like. */
  private checked(text: string): string {
    if (text.includes('\u0000')) {
      throw new CsvEncodingError(
        `contains NUL characters, not ${this.encoding} text (UTF-16 without a byte-order mark?): save the file as UTF-8`,
      );
    }
    return text;
  }

  /** The exact byte that is not text and, for UTF-8, what the file most likely is instead. */
  private invalid(chunk?: Buffer): CsvEncodingError {
    if (this.encoding === 'utf-8' && chunk) {
      // A sequence the previous chunk began ends in this one's first bytes: start past them.
      let start = 0;
      while (this.offset > 0 && start < 3 && start < chunk.length && (chunk[start] & 0xc0) === 0x80)
        start += 1;
      const at = firstInvalidUtf8(chunk, start);
      if (at >= 0) {
        return new CsvEncodingError(
          `not valid UTF-8 text at byte offset ${this.offset + at} (${windows1252Reading(chunk[at])}): ` +
            `the file looks saved as Windows-1252 (Excel's "CSV (comma delimited)" on Windows): save it as ` +
            `"CSV UTF-8", or set the profile's encoding to latin1`,
        );
      }
    }
    return new CsvEncodingError(
      `not valid ${this.encoding} text (in the bytes before offset ${this.offset + (chunk?.length ?? 0)}): save the file as ${this.declared}, or set the profile's encoding`,
    );
  }
}

/** Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetter(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

function isBlank(values: string[]): boolean {
  return values.every((value) => value.trim() === '');
}

/**
 * Whether an error says the text is not valid CSV (rather than that it could not be read). csv-parse's
 * codes mostly start with CSV_, but not all (a stray quote in an unquoted cell is INVALID_OPENING_QUOTE).
 */
export function isCsvSyntaxError(error: unknown): boolean {
  return error instanceof CsvError;
}

/** Whether an error says the file itself cannot be taken (syntax, encoding, size), not that it was unreadable. */
export function isCsvRefusal(error: unknown): boolean {
  return isCsvSyntaxError(error) || error instanceof CsvEncodingError || error instanceof CsvTooLargeError;
}

/**
 * Parses CSV from a byte stream. Throws (csv-parse's error, with its line) when the CSV is malformed, and
 * the source's own error when it cannot be read: the stages are joined with `pipeline`, which passes an
 * error on, where `pipe` left a failed source's error unhandled and the parse waiting for ever.
 */
export async function readCsvStream(source: Readable, options: CsvReadOptions): Promise<CsvTable> {
  const parser = parse({
    delimiter: options.delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
  });
  // The error also reaches the loop below, through the parser it destroys.
  pipeline(source, new DecodingStream(options.encoding), parser, () => undefined);
  let header: string[] | undefined;
  const rows: CsvRow[] = [];
  let rowNumber = 0;
  let width = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    rowNumber += 1;
    if (options.maxRows !== undefined && rowNumber - options.headerRow > options.maxRows) {
      const error = new CsvTooLargeError(options.maxRows);
      source.destroy(error);
      throw error;
    }
    if (options.headerRow > 0 && rowNumber < options.headerRow) continue;
    if (options.headerRow > 0 && rowNumber === options.headerRow) {
      header = record.map((name) => name.trim());
      width = header.length;
      continue;
    }
    if (isBlank(record)) continue;
    width = Math.max(width, record.length);
    rows.push({ rowNumber, values: record });
  }
  // A file shorter than the header row has no header: an empty one, which the caller reports.
  if (!header) header = options.headerRow > 0 ? [] : Array.from({ length: width }, (_, i) => columnLetter(i));
  for (const row of rows) {
    while (row.values.length < header.length) row.values.push('');
  }
  return { header, rows };
}

export function readCsvFile(path: string, options: CsvReadOptions): Promise<CsvTable> {
  return readCsvStream(createReadStream(path), options);
}

export function readCsvBuffer(buffer: Buffer, options: CsvReadOptions): Promise<CsvTable> {
  return readCsvStream(Readable.from([buffer]), options);
}
