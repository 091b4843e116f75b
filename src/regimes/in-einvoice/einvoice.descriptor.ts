/** The `in-einvoice` regime's descriptor: settings, providers, identifier columns, cancel policy, hints. */
import { canonicalPathFor } from '../../mappers/irn';
import { regimePort, type RegimeDescriptor } from '../../compliance';
import { EINVOICE_PROVIDERS } from './create-einvoice-provider';
import { EINVOICE_CANCEL_POLICY } from './einvoice-cancel-policy';
import { einvoiceConfig, EinvoiceSettings } from './einvoice-settings';
import { configProblems } from '../../compliance';

/**
 * The GETREJECTEDIRNS pass (one job across instances: keyed, stately queue), hourly: the list is a day's,
 * and refusals already show on the submissions the pipeline sent; the pass adds the ones sent by other
 * channels and those whose answer was lost. One pass is the regime's RejectedIrnsService (services/),
 * bound to this port by the regime's providers.
 */
export const EINVOICE_REJECTED_IRNS_JOB = 'einvoice-rejected-irns';

/** One GETREJECTEDIRNS pass over every instance; its result lists what each instance's feed gave. */
export interface RejectedIrnsPass {
  run(): Promise<unknown>;
}
export const REJECTED_IRNS_PASS = regimePort<RejectedIrnsPass>('RejectedIrnsPass');

export const EINVOICE_DESCRIPTOR: RegimeDescriptor<EinvoiceSettings> = {
  name: 'in-einvoice',
  countries: ['IN'],
  settingsClass: EinvoiceSettings,
  settingsProblems: (settings) => configProblems(() => einvoiceConfig(settings)),
  providers: EINVOICE_PROVIDERS,
  jobs: [
    {
      name: EINVOICE_REJECTED_IRNS_JOB,
      everySeconds: 3600,
      ports: [REJECTED_IRNS_PASS],
      run: (ports) => ports.get(REJECTED_IRNS_PASS).run(),
    },
  ],
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
