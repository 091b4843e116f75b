/**
 * GSTR-2B reconciliation: which GSTINs are reconciled (each with its return gateway access and the
 * connector whose purchase register is compared), when, and the matching thresholds.
 */
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { Secret } from '../security';

/** The GSP's allowance for one client: 60 requests a minute unless the GSP grants another. */
export class GatewayRateLimitConfig {
  @IsInt()
  @Min(0)
  limit = 60;

  @IsInt()
  @Min(1000)
  windowMs = 60_000;
}

export class ReturnGatewayConfig {
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  baseUrl!: string;

  /** Catalog B entry point ({base_url}/gst), when GSTR-2B is fetched by variant B. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  apiBaseUrl?: string;

  @Matches(/^[^@\s]+@[^@\s]+$/, { message: 'gateway.email must be the e-mail registered with the GSP' })
  email!: string;

  @IsString()
  clientId!: string;

  @IsString()
  @Secret()
  clientSecret!: string;

  @IsString()
  gstUsername!: string;

  /** The end user's IP address sent as ip_address. */
  @IsString()
  ipAddress = '127.0.0.1';

  @IsIn(['A', 'B'])
  gstr2bCatalog: 'A' | 'B' = 'A';

  /**
   * Variant B's token request, relative to apiBaseUrl ("not shown" in the catalog): an OAuth2
   * client-credentials form POST like every other OAuth client here; default `/oauth/token`.
   */
  @IsString()
  @Matches(/^\//, { message: 'gateway.apiTokenPath must start with /' })
  apiTokenPath = '/oauth/token';

  /** Session lifetime when the gateway's answer carries no `expiry` (minutes; the reference: 1 hour). */
  @IsInt()
  @Min(1)
  sessionMinutes = 60;

  /** Requests this client may send per window, counted across every process of the service (0: no limit). */
  @ValidateNested()
  @Type(() => GatewayRateLimitConfig)
  rateLimit: GatewayRateLimitConfig = new GatewayRateLimitConfig();
}

export class ReconciledGstinConfig {
  @Matches(/^[0-9]{2}[0-9A-Z]{13}$/, { message: 'gstin must be a 15-character GSTIN' })
  gstin!: string;

  /** Connector instance whose purchase register (pullPurchases) is reconciled. */
  @IsString()
  connector!: string;

  @ValidateNested()
  @Type(() => ReturnGatewayConfig)
  gateway!: ReturnGatewayConfig;
}

export class ReconciliationConfig {
  @IsBoolean()
  enabled = false;

  /** Day of the month GSTR-2B of the previous month is generated (GSTN: the 14th). */
  @IsInt()
  @Min(1)
  @Max(28)
  generationDay = 14;

  /** How often the scheduler looks for a period due (and refreshes gateway sessions). */
  @IsInt()
  @Min(5)
  checkEverySeconds = 600;

  /**
   * Refresh a gateway session this long before it expires. With the 1 h lifetime the reference gives and a
   * check every 10 minutes, a session is renewed 20 to 10 minutes before it ends.
   */
  @IsInt()
  @Min(1)
  refreshAheadMinutes = 20;

  /** Largest amount difference (rupees) still taken as equal. */
  @Matches(/^\d+(\.\d{1,2})?$/, { message: 'amountTolerance must be rupees, e.g. "1" or "0.50"' })
  amountTolerance = '1';

  @IsInt()
  @Min(0)
  dateWindowDays = 30;

  @IsNumber()
  @Min(0.5)
  @Max(1)
  minNumberSimilarity = 0.8;

  @IsInt()
  @Min(1)
  minFuzzyLength = 3;

  /**
   * Months before the 2B period whose purchase bills are also read (the purchase date range is chosen apart
   * from the 2B period): a bill a supplier reported late is paired in the later period's 2B and closes in
   * its own. Only bills not paired or decided in their own period are candidates; the ones that stay
   * unpaired are reported in their own month, not again here. 0 reads the 2B month only.
   */
  @IsInt()
  @Min(0)
  @Max(24)
  purchaseLookBackMonths = 3;

  /**
   * Rows (purchases and 2B documents together) the matching takes at a time: a run reads, matches and stores
   * the period a shard of whole suppliers (by PAN) at a time, so its memory is bounded by a shard. A
   * supplier larger than this is one shard of its own. Verdicts do not depend on it.
   */
  @IsInt()
  @Min(1)
  matchShardRows = 5_000;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ReconciledGstinConfig)
  gstins: ReconciledGstinConfig[] = [];
}
