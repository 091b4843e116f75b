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
    if (vouchers.length === 0) return;
    await this.append(vouchers.map((v) => [v.guid, v.date, v.type, v.number].map(clean).join('\t')));
  }

  async forget(guids: readonly string[]): Promise<void> {
    if (guids.length > 0) await this.append(guids.map((guid) => `-\t${clean(guid)}`));
  }

  private async append(lines: string[]): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    await appendFile(this.file, `${lines.join('\n')}\n`, 'utf8');
  }

  private async rewrite(vouchers: ReadonlyMap<string, RegisteredVoucher>): Promise<void> {
    const lines = [...vouchers.values()].map((v) => [v.guid, v.date, v.type, v.number].map(clean).join('\t'));
    await writeFile(this.file, lines.length > 0 ? `${lines.join('\n')}\n` : '', 'utf8');
  }
}

function clean(text: string): string {
  return text.replace(FIELD, ' ');
}
