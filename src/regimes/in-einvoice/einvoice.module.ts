/**
 * The `in-einvoice` regime as the build registers it: the IRN regime over one provider per distinct
 * settings, the IRP's callbacks and rejected-IRN lists (services and routes), and the binding of its
 * rejected-IRN job's port.
 */
import type { RegimePlugin } from '../../compliance';
import { ewaybillProvidersFromSettings } from '../in-ewaybill';
import { cachedEinvoiceProviders } from './cached-einvoice-providers';
import { EINVOICE_DESCRIPTOR, REJECTED_IRNS_PASS } from './einvoice.descriptor';
import { EinvoiceRegime } from './einvoice.regime';
import { IrnCallbackController, RejectedIrnsController } from './routes';
import {
  EinvoicePrintable,
  EinvoiceSubmissionLookup,
  IrnCallbackService,
  RejectedIrnsService,
} from './services';
import { EINVOICE_DEVELOPMENT } from './fixtures';

export const EINVOICE_MODULE: RegimePlugin = {
  descriptor: EINVOICE_DESCRIPTOR,
  // Where an instance names the e-way bill API (`ewaybill:`), the bill blocking an IRN cancel is cancelled
  // with the in-ewaybill regime's provider.
  create: (wiring) => new EinvoiceRegime(cachedEinvoiceProviders(wiring), ewaybillProvidersFromSettings()),
  providers: () => [
    EinvoiceSubmissionLookup,
    RejectedIrnsService,
    { provide: REJECTED_IRNS_PASS.token, useExisting: RejectedIrnsService },
    IrnCallbackService,
  ],
  controllers: [IrnCallbackController, RejectedIrnsController],
  printable: EinvoicePrintable,
  development: EINVOICE_DEVELOPMENT,
};
