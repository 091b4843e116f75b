/**
 * The `in-ewaybill` regime's descriptor: settings, providers, its expiry check, identifier columns, cancel
 * policy, operator operations (Part-B, transporter, extension, consolidation), override hints, and its
 * dependency on the e-invoice: where the same document gets an IRN, the e-way bill
 * waits for that registration and goes by IRN (`SubmitContext.upstream['in-einvoice']`).
 */
import type { RegimeDescriptor } from '../../compliance';
import { EWAYBILL_PROVIDERS } from './create-ewaybill-provider';
import { configProblems } from '../../compliance';
import { ewaybillConfig } from './create-ewaybill-regime';
import { EwaybillSettings } from './ewaybill-settings';
import { EWAYBILL_CANCEL_POLICY, EWAYBILL_EXPIRY_CHECK, EWAYBILL_OPERATIONS } from './operations';

export { EWAYBILL_EXPIRY_CHECK_JOB } from './operations';

/** NIC e-way bill request fields and the canonical fields they are mapped from. */
const CANONICAL_SOURCE: readonly [RegExp, (match: RegExpMatchArray) => string][] = [
  [/^docNo$/, () => 'documentNumber'],
  [/^docDate$/, () => 'documentDate'],
  [/^docType$/, () => 'documentType'],
  [/^fromGstin$/, () => 'seller.gstin'],
  [/^toGstin$/, () => 'buyer.gstin'],
  [/^fromPincode$/, () => 'seller.address.postalCode'],
  [/^toPincode$/, () => 'buyer.address.postalCode'],
  [/^transDistance$/, () => 'transport.distanceKm'],
  [/^vehicleNo$/, () => 'transport.vehicleNumber'],
  [/^vehicleType$/, () => 'transport.vehicleType'],
  [/^transMode$/, () => 'transport.mode'],
  [/^transporterId$/, () => 'transport.transporterId'],
  [/^transporterName$/, () => 'transport.transporterName'],
  [/^transDocNo$/, () => 'transport.transportDocNumber'],
  [/^transDocDate$/, () => 'transport.transportDocDate'],
  [/^itemList\[(\d+)\]\.hsnCode$/, (m) => `lines[${m[1]}].hsnCode`],
  [/^itemList\[(\d+)\]\.quantity$/, (m) => `lines[${m[1]}].quantity`],
  [/^itemList\[(\d+)\]\.qtyUnit$/, (m) => `lines[${m[1]}].unit`],
];

export const EWAYBILL_DESCRIPTOR: RegimeDescriptor<EwaybillSettings> = {
  name: 'in-ewaybill',
  countries: ['IN'],
  settingsClass: EwaybillSettings,
  settingsProblems: (settings) => configProblems(() => ewaybillConfig(settings)),
  providers: EWAYBILL_PROVIDERS,
  jobs: [EWAYBILL_EXPIRY_CHECK],
  projectIdentifiers: (ids) => ({
    ewbNo: ids.ewbNo ?? null,
    validUpto: ids.ewbValidUpto ?? null,
  }),
  cancelPolicy: EWAYBILL_CANCEL_POLICY,
  operations: EWAYBILL_OPERATIONS,
  overridePathHint: (path) => {
    for (const [pattern, source] of CANONICAL_SOURCE) {
      const match = path.match(pattern);
      if (match)
        return `${path} is a field of the e-way bill payload, mapped from the canonical field ${source(match)}`;
    }
    return undefined;
  },
  dependsOn: { regime: 'in-einvoice', until: 'registered' },
};
