/**
 * What an instance that runs no e-way bill regime is told when a document of its would, by the legal
 * defaults, need an e-way bill and its transport details are given: the IRN goes without EwbDtls (the
 * IRP generates no bill nothing here would track, extend or cancel), and the bill is the operator's to make.
 */
import type { CanonicalInvoice } from '../../domain';
import { ewaybillApplicability } from '../../mappers/ewaybill';

export const EWAYBILL_NOT_REQUESTED = 'EWB_NOT_REQUESTED';

export function ewaybillNotRequested(
  invoice: CanonicalInvoice,
): { code: string; message: string } | undefined {
  if (!invoice.transport || Object.keys(invoice.transport).length === 0) return undefined;
  const applicability = ewaybillApplicability(invoice, {});
  if (!applicability.needed) return undefined;
  return {
    code: EWAYBILL_NOT_REQUESTED,
    message:
      `this document needs an e-way bill (${applicability.reason}, the legal threshold) but this connector ` +
      'instance does not run in-ewaybill, so the IRN was requested without its transport details (EwbDtls) ' +
      'and the IRP generated no e-way bill: generate it on the e-way bill portal (by this IRN) before the ' +
      "goods move, or add in-ewaybill to the instance's regimes so the connector generates and tracks it",
  };
}
