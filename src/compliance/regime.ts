/**
 * A compliance regime (`in-einvoice`, `in-ewaybill`, `sa-zatca`): which documents it applies to, the pure
 * mapping to its wire format, submission (idempotent: resolves unknown outcomes before resending) and
 * cancellation. Regimes are gathered under the COMPLIANCE_REGIMES token and chosen by data: the connector
 * instance lists its regimes and `appliesTo` looks at the document's facts.
 */
import type { CanonicalInvoice } from '../domain/canonical-invoice';
import type { FieldError, Outcome } from '../domain/field-error';
import type { ComplianceIdentifiers } from '../domain/compliance-identifiers';
import type { ComplianceErrorClass } from '../domain/error-classes';
import type { RegimeName } from '../domain/regime-name';

export const COMPLIANCE_REGIMES = Symbol('COMPLIANCE_REGIMES');

export interface SubmitContext {
  submissionId: string;
  documentId: string;
  connectorInstance: string;
  attempt: number;
  /**
   * True when an earlier attempt may have reached the authority but its answer was lost (timeout,
   * dropped response, crash mid-call): the regime must look the document up before sending again.
   */
  outcomeUnknown: boolean;
  /** Identifiers stored from an earlier attempt (e.g. the locally computed IRN). */
  previous: ComplianceIdentifiers;
  /** Regime-specific settings of the connector instance (GSTIN credentials key, EGS unit, ...). */
  settings: Record<string, unknown>;
}

export interface Registered {
  status: 'registered';
  identifiers: ComplianceIdentifiers;
  response: unknown;
  /** Authority warnings kept and shown (ZATCA validationResults warnings, NIC InfoDtls). */
  warnings?: { code?: string; message: string }[];
  /** True when the authority already had it (2150 duplicate adopted, ZATCA 409/208). */
  adopted?: boolean;
}

export interface Rejected {
  status: 'rejected';
  /** Authority error code(s), verbatim. */
  code: string;
  message: string;
  response: unknown;
  fieldErrors?: FieldError[];
  /** What the refused document used up all the same (a ZATCA invoice's UUID, hash and ICV slot). */
  identifiers?: ComplianceIdentifiers;
}

export type SubmitOutcome = Registered | Rejected;

export interface CancelRequest {
  identifiers: ComplianceIdentifiers;
  reasonCode: string;
  remark: string;
  settings: Record<string, unknown>;
}

export interface ComplianceRegime<P = unknown> {
  readonly name: RegimeName;
  /** `settings`: the connector instance's settings of this regime, where the caller has them. */
  appliesTo(invoice: CanonicalInvoice, settings?: Record<string, unknown>): boolean;
  /** Pure: payload or field errors. Identifiers known before sending (IRN) go in `identifiers`. */
  map(
    invoice: CanonicalInvoice,
    settings: Record<string, unknown>,
  ): Outcome<{ payload: P; identifiers?: ComplianceIdentifiers }>;
  /**
   * Sends the payload. Throws ComplianceError for transient/auth/unknown-outcome failures; returns
   * `rejected` when the authority refused it for good.
   */
  submit(payload: P, context: SubmitContext): Promise<SubmitOutcome>;
  /**
   * Optional: many documents at once where the authority's API takes them together (NIC bulk generate).
   * Same rules as `submit`, per document: the answer at each position is that document's outcome or the
   * ComplianceError `submit` would have thrown for it.
   */
  submitMany?(
    items: readonly { payload: P; context: SubmitContext }[],
  ): Promise<(SubmitOutcome | ComplianceError)[]>;
  cancel?(request: CancelRequest): Promise<SubmitOutcome>;
  /**
   * Optional: the e-way bill the authority holds as generated with this registration, with its status
   * ('ACT' active, 'CNL' cancelled); undefined when it holds none. Throws ComplianceError when it cannot
   * be asked.
   */
  ewaybillOf?(
    request: Pick<CancelRequest, 'identifiers' | 'settings'>,
  ): Promise<{ ewbNo: string; status?: string } | undefined>;
}

export type { ComplianceErrorClass };

/**
 * Typed error that tells a retry from a give-up. `unknown-outcome` means the request may have been
 * applied by the authority: the next attempt must look it up before resending.
 */
export class ComplianceError extends Error {
  constructor(
    readonly errorClass: ComplianceErrorClass,
    message: string,
    readonly options: {
      code?: string;
      retryAfterMs?: number;
      response?: unknown;
      cause?: unknown;
      /**
       * The send waits for an operator's action elsewhere (re-onboarding a ZATCA EGS unit): the
       * submission neither retries on its own schedule nor gives up; that action releases it.
       */
      waitsForOperator?: boolean;
      /** Refused before anything left this process (an open circuit): the attempt is not counted. */
      notSent?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'ComplianceError';
  }

  /** Anything but a ComplianceError (a bug, a socket torn down oddly) may have reached the authority. */
  static wrap(error: unknown): ComplianceError {
    if (error instanceof ComplianceError) return error;
    return new ComplianceError('unknown-outcome', error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }

  get retryable(): boolean {
    return this.errorClass === 'transient' || this.errorClass === 'unknown-outcome';
  }
}
