/**
 * The sales vouchers this connector instance has delivered (GUID, date, type, number), kept in a file in
 * its data folder: what an incremental pull compares Tally's books with to find vouchers deleted from them
 * (a deletion leaves no voucher behind to read). Lines are appended as batches are handed over; a line
 * "-<TAB>GUID" forgets one. A missing or partial file (another machine pulled before) only means fewer
 * deletions are found: a voucher is reported deleted only after Tally confirms it has no voucher with its GUID.
 */
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface RegisteredVoucher {
  guid: string;
  date: string;
  type: string;
  number: string;
}

/**
 * What a pull needs of the registry to find deleted vouchers, read in one streaming pass: each live
 * voucher's GUID and date (the date strings shared), nothing else. Type and number are only compared,
 * line by line, with the few numbers of the current pass (`sameNumberElsewhere`), and the whole record of a
 * voucher is read again (`records`) only for the few found deleted.
 */
export interface RegistrySummary {
  /** Date of each live voucher, by GUID. */
  dates: Map<string, string>;
  /** Live vouchers whose type and number the current pass delivered under another GUID. */
  renumbered: Set<string>;
  /** Lines read, superseded ones included. */
  lines: number;
}

const FIELD = /[\t\n\r]/g;
const NEWLINE = 0x0a;
const TAB = 0x09;
/** Bytes read at a time: the registry of a large company runs to tens of megabytes. */
const READ_CHUNK = 256 * 1024;

export class VoucherRegistry {
  constructor(private readonly file: string) {}

  /**
   * The live vouchers' GUIDs and dates, and those of them that `passNumbers` (type and number key ->
   * GUID, see numberKey) shows re-entered under another GUID. Memory: the GUIDs and the distinct dates,
   * never the file's text nor a record per voucher. A file mostly made of superseded lines is compacted.
   */
  async summary(passNumbers: ReadonlyMap<string, string> = new Map()): Promise<RegistrySummary> {
    const dates = new Map<string, string>();
    const renumbered = new Set<string>();
    const sharedDates = new Map<string, string>();
    let lines = 0;
    await this.eachLine((guid, date, type, number) => {
      lines += 1;
      if (guid === '-') {
        dates.delete(date);
        renumbered.delete(date);
        return;
      }
      if (guid === '') return;
      let shared = sharedDates.get(date);
      if (shared === undefined) sharedDates.set(date, (shared = date));
      dates.set(guid, shared);
      // The last line of a GUID decides, as for its date.
      const now = passNumbers.size > 0 ? passNumbers.get(numberKey(type, number)) : undefined;
      if (now !== undefined && now !== guid) renumbered.add(guid);
      else renumbered.delete(guid);
    });
    if (lines > 2 * dates.size + 1000) await this.compact();
    return { dates, renumbered, lines };
  }

  /** The live records of these GUIDs (the last line of each), read in one streaming pass. */
  async records(guids: ReadonlySet<string>): Promise<Map<string, RegisteredVoucher>> {
    const found = new Map<string, RegisteredVoucher>();
    await this.eachLine((guid, date, type, number) => {
      if (guid === '-') found.delete(date);
      else if (guids.has(guid)) found.set(guid, { guid, date, type, number });
    });
    return found;
  }

  /** Every record, the last line of each GUID winning: the registry's whole content, for small files and tests. */
  async load(): Promise<Map<string, RegisteredVoucher>> {
    const vouchers = new Map<string, RegisteredVoucher>();
    await this.eachLine((guid, date, type, number) => {
      if (guid === '-') vouchers.delete(date);
      else if (guid !== '') vouchers.set(guid, { guid, date, type, number });
    });
    return vouchers;
  }

  /**
   * Calls `line` with the fields of each line, reading the file in bounded chunks. Each field is a string
   * of its own (decoded from its bytes), so keeping one keeps no chunk alive.
   */
  private async eachLine(
    line: (guid: string, date: string, type: string, number: string) => void,
  ): Promise<void> {
    let rest: Buffer | undefined;
    try {
      for await (const read of createReadStream(this.file, { highWaterMark: READ_CHUNK })) {
        const chunk: Buffer = rest ? Buffer.concat([rest, read as Buffer]) : (read as Buffer);
        let from = 0;
        for (let end = chunk.indexOf(NEWLINE, from); end >= 0; end = chunk.indexOf(NEWLINE, from)) {
          splitLine(chunk, from, end, line);
          from = end + 1;
        }
        rest = from < chunk.length ? chunk.subarray(from) : undefined;
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (rest) splitLine(rest, 0, rest.length, line);
  }

  /** Rewrites the file with one line per live voucher. */
  private async compact(): Promise<void> {
    const vouchers = await this.load();
    const lines = [...vouchers.values()].map(lineOf);
    await writeFile(this.file, lines.length > 0 ? `${lines.join('\n')}\n` : '', 'utf8');
  }

  /** Forgets everything: a sync pulling from the start. */
  async clear(): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    await writeFile(this.file, '', 'utf8');
  }

  async add(vouchers: readonly RegisteredVoucher[]): Promise<void> {
    if (vouchers.length > 0) await this.appendBytes([encodeVouchers(vouchers)]);
  }

  /** Appends lines made by encodeVouchers, in one write. */
  async appendBytes(chunks: readonly Buffer[]): Promise<void> {
    if (chunks.length === 0) return;
    await mkdir(dirname(this.file), { recursive: true });
    await appendFile(this.file, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  }

  async forget(guids: readonly string[]): Promise<void> {
    if (guids.length > 0) await this.append(guids.map((guid) => `-\t${clean(guid)}`));
  }

  private async append(lines: string[]): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    await appendFile(this.file, `${lines.join('\n')}\n`, 'utf8');
  }
}

/**
 * The registry's lines for these vouchers, as UTF-8 bytes: about a hundred bytes a voucher, and no
 * reference to the strings they were made from (a value read from Tally is a slice of the whole response
 * chunk it came in, which a kept string would hold in memory).
 */
export function encodeVouchers(vouchers: readonly RegisteredVoucher[]): Buffer {
  let text = '';
  for (const voucher of vouchers) text += `${lineOf(voucher)}\n`;
  return Buffer.from(text, 'utf8');
}

function lineOf(v: RegisteredVoucher): string {
  return `${clean(v.guid)}\t${clean(v.date)}\t${clean(v.type)}\t${clean(v.number)}`;
}

function clean(text: string): string {
  return text.replace(FIELD, ' ');
}

/** The first four tab-separated fields of chunk[from, end) (a missing one is ''), as `split('\t')` gave them. */
function splitLine(
  chunk: Buffer,
  from: number,
  end: number,
  line: (guid: string, date: string, type: string, number: string) => void,
): void {
  if (end > from && chunk[end - 1] === 0x0d) end -= 1;
  if (end <= from) return;
  const fields = ['', '', '', ''];
  let start = from;
  for (let index = 0; index < 4; index += 1) {
    const tab = chunk.indexOf(TAB, start);
    const stop = tab >= 0 && tab < end ? tab : end;
    fields[index] = chunk.toString('utf8', start, stop);
    if (stop === end) break;
    start = stop + 1;
  }
  line(fields[0], fields[1], fields[2], fields[3]);
}

/** The key a voucher's type and number are compared by (case-insensitive, as Tally compares them). */
export function numberKey(type: string, number: string): string {
  return `${type}\t${number}`.toLowerCase();
}
