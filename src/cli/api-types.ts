/**
 * The operator API's shapes as the CLI sends and reads them: names for the types generated from the
 * API's OpenAPI document (generated/openapi.ts, written by `npm run api:types`). Nothing here is typed by
 * hand: a field the CLI needs and the API does not declare is declared in src/api, then regenerated.
 */
import type { components, paths } from './generated/openapi';
import {
  pathsReconciliationGstinPeriodGetParametersQueryCategoryValues,
  pathsSubmissionsGetParametersQueryErrorClassValues,
  pathsSubmissionsGetParametersQueryRegimeValues,
  submissionStateValues,
} from './generated/openapi';

type Schemas = components['schemas'];
type Method = 'get' | 'post' | 'patch';
type OperationOf<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessOf<Responses> = Responses[Extract<keyof Responses, 200 | 201 | 202>];

/** A schema of the API's document by name (a regime's commands name their own). */
export type Schema<Name extends keyof Schemas> = Schemas[Name];

/** The JSON the operation answers with on success. */
export type Answer<P extends keyof paths, M extends Method> = JsonOf<
  SuccessOf<OperationOf<P, M>['responses']>
>;
/** The JSON body the operation takes. */
export type RequestBody<P extends keyof paths, M extends Method> = JsonOf<
  NonNullable<OperationOf<P, M>['requestBody']>
>;
/** The operation's query parameters. */
export type QueryOf<P extends keyof paths, M extends Method> = NonNullable<
  OperationOf<P, M>['parameters']['query']
>;

type OperationPath<Prefix extends string> = Exclude<
  Extract<keyof paths, `${Prefix}${string}`>,
  `${Prefix}{operation}`
>;
/** The regime operations on one submission the API declares (`/submissions/{id}/operations/<name>`). */
export type OneSubmissionOperation =
  OperationPath<'/submissions/{id}/operations/'> extends `/submissions/{id}/operations/${infer Name}`
    ? Name
    : never;
/** The regime operations over several submissions (`/submissions/operations/<name>`). */
export type ManySubmissionsOperation =
  OperationPath<'/submissions/operations/'> extends `/submissions/operations/${infer Name}` ? Name : never;

/** The body of a regime operation on one submission, with the audited operator and reason. */
export type OneSubmissionOperationBody<Name extends OneSubmissionOperation> = RequestBody<
  Extract<keyof paths, `/submissions/{id}/operations/${Name}`>,
  'post'
>;
/** The body of a regime operation over several submissions. */
export type ManySubmissionsOperationBody<Name extends ManySubmissionsOperation> = RequestBody<
  Extract<keyof paths, `/submissions/operations/${Name}`>,
  'post'
>;

export type SubmissionState = Schemas['SubmissionState'];
export type ErrorClass = NonNullable<Schemas['SubmissionResponse']['errorClass']>;
export type RegimeName = Schemas['SubmissionResponse']['regime'];
export type RecoCategory = NonNullable<QueryOf<'/reconciliation/{gstin}/{period}', 'get'>['category']>;

export type ApiFieldError = Schemas['FieldErrorResponse'];
export type ConnectorSummary = Schemas['ConnectorResponse'];
export type ConnectorCheck = Schemas['ConnectorCheckResponse'];
export type PullAnswer = Schemas['PullEnqueuedResponse'];
export type UploadAnswer = Schemas['UploadedFileResponse'];
export type ConnectorFiles = Schemas['InboxFilesResponse'];
export type SubmissionBrief = Schemas['DocumentSubmissionSummary'];
export type DocumentListItem = Schemas['DocumentListItem'];
export type DocumentDetail = Schemas['DocumentResponse'];
export type SubmissionDetail = Schemas['SubmissionResponse'];
export type SubmissionListItem = Schemas['SubmissionListItemResponse'];
export type AuditEvent = Schemas['AuditEventResponse'];
export type RetryAnswer = Schemas['RetryResponse'];
/** Filters shared by `documents list`, `submissions list`, `failures`, `retry` and `watch`. */
export type SubmissionFilter = Schemas['SubmissionFilterDto'];
export type CancelRequest = Schemas['CancelRequestDto'];
export type OperationRun = Schemas['OperationRunResponse'];
export type ThrottledProvider = Schemas['ThrottledProviderResponse'];
export type ReturnsSession = Schemas['ReturnSessionResponse'];
export type RecoCategoryTotal = Schemas['CategoryTotalResponse'];
export type RecoRunAnswer = Schemas['RunOutcomeResponse'];
export type RecoMatch = Schemas['ReportRowResponse'];
export type RecoReport = Schemas['ReconciliationReportResponse'];
export type RecoSupplierTotal = Schemas['SupplierTotalResponse'];

/** The states, error classes and regimes the API's filters accept, in its order. */
export const SUBMISSION_STATES: readonly SubmissionState[] = submissionStateValues;
export const ERROR_CLASSES: readonly ErrorClass[] = pathsSubmissionsGetParametersQueryErrorClassValues;
export const REGIME_NAMES: readonly RegimeName[] = pathsSubmissionsGetParametersQueryRegimeValues;
/** The reconciliation categories `GET /reconciliation/:gstin/:period?category=` accepts. */
export const RECO_CATEGORIES: readonly RecoCategory[] =
  pathsReconciliationGstinPeriodGetParametersQueryCategoryValues;
