/**
 * The typed configuration, validated at boot. `config/default.yaml` gives the defaults; an optional
 * `CONFIG_FILE` is merged over it; environment variables override both (see `config-loader.ts`).
 */
import { Type } from 'class-transformer';
import {
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsUrl,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  Validate,
  ValidateNested,
} from 'class-validator';
import { IanaTimeZone } from './iana-time-zone';
import { ReconciliationConfig } from './reconciliation-config';
import { Secret } from '../security';
import { REGIME_NAME_PATTERN, type RegimeName } from '../domain';

export const PROCESS_ROLES = ['api', 'worker', 'scheduler'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

export class ServerConfig {
  @IsInt()
  @Min(0)
  @Max(65535)
  port = 3000;

  @IsArray()
  @ArrayNotEmpty()
  @IsIn(PROCESS_ROLES, { each: true })
  roles: ProcessRole[] = ['api', 'worker', 'scheduler'];

  /** Where embedded PostgreSQL, CSV folders and generated keys live. */
  @IsString()
  dataDir = './.data';

  /**
   * The business's time zone (IANA): the console shows times in it, labelled, and the dashboard's "today"
   * and "this month" are its days. Asia/Kolkata for India; Asia/Riyadh for a Saudi business.
   */
  @Validate(IanaTimeZone)
  timeZone = 'Asia/Kolkata';

  /**
   * How far V8 lets the heap grow past what survived its last full collection, in percent (V8's
   * `--heap-growing-percent`); 0 leaves it to V8. Left to V8, a large reconciliation's short-lived batches
   * pile up to four or five times the live heap before a full collection (a 100,000-document month: about
   * 80 MB live, 500-600 MB resident). At 100 the heap is collected at twice the live size: resident memory
   * about 350 MB for the same month, for some 10% more CPU. No cap: the heap still grows as far as the
   * work needs.
   */
  @IsInt()
  @Min(0)
  @Max(1000)
  heapGrowingPercent = 100;
}

export class DatabaseConfig {
  /** postgres://user:pass@host:port/db. Empty: start an embedded PostgreSQL under `<dataDir>/pg`. */
  @IsOptional()
  @IsString()
  @Matches(/^postgres(ql)?:\/\//, { message: 'database.url must be a postgres:// URL' })
  @Secret()
  url?: string;

  @IsBoolean()
  runMigrations = true;

  @IsInt()
  @Min(1)
  poolSize = 10;
}

export class SecurityConfig {
  /** API keys accepted on the operator API (X-API-Key or Authorization: Bearer). */
  @IsArray()
  @IsString({ each: true })
  @MinLength(16, { each: true, message: 'each security.apiKeys entry must be at least 16 characters' })
  @Secret()
  apiKeys: string[] = [];

  /** Master key sealing secrets at rest: 32 bytes as 64 hex chars or base64. Empty: development key. */
  @IsOptional()
  @IsString()
  @Matches(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, {
    message: 'security.encryptionKey must be 32 bytes as hex or base64',
  })
  @Secret()
  encryptionKey?: string;
}

export class QueueConfig {
  @IsInt()
  @Min(1)
  @Max(1000)
  batchSize = 50;

  @Min(0.5)
  @Max(60)
  pollingIntervalSeconds = 0.5;

  /**
   * Scales the job fetchers of a worker process: the pipeline queues get a quarter of it (at least two),
   * each fetching up to `batchSize` jobs and handling them as one batch; other queues use it as their
   * fetcher count unless they need fewer (pull 2, sweep and ZATCA reporting 1). 16 keeps about 200 calls
   * in flight per worker (50 x 4): an IRP answering in ~300 ms needs 150 for 500 invoices/s.
   */
  @IsInt()
  @Min(1)
  @Max(64)
  concurrency = 16;

  /**
   * A write-back or pull job active this long is presumed orphaned by a dead worker and failed, so the
   * sweep's re-enqueued job for the same key can run (pg-boss has no worker heartbeat). Longer than any
   * write-back call or pull may legitimately take.
   */
  @IsInt()
  @Min(30)
  staleJobSeconds = 180;

  @IsInt()
  @Min(1)
  @Max(100)
  maxAttempts = 8;

  /** Write-back attempts after the first (exponential backoff from 1 s), then WRITEBACK_FAILED. */
  @IsInt()
  @Min(0)
  @Max(20)
  writeBackRetries = 5;

  /**
   * After those retries, a write-back failing for a transient reason (an ERP or callback URL down) is
   * tried again every this many seconds rather than given up ...
   */
  @IsInt()
  @Min(1)
  @Max(3600)
  writeBackMaxDelaySeconds = 300;

  /**
   * ... until this long after the outcome was recorded; then WRITEBACK_FAILED (the failure queue) with the
   * reason. 0: give up once the retries have run out.
   */
  @IsInt()
  @Min(0)
  @Max(7 * 86_400)
  writeBackGiveUpAfterSeconds = 86_400;

  /**
   * A submission SUBMITTING for longer than this is presumed crashed: its outcome is unknown. A live send
   * renews it every third of it, however long the call waits (rate limits, Retry-After, retries). Short,
   * so that after a process is killed its documents settle within seconds of the restart.
   */
  @IsInt()
  @Min(5)
  submittingLeaseSeconds = 10;

  /**
   * A write-back is claimed for this long before the ERP is called, so that two workers never write the
   * same outcome back at once, and renewed every third of it while the ERP call runs, however long. A
   * dead writer's claim lapses one lease later.
   */
  @IsInt()
  @Min(5)
  @Max(3600)
  writeBackLeaseSeconds = 10;

  /**
   * A worker process renews its lease every third of this; the jobs of a process that stopped renewing
   * (killed, frozen) are failed and retried once they are older than this, by the other workers. Longer
   * than the event loop of a live worker is ever blocked.
   */
  @IsInt()
  @Min(2)
  @Max(3600)
  workerLeaseSeconds = 15;
}

export class ScheduleConfig {
  @IsInt()
  @Min(1)
  pullEverySeconds = 15;

  @IsInt()
  @Min(1)
  sweepEverySeconds = 10;

  /** Simplified KSA invoices are reported by this job, well inside ZATCA's 24 h. */
  @IsInt()
  @Min(5)
  zatcaReportEverySeconds = 300;

  /**
   * Every connector (ERP) is checked in the background this often, each within
   * healthCheckTimeoutSeconds; /health answers from the last results and never waits on an ERP.
   */
  @IsInt()
  @Min(1)
  healthCheckEverySeconds = 10;

  /**
   * The database (`SELECT 1`) is checked this often, apart from the ERPs, so /health/ready turns 503
   * within about this plus healthCheckTimeoutSeconds of the database stopping to answer.
   */
  @IsInt()
  @Min(1)
  databaseCheckEverySeconds = 2;

  /**
   * Free space (MB) the data folder's disk must keep (the inbox and outbox files, the embedded PostgreSQL's
   * cluster by default): below it /health lists `disk` as degraded with the figures, and the log says so
   * once, so a disk filling up is seen before writes fail. Checked with the connectors' round.
   */
  @IsInt()
  @Min(0)
  minFreeDiskMb = 64;

  @IsInt()
  @Min(1)
  healthCheckTimeoutSeconds = 5;
}

export class ZatcaConfig {
  /** Fatoora environment: developer-portal, simulation or core (production). */
  @IsIn(['developer-portal', 'simulation', 'core'])
  environment: 'developer-portal' | 'simulation' | 'core' = 'simulation';

  /** Overrides the environment's Fatoora base URL (a GSP or a proxy). */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  baseUrl?: string;
}

/**
 * The printable invoice's PDF (GET /submissions/:id/print.pdf). Its fonts must have Latin and Arabic glyphs
 * (KSA invoices are bilingual); the defaults are DejaVu Sans as Debian's fonts-dejavu-core installs it (the
 * Docker image does). When a file is missing the PDF falls back to Helvetica and leaves Arabic out.
 */
export class PrintConfig {
  @IsString()
  pdfFont = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

  @IsString()
  pdfBoldFont = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
}

export class SandboxConfig {
  /** Start the simulated GSP/IRP/ZATCA/Tally services in-process and point connectors at them. */
  @IsBoolean()
  enabled = false;
}

export class ConnectorInstanceConfig {
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9-]{1,62}$/, {
    message: 'connector name must be 2-63 lowercase letters, digits or dashes',
  })
  name!: string;

  @IsString()
  kind!: string;

  @IsBoolean()
  enabled = true;

  /** Compliance regimes applied to this instance's documents (each still decides by document facts). */
  @IsArray()
  // The form only: whether this build registers the regime is checked at boot, against the registered ones.
  @Matches(REGIME_NAME_PATTERN, {
    each: true,
    message: 'each value in regimes must be a regime name such as in-einvoice',
  })
  regimes: RegimeName[] = [];

  /** Kind-specific settings, validated by the connector's own config class. */
  @IsObject()
  config: Record<string, unknown> = {};

  /** Regime-specific settings (provider, credentials key, EGS unit...). */
  @IsObject()
  regimeSettings: Record<string, Record<string, unknown>> = {};
}

export class AppConfig {
  @ValidateNested()
  @Type(() => ServerConfig)
  server = new ServerConfig();

  @ValidateNested()
  @Type(() => DatabaseConfig)
  database = new DatabaseConfig();

  @ValidateNested()
  @Type(() => SecurityConfig)
  security = new SecurityConfig();

  @ValidateNested()
  @Type(() => QueueConfig)
  queue = new QueueConfig();

  @ValidateNested()
  @Type(() => ScheduleConfig)
  schedule = new ScheduleConfig();

  @ValidateNested()
  @Type(() => SandboxConfig)
  sandbox = new SandboxConfig();

  @ValidateNested()
  @Type(() => ZatcaConfig)
  zatca = new ZatcaConfig();

  @ValidateNested()
  @Type(() => ReconciliationConfig)
  reconciliation = new ReconciliationConfig();

  @ValidateNested()
  @Type(() => PrintConfig)
  print = new PrintConfig();

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ConnectorInstanceConfig)
  connectors: ConnectorInstanceConfig[] = [];
}
