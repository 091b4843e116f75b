/** The `in-einvoice` regime's descriptor: settings, providers, identifier columns, cancel policy, hints. */
import { canonicalPathFor } from '../../mappers/irn/canonical-paths';
import type { RegimeDescriptor } from '../regime-descriptor';
import { EINVOICE_PROVIDERS } from './create-einvoice-provider';
import { EINVOICE_CANCEL_POLICY } from './einvoice-cancel-policy';
import { EinvoiceSettings } from './einvoice-settings';

export const EINVOICE_DESCRIPTOR: RegimeDescriptor<EinvoiceSettings> = {
  name: 'in-einvoice',
  settingsClass: EinvoiceSettings,
  providers: EINVOICE_PROVIDERS,
  projectIdentifiers: (ids) => ({
    irn: ids.irn ?? null,
    ackNo: ids.ackNo ?? null,
    ackDate: ids.ackDate ?? null,
    signedQr: ids.signedQrCode ?? null,
    // An e-way bill generated with the IRN (EwbDtls) comes back with it.
    ewbNo: ids.ewbNo ?? null,
    validUpto: ids.ewbValidUpto ?? null,
  }),
  cancelPolicy: EINVOICE_CANCEL_POLICY,
  overridePathHint: (path) => {
    const source = canonicalPathFor(path);
    return source
      ? `${path} is a field of the IRN payload, mapped from the canonical field ${source}`
      : undefined;
  },
};
