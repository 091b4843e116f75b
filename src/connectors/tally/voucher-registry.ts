/**
 * The sales vouchers this connector instance has delivered (GUID, date, type, number), kept in a file in
 * its data folder: what an incremental pull compares Tally's books with to find vouchers deleted from them
 * (a deletion leaves no voucher behind to read). Lines are appended as batches are handed over; a line
 * "-<TAB>GUID" forgets one. A missing or partial file (another machine pulled before) only means fewer
 * deletions are found: a voucher is reported deleted only after Tally confirms it has no voucher with its GUID.
 */
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface RegisteredVoucher {
  guid: string;
  date: string;
  type: string;
  number: string;
}

const FIELD = /[\t\n\r]/g;

export class VoucherRegistry {
  constructor(private readonly file: string) {}

  async load(): Promise<Map<string, RegisteredVoucher>> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      throw error;
    }
    const vouchers = new Map<string, RegisteredVoucher>();
    let lines = 0;
    for (const line of text.split('\n')) {
      if (line === '') continue;
      lines += 1;
      const [guid = '', date = '', type = '', number = ''] = line.split('\t');
      if (guid === '-') vouchers.delete(date);
      else if (guid !== '') vouchers.set(guid, { guid, date, type, number });
    }
    // Rewritten once it holds mostly superseded lines (each edit of a voucher appends one).
    if (lines > 2 * vouchers.size + 1000) await this.rewrite(vouchers);
    return vouchers;
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

  private async rewrite(vouchers: ReadonlyMap<string, RegisteredVoucher>): Promise<void> {
    const lines = [...vouchers.values()].map(lineOf);
    await writeFile(this.file, lines.length > 0 ? `${lines.join('\n')}\n` : '', 'utf8');
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
