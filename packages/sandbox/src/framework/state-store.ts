/**
 * A simulator's memory under the data folder, so a restart does not forget what the outside world
 * would remember (registrations, certificates, chains). Two shapes: small documents written whole and
 * at once (keys, a CA), and append-only logs of JSON records, one per line, written in batches off the
 * request path (the IRP simulator records hundreds of registrations a second) and flushed on stop. A
 * record that changes is appended again; readers keep the last one per key. A torn last line (a killed
 * process) is skipped.
 */
import { appendFile, writeFile } from 'node:fs/promises';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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

  constructor(readonly file: string) {
    // A line cut short by a killed process is ended first, so the next record starts on a line of its own.
    if (!endsWithNewline(file)) this.pending.push('\n');
  }

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
  rewrite(records: T[]): Promise<void> {
    const text = records.map((record) => `${JSON.stringify(record)}\n`).join('');
    // In the write chain, so no append lands in the file being replaced.
    this.writing = this.flush()
      .then(() => writeFile(`${this.file}.tmp`, text, { mode: 0o600 }))
      .then(() => renameSync(`${this.file}.tmp`, this.file))
      .catch((error: Error) => console.error(`sandbox state: cannot rewrite ${this.file}: ${error.message}`));
    return this.writing;
  }
}

function endsWithNewline(file: string): boolean {
  if (!existsSync(file)) return true;
  const size = statSync(file).size;
  if (size === 0) return true;
  const last = Buffer.alloc(1);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, last, 0, 1, size - 1);
  } finally {
    closeSync(fd);
  }
  return last[0] === 0x0a;
}
