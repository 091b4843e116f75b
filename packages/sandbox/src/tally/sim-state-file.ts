/**
 * What the simulated company has been told (imports, alterations, deletions) kept in a file, so a
 * restarted simulator still holds the IRNs written back into its vouchers, as a real company's books do.
 * Written whole after each change (write to a temporary file, then rename: a crash leaves the old one).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface SimStoredVoucher {
  guid: string;
  date: string;
  type: string;
  alterId: number;
  masterId: number;
  number: string;
  irn: string;
  body: string;
}

export interface SimState {
  /** The books' first day the vouchers were generated from: the same company after a restart. */
  booksFrom?: string;
  lastAlterId: number;
  nextIndex: number;
  lastMasterId: number;
  stored: SimStoredVoucher[];
  removed: string[];
  created: string[];
}

export function readSimState(path: string | undefined): SimState | undefined {
  if (!path || !existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as SimState;
}

export function writeSimState(path: string, state: SimState): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, path);
}
