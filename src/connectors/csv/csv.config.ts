import { IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/**
 * Settings of one CSV connector instance. Directories default to folders under the instance's data dir
 * (`<dataDir>/inbox`, `outbox`, `processed`, `purchases`); relative paths are taken from the working
 * directory. Nothing here is secret.
 */
export class CsvConnectorConfig {
  /** Where sales CSV files are dropped (or uploaded to). */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  inboxDir?: string;

  /** Where `<source-file>.result.csv` files with IRN, AckNo, QR, e-way bill numbers and errors are written. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  outboxDir?: string;

  /** Where files are moved once pulled. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  processedDir?: string;

  /**
   * Where files that cannot be taken at all (not CSV, wrong encoding, too large, no data rows, columns
   * the profile cannot use) are moved, each with `<file>.reason.json` saying why; listed by
   * `GET /connectors/<name>/files`. The files behind them are pulled as usual.
   */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  rejectedDir?: string;

  /**
   * Rows (header included) one file may have: a file is one batch, stored in one transaction, so a
   * larger one is set aside (rejected, reason `too-large`) after reading this many rows, in bounded
   * memory. Split larger exports into several files.
   */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  maxFileRows = 50_000;

  /** Bytes one file may have, checked before reading it (the upload limit is 50 MB as well). */
  @IsInt()
  @Min(1)
  @Max(1_073_741_824)
  maxFileBytes = 50 * 1024 * 1024;

  /**
   * Purchase register side of maxFileRows: rows (header included) one purchase register file may have.
   * The register is read whole for a reconciliation (not a sales batch), so the default holds a large
   * company's month (1,000,000 rows, about 300-600 MB of memory while read); over it the file is refused
   * and the reconciliation run fails naming the file, never completes on a part of the register.
   */
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  purchaseMaxFileRows = 1_000_000;

  /** Purchase register side of maxFileBytes, checked before reading the file. */
  @IsInt()
  @Min(1)
  @Max(4_294_967_296)
  purchaseMaxFileBytes = 512 * 1024 * 1024;

  /** Sales profile: a name in `config/csv-profiles/` (without .yaml) or a path to a YAML file. */
  @IsString()
  @IsNotEmpty()
  profile = 'india-b2b-lines';

  /** Directory holding named profiles; defaults to the project's `config/csv-profiles`. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  profilesDir?: string;

  /** Purchase register profile, by name or path. */
  @IsString()
  @IsNotEmpty()
  purchaseProfile = 'india-purchases';

  /** Where purchase register CSV files are kept (read, never moved). */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  purchaseDir?: string;

  /**
   * A folder whose matching files are copied into the inbox once, when the instance starts for the first
   * time (e.g. `config/samples/inbox` for the zero-configuration demo).
   */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  seedFrom?: string;

  /** How often the inbox watcher looks for new files. */
  @IsInt()
  @Min(200)
  @Max(3_600_000)
  pollIntervalMs = 5000;

  /** File names to pick up: a glob with `*` and `?` (no directories), matched case-insensitively. */
  @IsString()
  @Matches(/^[^/\\]+$/, { message: 'filePattern matches file names only (no directories)' })
  filePattern = '*.csv';

  /**
   * Field path → value used when the CSV has no column (or an empty cell) for it, over the profile's own
   * defaults: typically the seller's GSTIN, name and address when the export has no seller columns.
   */
  @IsOptional()
  @IsObject()
  defaults?: Record<string, string>;
}
