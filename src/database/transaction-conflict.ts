/**
 * PostgreSQL's answers that mean "run the transaction again": a deadlock (40P01) or a serialization
 * failure (40001). Concurrent batches touching shared rows (an instance's row through the documents'
 * foreign key, index pages, one document posted twice) can meet in either order; the loser's work was
 * rolled back whole, so running it again is safe and is what PostgreSQL asks for.
 */
const CONFLICT_CODES = new Set(['40P01', '40001']);

export function isTransactionConflict(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return true;
    e = (e as { cause?: unknown; driverError?: unknown }).driverError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `transaction` (a whole unit of work) again after a conflict, up to `attempts` times, with a short
 * random pause so the two sides do not meet again in step; any other failure, or the last conflict, is
 * thrown as it is.
 */
export async function retryingConflicts<T>(
  transaction: () => Promise<T>,
  attempts = 3,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
      await pause(10 * attempt + Math.floor(Math.random() * 40));
    }
  }
}
