/**
 * A simulator's memory under the data folder, so a restart does not forget what the outside world
 * would remember (registrations, certificates, chains). Two shapes: small documents written whole and
 * at once (keys, a CA), and append-only logs of JSON records, one per line, written in batches off the
 * request path (the IRP simulator records hundreds of registrations a second) and flushed on stop. A
 * record that changes is appended again; readers keep the last one per key. A torn last line (a killed
 * process) is skipped.
 */
import { appendFile, writeFile } from 'node:fs/promises';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class SandboxStateStore {
  private readonly logs: AppendLog<unknown>[] = [];

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  readJson<T>(name: string): T | undefined {
    const file = join(this.dir, `${name}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
  }

  /** Written through a temporary file and renamed, so a crash leaves the old or the new document. */
  writeJson(name: string, value: unknown): void {
    const file = join(this.dir, `${name}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(value, null, 2), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  }

  log<T>(name: string): AppendLog<T> {
    const log = new AppendLog<T>(join(this.dir, `${name}.jsonl`));
    this.logs.push(log);
    return log;
  }

  /** Writes what every log still holds; call before stopping. */
  async flush(): Promise<void> {
    await Promise.all(this.logs.map((log) => log.flush()));
  }
}

export class AppendLog<T> {
  private pending: string[] = [];
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;

  constructor(readonly file: string) {}

  /** Every record written so far, oldest first. */
  read(): T[] {
    if (!existsSync(this.file)) return [];
    const records: T[] = [];
    for (const line of readFileSync(this.file, 'utf8').split('\n')) {
      if (line.length === 0) continue;
      try {
        records.push(JSON.parse(line) as T);
      } catch {
        // a line cut short when the process was killed mid-write
      }
    }
    return records;
  }

  /** Queues the record; it reaches the file with the others of this turn of the event loop. */
  append(record: T): void {
    this.pending.push(`${JSON.stringify(record)}\n`);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  /** Writes everything queued so far (in order, after any write still under way). */
  flush(): Promise<void> {
    if (this.pending.length > 0) {
      const text = this.pending.join('');
      this.pending = [];
      this.writing = this.writing
        .then(() => appendFile(this.file, text, { mode: 0o600 }))
        .catch((error: Error) => console.error(`sandbox state: cannot write ${this.file}: ${error.message}`));
    }
    return this.writing;
  }

  /** Replaces the file with `records` (compaction at load, when it holds many superseded records). */
  async rewrite(records: T[]): Promise<void> {
    await this.flush();
    const text = records.map((record) => `${JSON.stringify(record)}\n`).join('');
    await writeFile(`${this.file}.tmp`, text, { mode: 0o600 });
    renameSync(`${this.file}.tmp`, this.file);
  }
}
