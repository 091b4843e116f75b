/**
 * The AlterID watermark cursor and the date windows a pass is cut into. A pass covers AlterIDs in
 * (alterId, passTarget]; windows are runs of days holding at most `batchSize` matching vouchers (a single
 * busier day is a window of its own). Vouchers arrive in date order, not AlterID order, so the cursor
 * records the window to resume from until the whole pass is done; only then does the watermark move.
 */
import { ConnectorError, type ConnectorCursor } from '../contract';
import { isIsoDate } from '../../domain/dates';

export interface TallyCursor {
  /** Every voucher with an AlterID up to this one has been delivered. */
  alterId: number;
  /** Upper AlterID of the pass in progress. */
  passTarget?: number;
  /** First day of the next window of the pass in progress. */
  windowFrom?: string;
}

export interface DayCount {
  date: string;
  count: number;
}

export interface SyncWindow {
  from: string;
  to: string;
  count: number;
}

export function readCursor(cursor: ConnectorCursor): TallyCursor {
  if (cursor === null) return { alterId: 0 };
  const { alterId, passTarget, windowFrom } = cursor;
  const valid =
    Number.isInteger(alterId) &&
    (passTarget === undefined || Number.isInteger(passTarget)) &&
    (windowFrom === undefined || isIsoDate(windowFrom));
  if (!valid) throw new ConnectorError('config', `not a Tally cursor: ${JSON.stringify(cursor)}`);
  return {
    alterId: alterId as number,
    passTarget: passTarget as number | undefined,
    windowFrom: windowFrom,
  };
}

export function writeCursor(cursor: TallyCursor): ConnectorCursor {
  const out: Record<string, unknown> = { alterId: cursor.alterId };
  if (cursor.passTarget !== undefined) out.passTarget = cursor.passTarget;
  if (cursor.windowFrom !== undefined) out.windowFrom = cursor.windowFrom;
  return out;
}

export function planWindows(days: readonly DayCount[], batchSize: number): SyncWindow[] {
  const windows: SyncWindow[] = [];
  let current: SyncWindow | undefined;
  for (const day of [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    if (day.count <= 0) continue;
    if (current && current.count + day.count <= batchSize) {
      current.to = day.date;
      current.count += day.count;
      continue;
    }
    current = { from: day.date, to: day.date, count: day.count };
    windows.push(current);
  }
  return windows;
}
