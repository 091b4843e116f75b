/**
 * The inbox folder: listing the files to pull, hashing their content, moving them to the processed folder
 * and storing uploaded files atomically (written under a hidden temporary name, then renamed, so a pull
 * never reads half a file). Hidden files (".name") are never picked up.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';

export function sha256Hex(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A file-name glob with `*` and `?`, matched case-insensitively against the whole name. */
export function globToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('')
    .map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`, 'i');
}

/** Names (sorted) of the visible regular files in `dir` matching `pattern`; none when `dir` is missing. */
export async function listMatchingFiles(dir: string, pattern: string): Promise<string[]> {
  const matcher = globToRegExp(pattern);
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && matcher.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** Keeps letters, digits, ".", "-", "_" and spaces of a client-given name; never a path. */
export function sanitiseFileName(name: string): string {
  const base = basename(name.replace(/\\/g, '/'))
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  return base === '' ? 'upload.csv' : base;
}

/** `sales.csv` + hash → `sales-1a2b3c4d.csv`: a distinct name for different content under the same name. */
export function nameWithHash(name: string, contentHash: string): string {
  const extension = extname(name);
  return `${name.slice(0, name.length - extension.length)}-${contentHash.slice(0, 8)}${extension}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Writes `content` to `dir/name` atomically (temporary hidden file, then rename). */
export async function writeFileAtomically(dir: string, name: string, content: Buffer): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, content);
    await rename(temporary, join(dir, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Stores `content` in `dir` under `name`, or under a hashed variant when a different file already has that
 * name. Returns the name used (the same content already there is left as it is).
 */
export async function storeUnique(
  dir: string,
  name: string,
  content: Buffer,
  contentHash: string,
): Promise<string> {
  const target = join(dir, name);
  if (await exists(target)) {
    if (sha256Hex(await readFile(target)) === contentHash) return name;
    name = nameWithHash(name, contentHash);
  }
  await writeFileAtomically(dir, name, content);
  return name;
}

/**
 * The name a file will have in `dir`: its own, unless a different file already has it (then a hashed
 * variant). Decided before the move, so documents can name the file they will be found in.
 */
export async function plannedName(dir: string, name: string, contentHash: string): Promise<string> {
  const target = join(dir, name);
  if (!(await exists(target)) || (await hashFile(target)) === contentHash) return name;
  return nameWithHash(name, contentHash);
}

/** Moves a file to `dir/name` (works across file systems); when that file is already there, drops the source. */
export async function moveTo(path: string, dir: string, name: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const target = join(dir, name);
  if (await exists(target)) {
    await rm(path, { force: true });
    return;
  }
  try {
    await rename(path, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(path, target);
    await rm(path, { force: true });
  }
}
