/**
 * The GSTR-2B JSON a user downloaded from the GST portal, imported as it arrives (up to 200 MB, a
 * million documents) in bounded memory: read entry by entry, staged in batches, checked whole (nothing
 * of a file with an unreadable entry or another GSTIN's header reaches the period), then reconciled by
 * the same run as a fetched return, which moves the staged documents into the period in its transaction.
 *
 * The run begins as soon as the file has named its GSTIN and period (the portal writes them before the
 * documents) and takes the documents as they are read, straight into the period, while it pulls and stores
 * the purchase register (ArrivingImport). A file refused afterwards ends that run unrecorded, its
 * transaction rolled back. A file that names its period only after its documents is staged whole first,
 * then reconciled.
 */
import { randomUUID } from 'node:crypto';
import { Injectable, PayloadTooLargeException } from '@nestjs/common';
import { ComplianceError } from '../compliance';
import { unreconcilablePeriod } from './return-period';
import { Gstr2bTooLargeError, readGstr2bStream, type Gstr2bDocument } from '../compliance/returns';
import { Gstr2bImportRepository, type StagedGstr2bRow } from '../database/repositories';
import { AMENDED_FAMILY, gstr2bColumns, gstr2bKey } from './reconciliation-rows';
import { ArrivingImport, type StagedImport } from './arriving-import';
import { ReconciliationService, type RunOutcome } from './reconciliation.service';
import { ReturnGatewaysService } from './return-gateways.service';

/** The largest file accepted: a portal GSTR-2B of about a million documents. */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;

const ORIGINAL_SECTIONS = new Set(Object.values(AMENDED_FAMILY));

/** The identity `applyAmendments` compares: supplier, section family and number (upper case). */
function identity(supplier: string | null, family: string, number: string): string {
  return `${supplier ?? ''}|${family}|${number.toUpperCase()}`;
}

export function toStagedRows(documents: readonly Gstr2bDocument[]): StagedGstr2bRow[] {
  // Repeats of a key are numbered when the whole file is staged (SQL), so the key goes without a suffix.
  return documents.map((document) => {
    const family = AMENDED_FAMILY[document.section];
    return {
      ...gstr2bColumns(document),
      keyBase: gstr2bKey(document),
      identityKey: ORIGINAL_SECTIONS.has(document.section)
        ? identity(document.supplierGstin, document.section, document.number)
        : null,
      amendsKey:
        family && document.original
          ? identity(document.supplierGstin, family, document.original.number)
          : null,
    };
  });
}

@Injectable()
export class Gstr2bImportService {
  constructor(
    private readonly imports: Gstr2bImportRepository,
    private readonly reconciliation: ReconciliationService,
    private readonly gateways: ReturnGatewaysService,
  ) {}

  async importStream(
    gstin: string,
    body: AsyncIterable<Buffer | string>,
    trigger: string,
  ): Promise<RunOutcome> {
    this.gateways.settingsOf(gstin);
    const importId = randomUUID();
    const started = performance.now();
    let staged = 0;
    // One batch is stored while the next is read: reading and storing overlap, one batch in flight.
    let inFlight: Promise<void> = Promise.resolve();
    let failure: Error | undefined;
    const arriving = new ArrivingImport();
    let early: { period: string; outcome: Promise<RunOutcome> } | undefined;
    const beginEarly = ({ gstin: named, rtnprd }: { gstin: unknown; rtnprd: unknown }): void => {
      // Only a file of this GSTIN and of a period that can be reconciled, named before any document, begins
      // a run before it is read whole; any other is refused by the same checks once read.
      if (named !== gstin || typeof rtnprd !== 'string' || unreconcilablePeriod(rtnprd, new Date())) return;
      if (staged > 0) return;
      const outcome = this.reconciliation.run(gstin, rtnprd, trigger, arriving);
      // A run that failed (the books unreadable, say) stops the upload: nothing more is worth reading.
      outcome.then(
        () => arriving.close(),
        (error: unknown) => {
          arriving.close();
          failure ??= error instanceof Error ? error : new Error(String(error));
        },
      );
      early = { period: rtnprd, outcome };
    };
    try {
      const read = await readGstr2bStream(
        body,
        async (documents) => {
          if (early) {
            // Straight to the run; a run gone (skipped) drops them, and the file is read to its end.
            await arriving.offer(documents);
            if (failure) throw failure;
            return;
          }
          await inFlight;
          if (failure) throw failure;
          const first = staged;
          staged += documents.length;
          inFlight = this.imports.stage(importId, first, toStagedRows(documents)).catch((error: unknown) => {
            failure = error instanceof Error ? error : new Error(String(error));
          });
        },
        { maxBytes: MAX_IMPORT_BYTES, batchSize: 5000, onHeader: beginEarly },
      );
      await inFlight;
      if (failure) throw failure;
      if (read.errorCount > 0 || !read.header) {
        const shown = read.errors.map(
          (e) => `${e.path}: ${e.message}${e.value !== undefined ? ` (${String(e.value)})` : ''}`,
        );
        throw new ComplianceError(
          'validation',
          `GSTR-2B has ${read.errorCount} unreadable entr${read.errorCount === 1 ? 'y' : 'ies'}: ${shown.join('; ')}`,
          { response: read.errors },
        );
      }
      if (read.header.gstin !== gstin) {
        throw new ComplianceError(
          'validation',
          `the file is GSTR-2B of ${read.header.gstin}, not of ${gstin}`,
        );
      }
      if (early && early.period !== read.header.period) {
        // Its documents went to the period it named first: the file cannot be read as one return.
        throw new ComplianceError(
          'validation',
          `the file names return period ${early.period} before its documents and ${read.header.period} in its header (rtnprd)`,
        );
      }
      const streamedMs = Math.round(performance.now() - started);
      let outcome: RunOutcome;
      if (early) {
        arriving.end();
        outcome = await early.outcome;
      } else {
        await this.imports.analyzeStaged();
        const whole: StagedImport = { importId, documents: read.documents };
        outcome = await this.reconciliation.run(gstin, read.header.period, trigger, whole);
      }
      return outcome.timingsMs
        ? { ...outcome, timingsMs: { 'read and stage': streamedMs, ...outcome.timingsMs } }
        : outcome;
    } catch (error) {
      // A run begun early ends (rolled back, unrecorded) before the staging is discarded.
      if (early) await arriving.refused(early.outcome, error);
      if (error instanceof Gstr2bTooLargeError) {
        throw new PayloadTooLargeException(error.message);
      }
      throw error;
    } finally {
      await inFlight;
      await this.imports.discard(importId);
    }
  }
}
