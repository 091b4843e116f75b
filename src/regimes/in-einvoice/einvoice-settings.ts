/**
 * `regimeSettings.in-einvoice` of a connector instance, over the process defaults (the sandbox's in
 * development), validated at boot: the NIC gateway settings and the e-invoice's own. Credentials may come
 * from the defaults, so each is optional here; what a provider cannot work without is reported when it is
 * first built (einvoiceConfig).
 */
import { IsNotEmpty, IsObject, IsOptional, IsString } from 'class-validator';
import { Secret } from '../../security';
import { ComplianceError } from '../../compliance';
import { NIC_PROVIDERS } from '../../compliance';
import { NicGatewaySettings } from '../../compliance';
import { EINVOICE_PROVIDERS } from './create-einvoice-provider';
import type { EinvoiceProviderConfig } from '../../compliance';

export class EinvoiceSettings extends NicGatewaySettings {
  @IsOptional()
  @IsString()
  publicKeyPem?: string;

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
export function einvoiceConfig(settings: EinvoiceSettings): EinvoiceProviderConfig {
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
