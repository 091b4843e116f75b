/**
 * A GSTR-2B import as a run takes it: staged whole (Gstr2bImportService, when the file named its period
 * only after its documents), or arriving: the run began as soon as the file named its GSTIN and period,
 * and takes the documents batch by batch as they are read, storing them straight into the period (one
 * write, no staging) while it pulls the purchase register. A file refused once read (an unreadable entry,
 * the upload broken) ends that run as if it had never begun: its transaction rolled back, no run recorded
 * (the refusal is the import's answer).
 */
import type { Gstr2bDocument } from '../compliance/returns';

/** A GSTR-2B import staged whole: moved into the period by the run. */
export interface StagedImport {
  importId: string;
  documents: number;
}

/** Why a file a run waited on was refused: the import's own error is `reason`. */
export class ImportRefused extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

/**
 * The documents of a file still arriving, from the reader (`offer`, `end`, `refused`) to the run (async
 * iteration). At most one batch waits for the run: the reader waits in `offer` meanwhile, so the upload
 * goes no faster than the run stores it.
 */
export class ArrivingImport implements AsyncIterable<Gstr2bDocument[]> {
  private readonly waiting: Gstr2bDocument[][] = [];
  private ended = false;
  private refusal: ImportRefused | undefined;
  /** The run no longer takes batches (it ended, or was skipped): offered ones are dropped. */
  private closed = false;
  private wakeRun: (() => void) | undefined;
  private wakeReader: (() => void) | undefined;

  /** Hands a batch to the run; resolves once the run has taken the one before (at once when the run is gone). */
  async offer(documents: Gstr2bDocument[]): Promise<void> {
    if (this.closed) return;
    this.waiting.push(documents);
    this.wake();
    while (this.waiting.length > 1 && !this.closed) {
      await new Promise<void>((taken) => (this.wakeReader = taken));
    }
  }

  /** The file was read whole and accepted: the run stores what is left and goes on. */
  end(): void {
    this.ended = true;
    this.wake();
  }

  /** Refuses the file and waits for the run to end (rolled back; its outcome is no longer anyone's). */
  async refused(run: Promise<unknown>, reason: unknown): Promise<void> {
    this.refusal ??= new ImportRefused(reason);
    this.wake();
    await run.catch(() => undefined);
  }

  /** The run is gone (ended, failed, skipped): nothing more is taken. */
  close(): void {
    this.closed = true;
    this.waiting.length = 0;
    this.wake();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Gstr2bDocument[]> {
    try {
      for (;;) {
        if (this.refusal) throw this.refusal;
        const next = this.waiting.shift();
        if (next) {
          this.wake();
          yield next;
        } else if (this.ended) {
          return;
        } else {
          await new Promise<void>((arrived) => (this.wakeRun = arrived));
        }
      }
    } finally {
      this.close();
    }
  }

  private wake(): void {
    const run = this.wakeRun;
    const reader = this.wakeReader;
    this.wakeRun = undefined;
    this.wakeReader = undefined;
    run?.();
    reader?.();
  }
}
