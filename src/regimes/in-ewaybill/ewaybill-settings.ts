/**
 * `regimeSettings.in-ewaybill` of a connector instance, over the process defaults (the sandbox's in
 * development), validated at boot: the e-way bill access path (as EwaybillProviderConfig), the rules that
 * say which documents need a bill (EwaybillRules), and the optional by-IRN, lookup and auto-extension
 * settings. Credentials may come from the defaults, so each is optional here; what a provider cannot work
 * without is reported when it is first built (ewaybillConfig).
 */
import { IsArray, IsBoolean, IsIn, IsNumberString, IsObject, IsOptional, IsString } from 'class-validator';
import { NicGatewaySettings } from '../../compliance';
import type { CanonicalInvoice, TransportDetails } from '../../domain';
import type { EwaybillRules } from '../../mappers/ewaybill';

export class EwaybillSettings extends NicGatewaySettings implements EwaybillRules {
  /** A catalog A config for reads where the provider has none (catalog B cannot look a bill up). */
  @IsOptional()
  @IsObject()
  lookup?: Record<string, unknown>;

  /** The e-invoice GSP settings GENERATE_EWAYBILL by IRN goes through. */
  @IsOptional()
  @IsObject()
  einvoice?: Record<string, unknown>;

  /** false: always generate directly, even when the document has an IRN. */
  @IsOptional()
  @IsBoolean()
  byIrn?: boolean;

  /** Consignment value above which a bill is needed (default 50000). */
  @IsOptional()
  @IsNumberString()
  threshold?: string;

  /** State code of the origin -> its own threshold. */
  @IsOptional()
  @IsObject()
  stateThresholds?: Record<string, string>;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  exemptHsnPrefixes?: string[];

  @IsOptional()
  @IsIn(['always', 'when-transport-given'])
  movement?: 'always' | 'when-transport-given';

  @IsOptional()
  @IsArray()
  @IsIn(['INV', 'CRN', 'DBN'], { each: true })
  documentTypes?: CanonicalInvoice['documentType'][];

  @IsOptional()
  @IsObject()
  defaultTransport?: TransportDetails;

  @IsOptional()
  @IsString()
  subSupplyType?: string;

  @IsOptional()
  @IsString()
  subSupplyDesc?: string;

  /** How the scheduled expiry check extends this instance's bills; absent: they are only listed. */
  @IsOptional()
  @IsObject()
  autoExtend?: Record<string, unknown>;
}
