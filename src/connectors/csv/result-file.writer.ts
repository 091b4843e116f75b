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
import { stringify } from 'csv-stringify/sync';
import type { WriteBackOutcome } from '../contract';
import type { CsvRawDocument } from './csv-raw-document';
import { KeyedMutex } from './keyed-mutex';
import {
  type ResultTable,
  applyOutcomes,
  recordsFromTable,
  resultFileName,
  tableFromRecords,
} from './result-table';

interface PendingWrite {
  raw: CsvRawDocument;
  outcome: WriteBackOutcome;
  resolve(): void;
  reject(error: unknown): void;
}

/** Result files whose last written table is kept, so a rewrite does not parse the file it just wrote. */
const CACHED_FILES = 64;

interface CachedTable {
  table: ResultTable;
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
      const table = applyOutcomes(await this.currentTable(path), batch);
      await this.replaceFile(path, stringify(recordsFromTable(table), { record_delimiter: 'windows' }));
      this.remember(path, table);
      for (const entry of batch) entry.resolve();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }

  /** The table as last written here, unless the file changed since (someone edited or removed it). */
  private async currentTable(path: string): Promise<ResultTable> {
    const cached = this.written.get(path);
    const stats = statSync(path, { throwIfNoEntry: false });
    if (cached && stats && stats.mtimeMs === cached.mtimeMs && stats.size === cached.size) {
      return cached.table;
    }
    this.written.delete(path);
    return this.readTable(path);
  }

  private remember(path: string, table: ResultTable): void {
    const stats = statSync(path, { throwIfNoEntry: false });
    this.written.delete(path);
    if (!stats) return;
    this.written.set(path, { table, mtimeMs: stats.mtimeMs, size: stats.size });
    if (this.written.size > CACHED_FILES) this.written.delete(this.written.keys().next().value!);
  }

  private async readTable(path: string): Promise<ResultTable> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { header: [], rows: [] };
      throw error;
    }
    const records: string[][] = parse(text, { bom: true, relax_column_count: true });
    return tableFromRecords(records);
  }

  private async replaceFile(path: string, content: string): Promise<void> {
    await mkdir(this.outboxDir, { recursive: true });
    const temporary = join(this.outboxDir, `.${resultFileName('tmp')}.${randomBytes(6).toString('hex')}`);
    try {
      await writeFile(temporary, content, 'utf8');
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}
