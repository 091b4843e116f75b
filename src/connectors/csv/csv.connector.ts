/**
 * The generic CSV connector. Sales: files dropped (or uploaded) into the inbox are pulled once each, one
 * batch per file, then moved to the processed folder; results go to `<file>.result.csv` in the outbox.
 * Purchases: purchase register files in the purchase folder are read for reconciliation.
 */
import { access, constants as fsConstants, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fieldError, type FieldError, financialYear } from '../../domain';
import {
  type CheckResult,
  type ConnectorContext,
  type ConnectorCursor,
  ConnectorError,
  type ErpConnector,
  type FileDropSource,
  type PullBatch,
  type PurchasePeriod,
  type PurchaseRecord,
  type SourceDocument,
  type WriteBackDocument,
  type WriteBackItem,
  type WriteBackOutcome,
} from '../contract';
import { bindColumns } from './column-binding';
import { notCsvReason } from './not-csv';
import { fieldKind } from './csv-fields';
import { defaultProfilesDir, loadProfile } from './csv-profile.loader';
import type { CsvProfile } from './csv-profile';
import { type CsvRawDocument, isCsvRawDocument } from './csv-raw-document';
import {
  type CsvRow,
  type CsvTable,
  CsvEncodingError,
  CsvTooLargeError,
  isCsvRefusal,
  readCsvFile,
} from './csv-reader';
import { CsvConnectorConfig } from './csv.config';
import { qrImageName, withNoteType } from './document-identity';
import {
  globToRegExp,
  hashFile,
  listMatchingFiles,
  moveTo,
  plannedName,
  sanitiseFileName,
  sha256Hex,
  storeUnique,
} from './inbox';
import { InboxWatcher } from './inbox-watcher';
import { mapPurchaseRecord, unreadablePurchaseRecord } from './purchase-record.mapper';
import { QrRenderPool } from './qr-render-pool';
import { type RejectedFile, RejectedFiles, refusalOf } from './rejected-files';
import { ResultFileWriter } from './result-file.writer';
import { groupRows } from './row-grouping';
import { csvCursorOf } from './csv-cursor';
import { rowsHash } from './rows-hash';
import { mapSalesDocument } from './sales-document.mapper';

/** An inbox file read ahead: nothing when it vanished, else its hash and its batch or why there is none. */
interface ReadAhead {
  hash?: string;
  hashError?: ConnectorError;
  keptAs?: string;
  batch?: Omit<PullBatch, 'cursor'>;
  /** Thrown when the batch is wanted: a file already processed is moved aside without it. */
  readError?: Error;
}

export interface CsvDirectories {
  inbox: string;
  outbox: string;
  processed: string;
  rejected: string;
  purchases: string;
}

/** What `GET /connectors/<name>/files` shows: files waiting in the inbox, files set aside and why. */
export interface CsvFileListing {
  inbox: string[];
  rejected: RejectedFile[];
}

/** Longest file name kept (most file systems allow 255 bytes; the hash suffix needs room). */
const MAX_FILE_NAME_LENGTH = 200;

const SEEDED_MARKER = '.seeded';
/**
 * Purchases handed to a reconciliation at a time. A register file is read whole (a bill's rows are grouped
 * across the file), but it is given in parts of this size, so that what is in flight to the database at
 * once (the batch, its column arrays, the statement) stays small whatever the file's size.
 */
const PURCHASE_BATCH_ROWS = 5_000;

function readCursor(cursor: ConnectorCursor): Set<string> {
  const hashes = cursor?.processedHashes;
  return new Set(
    Array.isArray(hashes) ? hashes.filter((hash): hash is string => typeof hash === 'string') : [],
  );
}

function describeRows(rows: readonly CsvRow[]): string {
  const numbers = rows.map((row) => row.rowNumber);
  if (numbers.length === 1) return `row ${numbers[0]}`;
  const contiguous = numbers.every((n, i) => i === 0 || n === numbers[i - 1] + 1);
  return contiguous ? `rows ${numbers[0]}-${numbers[numbers.length - 1]}` : `rows ${numbers.join(', ')}`;
}

export class CsvConnector implements ErpConnector, FileDropSource {
  readonly capabilities = ['file-drop'] as const;
  readonly kind = 'csv';
  readonly directories: CsvDirectories;
  private readonly config: CsvConnectorConfig;
  private readonly resultWriter: ResultFileWriter;
  private readonly rejected: RejectedFiles;
  private readonly qrImages = new QrRenderPool();
  private readonly watchers = new Set<InboxWatcher>();
  private seeding?: Promise<void>;

  constructor(
    readonly instanceName: string,
    config: CsvConnectorConfig,
    private readonly context: ConnectorContext,
  ) {
    this.config = Object.assign(new CsvConnectorConfig(), config);
    for (const [path, value] of Object.entries(this.config.defaults ?? {})) {
      if (!fieldKind('sales', path) && !fieldKind('purchase', path)) {
        throw new ConnectorError(
          'config',
          `csv connector ${instanceName}: defaults.${path} is not a field path`,
        );
      }
      if (typeof value !== 'string') {
        throw new ConnectorError('config', `csv connector ${instanceName}: defaults.${path} must be text`);
      }
    }
    const dir = (configured: string | undefined, fallback: string): string =>
      configured ? resolve(configured) : join(context.dataDir, fallback);
    this.directories = {
      inbox: dir(this.config.inboxDir, 'inbox'),
      outbox: dir(this.config.outboxDir, 'outbox'),
      processed: dir(this.config.processedDir, 'processed'),
      rejected: dir(this.config.rejectedDir, 'rejected'),
      purchases: dir(this.config.purchaseDir, 'purchases'),
    };
    this.resultWriter = new ResultFileWriter(this.directories.outbox);
    this.rejected = new RejectedFiles(this.directories.rejected);
  }

  salesProfile(): Promise<CsvProfile> {
    return loadProfile(this.config.profile, this.config.profilesDir ?? defaultProfilesDir());
  }

  purchaseProfile(): Promise<CsvProfile> {
    return loadProfile(this.config.purchaseProfile, this.config.profilesDir ?? defaultProfilesDir());
  }

  async check(): Promise<CheckResult> {
    const problems: string[] = [];
    const directories: Record<string, string> = { ...this.directories };
    for (const [role, path] of Object.entries(directories)) {
      try {
        await mkdir(path, { recursive: true });
        await access(path, fsConstants.R_OK | fsConstants.W_OK);
      } catch (error) {
        problems.push(`${role} directory ${path} is not writable: ${(error as Error).message}`);
      }
    }
    const profiles: Record<string, string> = {};
    for (const [role, load] of [
      ['sales', () => this.salesProfile()],
      ['purchase', () => this.purchaseProfile()],
    ] as const) {
      try {
        profiles[role] = (await load()).name;
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
    const details = { ...this.directories, profiles };
    return problems.length === 0
      ? { ok: true, message: `inbox ${this.directories.inbox} ready, profile ${profiles.sales}`, details }
      : // Directories the service cannot write and profiles that do not load are both settings to fix.
        { ok: false, message: problems.join('; '), errorClass: 'config', details };
  }

  async *pullSales(cursor: ConnectorCursor): AsyncIterable<PullBatch> {
    await this.seedOnce();
    const profile = await this.salesProfile();
    const processed = readCursor(cursor);
    const { inbox, processed: processedDir } = this.directories;
    await mkdir(inbox, { recursive: true });
    const names = await listMatchingFiles(inbox, this.config.filePattern);
    // The next file is read while the consumer stores the current batch (reading has no side effects;
    // moving a file still waits for the consumer to ask for more).
    let ahead = names.length > 0 ? this.readAhead(join(inbox, names[0]), names[0], profile) : undefined;
    for (const [index, name] of names.entries()) {
      const read = await (ahead as Promise<ReadAhead>);
      ahead =
        index + 1 < names.length
          ? this.readAhead(join(inbox, names[index + 1]), names[index + 1], profile)
          : undefined;
      if (read.hashError) throw read.hashError;
      if (!read.hash) continue;
      const path = join(inbox, name);
      const keptAs = await plannedName(processedDir, name, read.hash);
      if (processed.has(read.hash)) {
        this.context.log.info('csv file already processed, moved aside', {
          instance: this.instanceName,
          file: name,
        });
        await moveTo(path, processedDir, keptAs);
        continue;
      }
      if (read.readError) throw read.readError;
      // Read ahead under the name planned then; a file moved to processed since may have changed it.
      const batch =
        read.batch && read.keptAs === keptAs
          ? read.batch
          : await this.readSalesFile(path, name, keptAs, profile);
      const refusal = refusalOf(batch.documents.length, batch.problems);
      if (refusal) {
        // Not added to the cursor: the same file dropped again after a fix (of the profile) is read again.
        yield { ...batch, cursor: { ...csvCursorOf(processed) } };
        const kept = await this.rejected.keep(path, name, read.hash, refusal);
        this.context.log.warn('csv file rejected, moved to the rejected folder', {
          instance: this.instanceName,
          file: name,
          keptAs: kept.file,
          kind: refusal.kind,
          reason: refusal.reason,
        });
        continue;
      }
      processed.add(read.hash);
      yield { ...batch, cursor: { ...csvCursorOf(processed) } };
      // Moved only once the consumer asked for more, i.e. after it stored the batch and cursor.
      await moveTo(path, processedDir, keptAs);
    }
  }

  /** Hash and documents of an inbox file, settled: a failure is returned, never thrown. */
  private async readAhead(path: string, name: string, profile: CsvProfile): Promise<ReadAhead> {
    let hash: string;
    try {
      hash = await hashFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      return {
        hashError: new ConnectorError('transient', `cannot read ${path}: ${(error as Error).message}`),
      };
    }
    try {
      const keptAs = await plannedName(this.directories.processed, name, hash);
      return { hash, keptAs, batch: await this.readSalesFile(path, name, keptAs, profile) };
    } catch (error) {
      return { hash, readError: error instanceof Error ? error : new Error(String(error)) };
    }
  }

  /**
   * The file as a table, or why it cannot be one: not CSV, not text in its encoding, or larger than one
   * batch may be (checked by size first, then by rows while reading, so memory stays bounded).
   */
  private async readTable(
    path: string,
    name: string,
    profile: CsvProfile,
    side: 'sales' | 'purchases' = 'sales',
  ): Promise<CsvTable | FieldError> {
    const [maxFileBytes, maxFileRows, bytesSetting, rowsSetting] =
      side === 'purchases'
        ? [
            this.config.purchaseMaxFileBytes,
            this.config.purchaseMaxFileRows,
            'purchaseMaxFileBytes',
            'purchaseMaxFileRows',
          ]
        : [this.config.maxFileBytes, this.config.maxFileRows, 'maxFileBytes', 'maxFileRows'];
    try {
      const { size } = await stat(path);
      if (size > maxFileBytes) {
        return fieldError(
          `files.${name}`,
          'csv.too-large',
          `${name}: ${size} bytes, more than the ${maxFileBytes} one file may have (${bytesSetting}): split it into smaller files`,
        );
      }
      return await readCsvFile(path, { ...profile, maxRows: maxFileRows });
    } catch (error) {
      if (!isCsvRefusal(error)) {
        throw new ConnectorError('transient', `cannot read ${path}: ${(error as Error).message}`);
      }
      if (error instanceof CsvTooLargeError) {
        return fieldError(
          `files.${name}`,
          'csv.too-large',
          `${name}: ${error.message}, more than one file may have (${rowsSetting}): split it into smaller files or raise it`,
        );
      }
      if (error instanceof CsvEncodingError) {
        return fieldError(`files.${name}`, 'csv.encoding', `${name}: encoding: ${error.message}`);
      }
      return fieldError(
        `files.${name}`,
        'csv.syntax',
        `${name}: not readable as CSV: ${(error as Error).message}`,
      );
    }
  }

  private async readSalesFile(
    path: string,
    name: string,
    keptAs: string,
    profile: CsvProfile,
  ): Promise<Omit<PullBatch, 'cursor'>> {
    const table = await this.readTable(path, name, profile);
    if (!('header' in table)) return { documents: [], problems: [table] };
    if (table.rows.length === 0) {
      const what = table.header.length > 0 ? 'a header and no data rows' : 'no rows at all';
      return { documents: [], problems: [fieldError(`files.${name}`, 'csv.empty', `${name}: ${what}`)] };
    }
    const { binding, problems, usable } = bindColumns(profile, table.header, this.config.defaults);
    if (!usable) return { documents: [], problems };
    const grouping = groupRows(binding, table.rows);
    problems.push(...grouping.problems);
    const documents = grouping.groups.map((group): SourceDocument => {
      const mapping = mapSalesDocument(binding, group.rows);
      const documentNumber = mapping.documentNumber ?? group.key;
      const year = mapping.documentDate ? financialYear(mapping.documentDate) : 'undated';
      const raw: CsvRawDocument = {
        sourceFile: keptAs,
        originalFile: name,
        profile: profile.name,
        ...(group.noteType ? { noteType: group.noteType } : {}),
        header: table.header,
        rows: group.rows.map((row) => ({ rowNumber: row.rowNumber, values: row.values })),
      };
      return {
        // `<profile>:<number>:<financial year>`, and `:CRN` or `:DBN` after it for a note (see withNoteType).
        erpId: withNoteType(`${profile.name}:${documentNumber}:${year}`, group.noteType),
        contentHash: rowsHash(table.header, group.rows),
        direction: 'sales',
        documentNumber,
        documentDate: mapping.documentDate,
        sourceRef: `${keptAs} ${describeRows(group.rows)}`,
        normalised: mapping.normalised,
        raw,
      };
    });
    return problems.length > 0 ? { documents, problems } : { documents };
  }

  /**
   * Every purchase register file of the folder, one batch each. A file refused whole (not CSV, over the
   * purchase-side limits, header without the needed columns) makes the pull throw (ConnectorError
   * `config`, every such file named) once all files are read: a register read in part would show its
   * bills' GSTR-2B documents as missing in the books. A row that cannot be read is an unreadable purchase.
   */
  async *pullPurchases(period: PurchasePeriod): AsyncIterable<PurchaseRecord[]> {
    const profile = await this.purchaseProfile();
    const dir = this.directories.purchases;
    const notRead: string[] = [];
    for (const name of await listMatchingFiles(dir, this.config.filePattern)) {
      const table = await this.readTable(join(dir, name), name, profile, 'purchases');
      if (!('header' in table)) {
        this.context.log.warn('purchase register not readable', { file: name, problem: table.message });
        notRead.push(table.message);
        continue;
      }
      const { binding, problems, usable } = bindColumns(profile, table.header, this.config.defaults);
      const grouping = usable ? groupRows(binding, table.rows) : { groups: [], problems: [], ungrouped: [] };
      problems.push(...grouping.problems);
      const records: PurchaseRecord[] = [];
      // A row that belongs to no bill (no supplier GSTIN or bill number) is an unreadable purchase with its
      // reason, never only a log line: the operator must see every row the register holds.
      for (const { row, error } of grouping.ungrouped) {
        const { record, billDate } = unreadablePurchaseRecord(binding, [row], [error]);
        if (billDate === undefined || (billDate >= period.from && billDate <= period.to))
          records.push(record);
      }
      for (const group of grouping.groups) {
        const outcome = mapPurchaseRecord(binding, group.rows);
        if (!outcome.ok) {
          // Kept with its errors (not skipped): the operator sees every purchase the register holds.
          const { record, billDate } = unreadablePurchaseRecord(binding, group.rows, outcome.errors);
          if (billDate === undefined || (billDate >= period.from && billDate <= period.to))
            records.push(record);
        } else if (outcome.value.billDate >= period.from && outcome.value.billDate <= period.to)
          records.push(outcome.value);
      }
      if (problems.length > 0) {
        this.context.log.warn('purchase register rows skipped', { file: name, problems });
      }
      // Header problems of a usable file (a required column missing) leave every row a record, with its
      // errors, and so do rows that belong to no bill (above); a file without the key columns is lost whole.
      if (!usable) {
        const shown = problems.slice(0, 5).map((p) => p.message);
        notRead.push(`${name}: columns not usable: ${shown.join('; ')}`);
      }
      // Taken out of the file's list as they are given, so a given part can be collected once stored.
      while (records.length > 0) yield records.splice(0, PURCHASE_BATCH_ROWS);
    }
    if (notRead.length > 0) {
      throw new ConnectorError(
        'config',
        `purchase register not read whole (${notRead.length} file(s)): ${notRead.join(' | ')}`,
      );
    }
  }

  async writeBack(document: WriteBackDocument, outcome: WriteBackOutcome): Promise<void> {
    const [error] = await this.writeBackMany([{ document, outcome }]);
    if (error) throw error;
  }

  /**
   * All QR images first, then every row handed to the result writer in the same tick, so that the rows of
   * one source file go into a single rewrite of its result file.
   */
  async writeBackMany(items: readonly WriteBackItem[]): Promise<(ConnectorError | undefined)[]> {
    const prepared = await Promise.all(
      items.map(async ({ document, outcome }) => {
        if (!isCsvRawDocument(document.raw)) {
          return new ConnectorError(
            'system',
            `document ${document.erpId} carries no CSV source rows to write back to`,
          );
        }
        try {
          return { raw: document.raw, outcome: await this.withQrImage(document, document.raw, outcome) };
        } catch (error) {
          return this.resultFileError(document.raw.sourceFile, error);
        }
      }),
    );
    return Promise.all(
      prepared.map((entry) =>
        entry instanceof ConnectorError
          ? Promise.resolve(entry)
          : this.resultWriter.write(entry.raw, entry.outcome).then(
              () => undefined,
              (error: unknown) => this.resultFileError(entry.raw.sourceFile, error),
            ),
      ),
    );
  }

  private resultFileError(sourceFile: string, error: unknown): ConnectorError {
    return new ConnectorError(
      'transient',
      `cannot write the result file for ${sourceFile}: ${(error as Error).message}`,
    );
  }

  /** Adds the path of a printable QR PNG (in `<outbox>/qr/`) to an outcome that carries a QR payload. */
  private async withQrImage(
    document: WriteBackDocument,
    raw: CsvRawDocument,
    outcome: WriteBackOutcome,
  ): Promise<WriteBackOutcome> {
    const payload = outcome.identifiers.signedQrCode ?? outcome.identifiers.zatcaQr;
    if (!payload || outcome.identifiers.qrPngPath) return outcome;
    // Without a number the erpId names the image, and a note's already carries its type.
    const name =
      document.documentNumber !== undefined
        ? qrImageName(document.documentNumber, raw.noteType, outcome.regime)
        : `${document.erpId}-${outcome.regime}`;
    const qrPngPath = await this.qrImages.render(join(this.directories.outbox, 'qr'), name, payload);
    return { ...outcome, identifiers: { ...outcome.identifiers, qrPngPath } };
  }

  /** Path of the result CSV for a source file (as named in `raw.sourceFile`). */
  resultFilePath(sourceFile: string): string {
    return this.resultWriter.pathFor(sourceFile);
  }

  /**
   * Stores an uploaded file in the inbox atomically (never seen half-written by a pull) and returns the
   * name it is stored under and the SHA-256 of its content. A different file already waiting under the
   * same name is kept: the upload then gets a name with its hash.
   */
  async upload(name: string, content: Buffer): Promise<{ fileName: string; contentHash: string }> {
    let fileName = sanitiseFileName(name);
    if (fileName.length > MAX_FILE_NAME_LENGTH) {
      throw new ConnectorError(
        'config',
        `file name is ${fileName.length} characters long; at most ${MAX_FILE_NAME_LENGTH} are kept`,
      );
    }
    if (!globToRegExp(this.config.filePattern).test(fileName)) {
      const extension = /^\*(\.[^*?]+)$/.exec(this.config.filePattern)?.[1];
      if (!extension) {
        throw new ConnectorError(
          'config',
          `file name "${fileName}" does not match ${this.config.filePattern}`,
        );
      }
      fileName += extension;
    }
    const notCsv = notCsvReason(content);
    if (notCsv) throw new ConnectorError('config', `${fileName}: ${notCsv}; nothing was stored`);
    const contentHash = sha256Hex(content);
    let stored: string;
    try {
      stored = await storeUnique(this.directories.inbox, fileName, content, contentHash);
    } catch (error) {
      throw new ConnectorError(
        'transient',
        `cannot store ${fileName} in the inbox: ${(error as Error).message}`,
      );
    }
    return { fileName: stored, contentHash };
  }

  /** Files waiting in the inbox, and files set aside in the rejected folder with the reason for each. */
  async listFiles(): Promise<CsvFileListing> {
    return {
      inbox: await listMatchingFiles(this.directories.inbox, this.config.filePattern),
      rejected: await this.rejected.list(),
    };
  }

  /** Calls `onNewFile` for each file appearing in the inbox (polling every pollIntervalMs); returns a stop function. */
  watch(onNewFile: (fileName: string) => void): () => void {
    const watcher = new InboxWatcher(
      this.directories.inbox,
      this.config.filePattern,
      this.config.pollIntervalMs,
      onNewFile,
      (error) =>
        this.context.log.warn('csv inbox watch failed', {
          instance: this.instanceName,
          error: error.message,
        }),
    );
    this.watchers.add(watcher);
    watcher.start();
    return () => {
      watcher.stop();
      this.watchers.delete(watcher);
    };
  }

  async close(): Promise<void> {
    for (const watcher of this.watchers) watcher.stop();
    this.watchers.clear();
    await this.seeding;
    await this.qrImages.close();
  }

  /** Copies the seed folder's files into the inbox the first time this instance runs. */
  private seedOnce(): Promise<void> {
    const from = this.config.seedFrom;
    if (!from) return Promise.resolve();
    this.seeding ??= (async () => {
      const marker = join(this.context.dataDir, SEEDED_MARKER);
      try {
        await access(marker);
        return;
      } catch {
        // Not seeded yet.
      }
      for (const name of await listMatchingFiles(resolve(from), this.config.filePattern)) {
        const content = await readFile(join(resolve(from), name));
        await storeUnique(this.directories.inbox, name, content, sha256Hex(content));
      }
      await mkdir(this.context.dataDir, { recursive: true });
      await writeFile(marker, new Date().toISOString());
    })().catch((error: unknown) => {
      // A seeding that failed (the disk full) is tried again by the next pull, not answered forever.
      this.seeding = undefined;
      throw error;
    });
    return this.seeding;
  }
}
