/**
 * The `in-ewaybill` regime's rules as a connector instance configures them (`regimeSettings.in-ewaybill`):
 * when a document needs an e-way bill and what the mapper assumes where the ERP is silent.
 */
import type { CanonicalInvoice, DecimalString, TransportDetails } from '../../domain';

export interface EwaybillRules {
  /** Consignment value above which a bill is needed; Rs 50,000 by the CGST rules (Rule 138(1)). */
  threshold?: DecimalString;
  /** State code (of the place goods move from) -> its own threshold where the state set another. */
  stateThresholds?: Record<string, DecimalString>;
  /** HSN prefixes exempt from e-way bills (Rule 138(14) annexure): those lines count for nothing. */
  exemptHsnPrefixes?: string[];
  /**
   * `always` (default): a goods sale moves goods, so a document over the threshold needs a bill and, without
   * transport details, is a field error. `when-transport-given`: only documents that carry transport
   * details (or get `defaultTransport`) need one.
   */
  movement?: 'always' | 'when-transport-given';
  /**
   * Which documents move goods: tax invoices by default. A credit or debit note moves nothing of the
   * seller's (returned goods travel on the buyer's own bill); list `CRN`/`DBN` where they do.
   */
  documentTypes?: CanonicalInvoice['documentType'][];
  /** Transport details used where the document has none (e.g. own vehicle, fixed distance). */
  defaultTransport?: TransportDetails;
  /** Overrides of the defaults (1 Supply, 3 Export); subSupplyDesc is required with 8 Others. */
  subSupplyType?: string;
  subSupplyDesc?: string;
}

export const DEFAULT_EWAYBILL_THRESHOLD = '50000';

/** The rules of an instance's settings (which carry its provider settings too); none: the legal defaults. */
export function ewaybillRules(settings: EwaybillRules | undefined): EwaybillRules {
  return settings ?? {};
}
