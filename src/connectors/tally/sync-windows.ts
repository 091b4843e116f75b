/**
 * The AlterID watermark cursor and the date windows a pass is cut into. A pass covers AlterIDs in
 * (alterId, passTarget]; windows are runs of days holding at most `batchSize` matching vouchers (a single
 * busier day is a window of its own). Vouchers arrive in date order, not AlterID order, so the cursor
 * records the window to resume from until the whole pass is done; only then does the watermark move.
 */
import { ConnectorError, type ConnectorCursor } from '../contract';
import { isIsoDate } from '../../domain';
import { readTallyDate } from './tally-dates';
import { childText, firstChild, type TallyNode } from './xml/tally-node';

export interface TallyCursor {
  /** Every voucher with an AlterID up to this one has been delivered. */
  alterId: number;
  /** Upper AlterID of the pass in progress. */
  passTarget?: number;
  /** First day of the next window of the pass in progress. */
  windowFrom?: string;
  /** Names this sync's file of delivered vouchers (see VoucherRegistry); set by its first pull. */
  registry?: string;
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
  const { alterId, passTarget, windowFrom, registry } = cursor;
  const valid =
    Number.isInteger(alterId) &&
    (passTarget === undefined || Number.isInteger(passTarget)) &&
    (windowFrom === undefined || isIsoDate(windowFrom)) &&
    (registry === undefined || (typeof registry === 'string' && /^[0-9a-f]{16}$/.test(registry)));
  if (!valid) throw new ConnectorError('config', `not a Tally cursor: ${JSON.stringify(cursor)}`);
  return {
    alterId: alterId as number,
    passTarget: passTarget as number | undefined,
    windowFrom: windowFrom,
    registry,
  };
}

export function writeCursor(cursor: TallyCursor): ConnectorCursor {
  const out: Record<string, unknown> = { alterId: cursor.alterId };
  if (cursor.passTarget !== undefined) out.passTarget = cursor.passTarget;
  if (cursor.windowFrom !== undefined) out.windowFrom = cursor.windowFrom;
  if (cursor.registry !== undefined) out.registry = cursor.registry;
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

/**
 * One row of the day-wise count (`VCHDATE`, `VCHCOUNT`). TallyPrime writes the aggregated date in its
 * display form (`22-Nov-26`); a row whose date or count cannot be read stops the pass, as a skipped row
 * would plan no window for that day and let the watermark move past its vouchers.
 */
export function readDayCount(row: TallyNode): DayCount {
  const dateNode = firstChild(row, 'VCHDATE');
  const date = dateNode ? readTallyDate(dateNode) : undefined;
  const countText = childText(row, 'VCHCOUNT');
  // A sum of $$Number:1 may print with decimals ("12.00"); a fraction is no count.
  if (!date || !/^\d+(\.0+)?$/.test(countText)) {
    throw new ConnectorError(
      'system',
      `Tally's day-wise voucher count has a row the connector cannot read (date "${dateNode?.text.trim() ?? ''}", ` +
        `count "${countText}"): pass stopped, nothing synced, watermark not moved`,
      { date: dateNode?.text.trim() ?? null, count: countText },
    );
  }
  return { date, count: Number(countText) };
}

/**
 * The pull's own invariant: the vouchers read for a window are the vouchers Tally counted for it (same
 * filters: voucher types, days, AlterID range). A shortfall (a voucher altered or deleted between count
 * and read, a filter Tally applied differently) stops the pass before the cursor moves past the window.
 */
export function checkWindowRead(
  window: SyncWindow,
  read: number,
  pass?: { watermark: number; target: number },
): void {
  if (read === window.count) return;
  const range = pass ? ` with AlterID in (${pass.watermark}, ${pass.target}]` : '';
  throw new ConnectorError(
    'system',
    `Tally counted ${window.count} voucher(s) dated ${window.from}..${window.to}${range} but sent ${read}: ` +
      `pass stopped${pass ? `, watermark stays at ${pass.watermark}` : ''}; the next pull counts and reads the window again`,
    { from: window.from, to: window.to, counted: window.count, read, ...pass },
  );
}
