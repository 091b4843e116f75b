/**
 * `regimeSettings.in-einvoice` of a connector instance, over the process defaults (the sandbox's in
 * development), validated at boot. Credentials may come from the defaults, so each is optional here;
 * what a provider cannot work without is reported when it is first built (einvoiceConfig).
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
import { Secret } from '../../security/secret.decorator';
import { isValidGstin } from '../../domain/gstin';
import { ComplianceError } from '../regime';
import { NIC_PROVIDERS } from '../provider-registry';
import { EINVOICE_PROVIDERS } from './create-einvoice-provider';
import type { EinvoiceProviderConfig } from './einvoice-config';

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

export class EinvoiceSettings {
  /** Which IRP access path: `nic-gsp-catalog-a` (default) or `nic-api-catalog-b`. */
  @IsOptional()
  @IsIn(EINVOICE_PROVIDERS.names)
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

  /** The seller GSTIN acting. */
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
  @IsString()
  publicKeyPem?: string;

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

  /** The e-way bill API, to cancel an e-way bill that blocks an IRN cancel (an EwaybillProviderConfig). */
  @IsOptional()
  @IsObject()
  ewaybill?: Record<string, unknown>;

  /** Shared secret of IRN callbacks. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @Secret()
  callbackSecret?: string;

  @IsOptional()
  @IsString()
  callbackSecretHeader?: string;
}

const REQUIRED = ['baseUrl', 'clientId', 'clientSecret', 'gstin'] as const;

/**
 * The provider config of merged settings; a missing value is a config error that an operator fixes, not
 * a retry (checked when the provider is first built: the values may come from the process defaults).
 */
export function einvoiceConfig(settings: Record<string, unknown>): EinvoiceProviderConfig {
  const missing: string[] = REQUIRED.filter(
    (name) => typeof settings[name] !== 'string' || settings[name] === '',
  );
  const provider = EINVOICE_PROVIDERS.nameFor(settings);
  if (!EINVOICE_PROVIDERS.names.includes(provider)) {
    missing.push(`a known provider (${EINVOICE_PROVIDERS.names.join(', ')}; "${provider}" given)`);
  }
  if (
    provider === NIC_PROVIDERS.gspCatalogA &&
    (typeof settings.username !== 'string' || typeof settings.password !== 'string')
  ) {
    missing.push(`username/password (${NIC_PROVIDERS.gspCatalogA})`);
  }
  if (missing.length > 0) {
    throw new ComplianceError('config', `regimeSettings.in-einvoice is missing ${missing.join(', ')}`);
  }
  return settings as unknown as EinvoiceProviderConfig;
}
