/**
 * An operation a regime offers on registered submissions besides submit and cancel (an e-way bill's
 * Part-B, transporter, extension, consolidation). The regime declares it in its descriptor
 * (`RegimeDescriptor.operations`): its request class, the rules checked locally before anything is sent,
 * and a handler that calls the regime's provider. sync/ runs every declared operation the same way (load
 * the submissions, check their state, validate the request, call, store the new identifiers through the
 * descriptor's projection, audit with the operator, send a changed registration back to the ERP).
 */
import type { ComplianceIdentifiers } from '../domain';
import { regimePort } from './regime-job';
import type { RegimeSettings } from './regime';

/** A registered submission an operation acts on, as the regime sees it. */
export interface OperationTarget {
  submissionId: string;
  documentId: string;
  connectorInstanceId: string;
  state: string;
  identifiers: ComplianceIdentifiers;
}

/**
 * Why an operation is refused before anything is sent (a window passed, a bill without validity): the
 * authority's own code for the same refusal where it has one, so the operator sees one code whoever refused.
 */
export interface OperationRefusal {
  code?: string;
  message: string;
}

export interface OperationContext<P, R, S extends object = RegimeSettings> {
  /** The connector instance's provider of the regime (`ComplianceRegime.operationProvider`). */
  provider: P;
  targets: readonly OperationTarget[];
  request: R;
  /** The connector instance's settings of the regime. */
  settings: S;
  now: number;
}

/** What changed on one target. */
export interface OperationUpdate {
  submissionId: string;
  /**
   * The identifiers that changed (merged over the stored ones and projected onto the submission's columns
   * by the descriptor); present means the registration changed and goes back to the ERP.
   */
  identifiers?: ComplianceIdentifiers;
  /** Audited with the target, after the details known before the call. */
  details?: Record<string, unknown>;
}

export interface OperationDone {
  /** One entry per target. */
  updates: OperationUpdate[];
  /** What the caller is told besides the submissions (a consolidated bill's number). */
  result?: Record<string, unknown>;
}

export interface RegimeOperation<P = unknown, R extends object = object, S extends object = RegimeSettings> {
  /** The path segment: `POST /submissions/:id/operations/<name>`. */
  readonly name: string;
  readonly summary: string;
  /** The audit action; a refusal by the authority is audited as `<auditAction>-refused`. */
  readonly auditAction: string;
  /**
   * The reason codes the request's `reasonCode` takes, with what each means in the authority's own list
   * (served by `GET /regimes` so a console offers exactly these). Absent: the operation takes no reason code.
   */
  readonly reasons?: Readonly<Record<string, string>>;
  /**
   * class-validator class of the request body (without `operator` and `reason`, which every operation
   * takes). A bad body is answered 400 with the field, value and rule.
   */
  readonly requestClass: new () => R;
  /**
   * `one`: the submission named in the path; `many`: the request's `submissionIds` (one regime and one
   * connector instance), `POST /submissions/operations/<name>`.
   */
  readonly targets: 'one' | 'many';
  /** The rules checked here before anything is sent; undefined: allowed. */
  refusal?(targets: readonly OperationTarget[], request: R, now: number): OperationRefusal | undefined;
  /** Audit details known before the call, kept with a refusal too. */
  details(targets: readonly OperationTarget[], request: R): Record<string, unknown>;
  /**
   * Calls the authority. Throws ComplianceError (`rejected` with the authority's code verbatim,
   * `transient`, `config` when the provider offers no such call, ...).
   */
  run(context: OperationContext<P, R, S>): Promise<OperationDone>;
}

/** An operation as sync/ holds it, whatever its provider and request types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased at the registry, typed where declared
export type AnyRegimeOperation = RegimeOperation<any, any, any>;

/** The answer of a run, per target the submission as stored afterwards. */
export interface OperationRun<S = unknown> {
  operation: string;
  submissions: S[];
  result: Record<string, unknown>;
}

/**
 * What a regime's scheduled job (`RegimeJob.run`) may ask of sync/: the registered submissions of the
 * regime with their instance's settings, and its own operations, run as the system (audited).
 */
export interface RegimeJobContext<S extends object = RegimeSettings> {
  now: number;
  registered(filter?: { connectorInstanceId?: string }): AsyncIterable<RegisteredSubmission<S>>;
  operate(
    submissionId: string,
    operation: string,
    request: Record<string, unknown>,
    reason: string,
  ): Promise<OperationRun>;
  log(message: string, fields?: Record<string, unknown>): void;
}

/** RegimeJobContext of a regime, for its jobs: `ports.get(REGIME_JOB_CONTEXT).context('in-ewaybill')`. */
export interface RegimeJobContexts {
  /** `S`: the settings class of `regime` (its descriptor's), which each registration carries. */
  context<S extends object = RegimeSettings>(regime: string, now?: number): RegimeJobContext<S>;
}

export const REGIME_JOB_CONTEXT = regimePort<RegimeJobContexts>('regime-job-context');

export interface RegisteredSubmission<S extends object = RegimeSettings> extends OperationTarget {
  settings: S;
}
