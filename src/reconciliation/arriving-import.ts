/**
 * A GSTR-2B import as a run takes it: staged whole (Gstr2bImportService), or still arriving. A run begun
 * while the file arrives pulls the purchase register meanwhile and moves the file into the period once it
 * is staged whole; a file refused once read (an unreadable entry, the upload broken) ends that run as if it
 * had never begun: its transaction rolled back, no run recorded (the refusal is the import's answer).
 */

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

/** The staged file a run begun early waits for: given once read whole, or refused. */
export class ArrivingImport {
  readonly staged: Promise<StagedImport>;
  private settle!: { arrived: (file: StagedImport) => void; refused: (reason: ImportRefused) => void };

  constructor() {
    this.staged = new Promise<StagedImport>((arrived, refused) => (this.settle = { arrived, refused }));
    // Nobody waits on it when no run began early.
    this.staged.catch(() => undefined);
  }

  arrived(file: StagedImport): void {
    this.settle.arrived(file);
  }

  /** Refuses the file and waits for the run that waited on it to end (its outcome is no longer anyone's). */
  async refused(run: Promise<unknown>, reason: unknown): Promise<void> {
    this.settle.refused(new ImportRefused(reason));
    await run.catch(() => undefined);
  }
}
