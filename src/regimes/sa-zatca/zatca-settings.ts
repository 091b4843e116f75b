/** `regimeSettings.sa-zatca` of a connector instance (over the process defaults), validated at boot. */
import {
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  ValidateIf,
} from 'class-validator';
import { Secret } from '../../security';
import { ZATCA_PROVIDER_NAMES, ZATCA_PROVIDERS } from './zatca-providers';

const usesGsp = (settings: ZatcaSettings): boolean => settings.provider === ZATCA_PROVIDER_NAMES.gspKsa;

export class ZatcaSettings {
  /** `fatoora` (default) or `gsp-ksa`. */
  @IsOptional()
  @IsIn(ZATCA_PROVIDERS.names)
  provider?: string;

  /** The EGS unit that signs this instance's invoices (a document may name its own). */
  @IsOptional()
  @Matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, {
    message: 'egsUnitId must be 1-100 letters, digits, dots, dashes or underscores',
  })
  egsUnitId?: string;

  /** Fatoora: overrides the environment's URL (a proxy, the sandbox); gsp-ksa: the GSP's URL (required). */
  @ValidateIf((settings: ZatcaSettings) => usesGsp(settings) || settings.baseUrl !== undefined)
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  baseUrl?: string;

  /** gsp-ksa: OAuth2 client credentials issued by the GSP. */
  @ValidateIf((settings: ZatcaSettings) => usesGsp(settings) || settings.clientId !== undefined)
  @IsString()
  @IsNotEmpty()
  clientId?: string;

  @ValidateIf((settings: ZatcaSettings) => usesGsp(settings) || settings.clientSecret !== undefined)
  @IsString()
  @IsNotEmpty()
  @Secret()
  clientSecret?: string;

  /** gsp-ksa: the e-mail registered with the GSP service account; seed 001 says every call carries it
   * (as `email`, where not shown: the query, as in the GSP's other catalogs). */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  email?: string;

  /** gsp-ksa: what the GSP's table does not show (token path, status parameter, extra operations). */
  @IsOptional()
  @IsObject()
  gspProfile?: Record<string, unknown>;
}
