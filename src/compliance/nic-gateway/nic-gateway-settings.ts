/**
 * What every NIC gateway regime (e-invoice, e-way bill) reads from its `regimeSettings` to reach the
 * GSP or the NIC API: the provider, its URL and credentials, the acting GSTIN and the client's policies.
 * Each regime's settings class extends it with its own settings; all are optional here because the
 * process defaults (the sandbox's in development) may supply them.
 */
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Min,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { isValidGstin } from '../../domain';
import { Secret } from '../../security';
import { NIC_PROVIDERS } from '../provider-registry';

/** A GSTIN with a valid check digit. */
export function IsGstin(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isGstin',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isValidGstin(value),
        defaultMessage: () => '$property must be a GSTIN with a valid check digit',
      },
    },
    options,
  );
}

const HTTP_URL = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

export class NicGatewaySettings {
  /** Which access path: `nic-gsp-catalog-a` (default) or `nic-api-catalog-b`. */
  @IsOptional()
  @IsIn(Object.values(NIC_PROVIDERS))
  provider?: string;

  /** Older name of the provider (A or B). */
  @IsOptional()
  @IsIn(['A', 'B'])
  catalog?: 'A' | 'B';

  @IsOptional()
  @IsUrl(HTTP_URL)
  baseUrl?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  clientId?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @Secret()
  clientSecret?: string;

  @IsOptional()
  @IsString()
  username?: string;

  @IsOptional()
  @IsString()
  @Secret()
  password?: string;

  /** The GSTIN acting (the seller, the consignor). */
  @IsOptional()
  @IsGstin()
  gstin?: string;

  @IsOptional()
  @IsString()
  email?: string;

  @IsOptional()
  @IsString()
  ipAddress?: string;

  @IsOptional()
  @IsObject()
  http?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  rateLimit?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  catalogB?: Record<string, unknown>;

  @IsOptional()
  @IsInt()
  @Min(0)
  tokenRefreshAheadMs?: number;
}
