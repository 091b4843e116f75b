/**
 * The e-way bill provider of a connector instance, from its `regimeSettings['in-ewaybill']`: the
 * provider settings under `provider`, or the settings themselves when they carry `catalog` and
 * `baseUrl`. One provider per settings object, so its token is reused across operations. Provider
 * selection is being reworked; this is the one place the operations ask.
 */
import { ComplianceError } from '../../compliance/regime';
import {
  createEwaybillProvider,
  type EwaybillProvider,
  type EwaybillProviderConfig,
} from '../../compliance/ewaybill';

const built = new WeakMap<object, EwaybillProvider>();

export function ewaybillProviderFor(settings: Record<string, unknown> | undefined): EwaybillProvider {
  const candidate = settings && isObject(settings.provider) ? settings.provider : settings;
  if (!candidate || !isObject(candidate) || !candidate.catalog || !candidate.baseUrl) {
    throw new ComplianceError(
      'config',
      "this connector instance has no e-way bill provider: set regimeSettings['in-ewaybill'].provider {catalog, baseUrl, clientId, clientSecret, gstin, ...}",
    );
  }
  let provider = built.get(candidate);
  if (!provider) {
    provider = createEwaybillProvider(candidate as unknown as EwaybillProviderConfig);
    built.set(candidate, provider);
  }
  return provider;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
