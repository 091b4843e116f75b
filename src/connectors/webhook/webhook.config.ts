import { IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength } from 'class-validator';
import { Secret } from '../../security';

export class WebhookConnectorConfig {
  /** Shared HMAC secret; empty in development means "generate one under the data dir". */
  @IsString()
  @MinLength(0)
  @Secret()
  secret = '';

  /** Accepted clock skew for X-Webhook-Timestamp. */
  @IsInt()
  @Min(30)
  @Max(3600)
  toleranceSeconds = 300;

  /** Where outcomes are POSTed (signed the same way). No URL: outcomes are only kept for polling. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] })
  callbackUrl?: string;

  @IsInt()
  @Min(100)
  @Max(60000)
  callbackTimeoutMs = 10000;

  /** Most documents (sales documents, or purchase bills) accepted in one request. */
  @IsInt()
  @Min(1)
  @Max(1000)
  maxBatch = 500;

  /** Pushed purchases read back per batch when a reconciliation pulls the purchase register. */
  @IsInt()
  @Min(1)
  @Max(10000)
  purchasePageSize = 1000;
}
