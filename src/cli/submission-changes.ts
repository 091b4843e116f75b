/**
 * `watch` keeps a snapshot of every submission it sees and prints what moved between two polls. A
 * submission is settled when no job will move it on by itself (not RECEIVED/READY/SUBMITTING/RETRY/
 * WRITEBACK_PENDING).
 */
import type { DocumentListItem, SubmissionBrief, SubmissionState } from './api-types';

export const UNSETTLED_STATES: readonly SubmissionState[] = [
  'RECEIVED',
  'READY',
  'SUBMITTING',
  'RETRY',
  'WRITEBACK_PENDING',
];

export interface TrackedSubmission {
  submissionId: string;
  documentId: string;
  docNumber: string | null;
  regime: SubmissionBrief['regime'];
  state: SubmissionState;
  errorClass: SubmissionBrief['errorClass'];
}

export type Snapshot = ReadonlyMap<string, TrackedSubmission>;

export interface StateChange {
  submission: TrackedSubmission;
  /** null: first seen in this poll. */
  from: SubmissionState | null;
}

export function snapshotOf(documents: readonly DocumentListItem[]): Snapshot {
  const snapshot = new Map<string, TrackedSubmission>();
  for (const document of documents) {
    for (const s of document.submissions) {
      snapshot.set(s.id, {
        submissionId: s.id,
        documentId: document.id,
        docNumber: document.docNumber,
        regime: s.regime,
        state: s.state,
        errorClass: s.errorClass,
      });
    }
  }
  return snapshot;
}

export function changesBetween(before: Snapshot, after: Snapshot): StateChange[] {
  const changes: StateChange[] = [];
  for (const submission of after.values()) {
    const previous = before.get(submission.submissionId);
    if (!previous) changes.push({ submission, from: null });
    else if (previous.state !== submission.state) changes.push({ submission, from: previous.state });
  }
  return changes;
}

export function isSettled(state: SubmissionState): boolean {
  return !UNSETTLED_STATES.includes(state);
}

export function settledCount(snapshot: Snapshot): { settled: number; total: number } {
  let settled = 0;
  for (const s of snapshot.values()) if (isSettled(s.state)) settled++;
  return { settled, total: snapshot.size };
}

/** `10:15:02  KF/24-25/0042  in-einvoice  READY -> REGISTERED`, with the error class when there is one. */
export function formatChange(change: StateChange, time: string): string {
  const s = change.submission;
  const move = change.from === null ? `new ${s.state}` : `${change.from} -> ${s.state}`;
  const error = s.errorClass ? ` [${s.errorClass}]` : '';
  return `${time}  ${s.docNumber ?? s.documentId}  ${s.regime}  ${move}${error}\n`;
}

/** `2 READY, 5 WRITTEN_BACK`, states in alphabetical order. */
export function formatStateCounts(snapshot: Snapshot): string {
  const counts = new Map<string, number>();
  for (const s of snapshot.values()) counts.set(s.state, (counts.get(s.state) ?? 0) + 1);
  if (counts.size === 0) return 'no submissions';
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([state, n]) => `${n} ${state}`)
    .join(', ');
}
