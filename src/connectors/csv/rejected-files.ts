/**
 * The rejected folder: inbox files that cannot be taken at all, set aside with the reason beside each
 * (`<file>.reason.json`), so the operator sees them (API, console) instead of a log line, and the files
 * behind them are pulled as usual.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FieldError } from '../../domain';
import { moveTo, plannedName, writeFileAtomically } from './inbox';

/**
 * Why a whole file was refused. `encoding`: the bytes are not text in the expected encoding; `syntax`: not
 * CSV; `too-large`: over maxFileRows or maxFileBytes; `no-data`: no data rows; `unusable`: no document
 * could be made of it (columns the profile cannot use, no row with a document number).
 */
export type RefusalKind = 'encoding' | 'syntax' | 'too-large' | 'no-data' | 'unusable';

export interface Refusal {
  kind: RefusalKind;
  reason: string;
}

export interface RejectedFile extends Refusal {
  /** Name in the rejected folder (the original one, or with a hash when that name was taken). */
  file: string;
  originalName: string;
  contentHash: string;
  bytes: number;
  rejectedAt: string;
}

const REASON_SUFFIX = '.reason.json';

const KIND_BY_RULE: Record<string, RefusalKind> = {
  'csv.encoding': 'encoding',
  'csv.syntax': 'syntax',
  'csv.delimiter': 'syntax',
  'csv.too-large': 'too-large',
  'csv.empty': 'no-data',
};

/** The refusal a batch amounts to: no document at all, and problems saying why. */
export function refusalOf(
  documents: number,
  problems: readonly FieldError[] | undefined,
): Refusal | undefined {
  if (documents > 0 || !problems || problems.length === 0) return undefined;
  return {
    kind: KIND_BY_RULE[problems[0].rule] ?? 'unusable',
    reason: problems.map((problem) => problem.message).join('; '),
  };
}

export class RejectedFiles {
  constructor(private readonly dir: string) {}

  /** Moves `path` into the folder and records why; returns the record. */
  async keep(
    path: string,
    originalName: string,
    contentHash: string,
    refusal: Refusal,
  ): Promise<RejectedFile> {
    const file = await plannedName(this.dir, originalName, contentHash);
    const record: RejectedFile = {
      file,
      originalName,
      ...refusal,
      contentHash,
      bytes: (await stat(path)).size,
      rejectedAt: new Date().toISOString(),
    };
    await writeFileAtomically(
      this.dir,
      `${file}${REASON_SUFFIX}`,
      Buffer.from(JSON.stringify(record, null, 2)),
    );
    await moveTo(path, this.dir, file);
    return record;
  }

  /** Every rejected file with its reason, the latest first. */
  async list(): Promise<RejectedFile[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const records = await Promise.all(
      names
        .filter((name) => name.endsWith(REASON_SUFFIX) && !name.startsWith('.'))
        .map(async (name) => JSON.parse(await readFile(join(this.dir, name), 'utf8')) as RejectedFile),
    );
    return records.sort((a, b) => b.rejectedAt.localeCompare(a.rejectedAt));
  }
}
