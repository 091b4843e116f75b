/**
 * Why a submission failed, as stored in `submission.error_class` and offered as an API filter: a
 * compliance authority's answer (or the way to it) classed by the regime, or a write-back to the ERP
 * classed by the connector and prefixed `writeback-`.
 */
export const COMPLIANCE_ERROR_CLASSES = [
  'validation',
  'rejected',
  'transient',
  'auth',
  'unknown-outcome',
  'config',
] as const;
export type ComplianceErrorClass = (typeof COMPLIANCE_ERROR_CLASSES)[number];

/** Airbyte-style connector failure: config (fix the settings), transient (retry), system (a bug). */
export const CONNECTOR_ERROR_CLASSES = ['config', 'transient', 'system'] as const;
export type ConnectorErrorClass = (typeof CONNECTOR_ERROR_CLASSES)[number];

export type WriteBackErrorClass = `writeback-${ConnectorErrorClass}`;
export const WRITE_BACK_ERROR_CLASSES: readonly WriteBackErrorClass[] = CONNECTOR_ERROR_CLASSES.map(
  (errorClass) => writeBackErrorClass(errorClass),
);

export type SubmissionErrorClass = ComplianceErrorClass | WriteBackErrorClass;
export const SUBMISSION_ERROR_CLASSES: readonly SubmissionErrorClass[] = [
  ...COMPLIANCE_ERROR_CLASSES,
  ...WRITE_BACK_ERROR_CLASSES,
];

/** The class stored for a write-back that failed with a connector error of class `errorClass`. */
export function writeBackErrorClass(errorClass: ConnectorErrorClass): WriteBackErrorClass {
  return `writeback-${errorClass}`;
}

export function isWriteBackErrorClass(value: string | null | undefined): value is WriteBackErrorClass {
  return (WRITE_BACK_ERROR_CLASSES as readonly (string | null | undefined)[]).includes(value);
}

export function isSubmissionErrorClass(value: string | null | undefined): value is SubmissionErrorClass {
  return (SUBMISSION_ERROR_CLASSES as readonly (string | null | undefined)[]).includes(value);
}
