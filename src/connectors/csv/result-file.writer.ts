/**
 * Writes result CSVs into the outbox: one writer at a time per file in this process, and every write goes
 * to a temporary file renamed over the old one, so a reader (or a crash) never sees half a file.
 * Write-backs that arrive while a file is being written are applied together in the next rewrite (group
 * commit), so a file of N documents is rewritten far fewer than N times; each caller still returns only
 * once its own outcome is on disk.
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { WriteBackOutcome } from '../contract';
import type { CsvRawDocument } from './csv-raw-document';
import { EncodedResultTable } from './encoded-result-table';
import { KeyedMutex } from './keyed-mutex';
import { type ResultUpdate, resultFileName, tableFromRecords } from './result-table';

interface PendingWrite extends ResultUpdate {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Result files whose last written table is kept with its encoded lines, so a rewrite neither parses the file
 * it just wrote nor encodes again the rows no outcome changed.
 */
const CACHED_FILES = 64;

interface CachedTable {
  table: EncodedResultTable;
  mtimeMs: number;
  size: number;
}

export class ResultFileWriter {
  private readonly mutex = new KeyedMutex();
  private readonly pending = new Map<string, PendingWrite[]>();
  private readonly written = new Map<string, CachedTable>();

  constructor(private readonly outboxDir: string) {}

  /** Path of the result file for a source file. */
  pathFor(sourceFile: string): string {
    return join(this.outboxDir, resultFileName(sourceFile));
  }

  async write(raw: CsvRawDocument, outcome: WriteBackOutcome): Promise<string> {
    const path = this.pathFor(raw.sourceFile);
    const queued = this.pending.get(path);
    const done = new Promise<void>((resolve, reject) => {
      const entry = { raw, outcome, resolve, reject };
      if (queued) queued.push(entry);
      else this.pending.set(path, [entry]);
    });
    if (!queued) void this.mutex.run(path, () => this.flush(path));
    await done;
    return path;
  }

  /** Applies every outcome queued for the file so far in one read-modify-write. */
  private async flush(path: string): Promise<void> {
    const batch = this.pending.get(path) ?? [];
    this.pending.delete(path);
    try {
      const table = (await this.currentTable(path)).withOutcomes(batch);
      await this.replaceFile(path, table.content());
      this.remember(path, table);
      for (const entry of batch) entry.resolve();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }

  /** The table as last written here, unless the file changed since (someone edited or removed it). */
  private async currentTable(path: string): Promise<EncodedResultTable> {
    const cached = this.written.get(path);
    const stats = statSync(path, { throwIfNoEntry: false });
    if (cached && stats && stats.mtimeMs === cached.mtimeMs && stats.size === cached.size) {
      return cached.table;
    }
    this.written.delete(path);
    return this.readTable(path);
  }

  private remember(path: string, table: EncodedResultTable): void {
    const stats = statSync(path, { throwIfNoEntry: false });
    this.written.delete(path);
    if (!stats) return;
    this.written.set(path, { table, mtimeMs: stats.mtimeMs, size: stats.size });
    if (this.written.size > CACHED_FILES) this.written.delete(this.written.keys().next().value!);
  }

  private async readTable(path: string): Promise<EncodedResultTable> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if (isMissing(error)) return EncodedResultTable.of({ header: [], rows: [] });
      throw error;
    }
    const records: string[][] = parse(text, { bom: true, relax_column_count: true });
    return EncodedResultTable.of(tableFromRecords(records));
  }

  private async replaceFile(path: string, content: Buffer): Promise<void> {
    const temporary = join(this.outboxDir, `.${resultFileName('tmp')}.${randomBytes(6).toString('hex')}`);
    try {
      await this.writeTemporary(temporary, content);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** Creates the outbox only when it is missing (not yet created, or removed since), not on every write. */
  private async writeTemporary(temporary: string, content: Buffer): Promise<void> {
    try {
      await writeFile(temporary, content);
    } catch (error) {
      if (!isMissing(error)) throw error;
      await mkdir(this.outboxDir, { recursive: true });
      await writeFile(temporary, content);
    }
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
