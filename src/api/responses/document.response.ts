/** What the document routes answer: a page of documents with their submissions, and one document whole. */
import { ApiProperty } from '@nestjs/swagger';
import { REGISTERED_REGIME, SUBMISSION_ERROR_CLASSES, SubmissionState } from '../../domain';
import { CANONICAL_INVOICE_REF } from './canonical-invoice-ref';
import { FieldErrorResponse } from './error.response';
import { SubmissionResponse } from './submission.response';

const DIRECTIONS = ['sales', 'purchase'];

export class DocumentSubmissionSummary {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: REGISTERED_REGIME })
  regime!: string;

  @ApiProperty({ enum: SubmissionState, enumName: 'SubmissionState' })
  state!: SubmissionState;

  @ApiProperty({ enum: SUBMISSION_ERROR_CLASSES, nullable: true })
  errorClass!: string | null;

  @ApiProperty({ type: String, nullable: true })
  irn!: string | null;

  @ApiProperty({ type: String, nullable: true })
  expectedIrn!: string | null;

  @ApiProperty({ type: String, nullable: true })
  errorCode!: string | null;

  @ApiProperty()
  attempts!: number;

  @ApiProperty({ type: String, nullable: true })
  ackNo!: string | null;

  @ApiProperty({ type: String, nullable: true })
  ackDate!: string | null;

  @ApiProperty({ type: String, nullable: true })
  ewbNo!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'ISO 8601 in IST with its offset' })
  validUpto!: string | null;

  @ApiProperty({ type: String, nullable: true })
  zatcaStatus!: string | null;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** What every document answer says of it: its identity and the ERP's record of it. */
export class DocumentHeadResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  connectorInstanceId!: string;

  @ApiProperty({ description: "the document's id in the ERP" })
  erpId!: string;

  @ApiProperty({ enum: DIRECTIONS })
  direction!: 'sales' | 'purchase';

  @ApiProperty({ type: String, nullable: true })
  docType!: string | null;

  @ApiProperty({ type: String, nullable: true })
  docNumber!: string | null;

  @ApiProperty({ type: String, format: 'date', nullable: true })
  docDate!: string | null;

  @ApiProperty({ type: String, nullable: true })
  sellerTaxId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  buyerTaxId!: string | null;

  @ApiProperty({ description: 'the ERP changed it after it was registered' })
  alteredAfterRegistration!: boolean;

  @ApiProperty()
  erpDeleted!: boolean;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

export class DocumentListItem extends DocumentHeadResponse {
  @ApiProperty({
    type: String,
    nullable: true,
    description: "the buyer's legal name (an operator's override first)",
  })
  buyerName!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'invoice total, decimal text (an override first)',
  })
  invoiceTotal!: string | null;

  @ApiProperty({ type: String, nullable: true })
  currency!: string | null;

  @ApiProperty({ type: [DocumentSubmissionSummary] })
  submissions!: DocumentSubmissionSummary[];
}

export class DocumentPageResponse {
  @ApiProperty({ type: [DocumentListItem] })
  items!: DocumentListItem[];

  @ApiProperty({ description: 'how many match the filter, all pages' })
  total!: number;
}

export class AuditEventResponse {
  @ApiProperty({ description: 'a bigint, as text' })
  id!: string;

  @ApiProperty({ format: 'date-time' })
  at!: string;

  @ApiProperty({ description: 'operator:<name>, system, ...' })
  actor!: string;

  @ApiProperty()
  action!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  documentId!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  submissionId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  fromState!: string | null;

  @ApiProperty({ type: String, nullable: true })
  toState!: string | null;

  @ApiProperty({ type: String, nullable: true })
  reason!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  details!: Record<string, unknown> | null;
}

export class DocumentResponse extends DocumentHeadResponse {
  @ApiProperty({
    allOf: [{ $ref: CANONICAL_INVOICE_REF }],
    nullable: true,
    description: 'as read from the ERP (null when it could not be read)',
  })
  canonical!: Record<string, unknown> | null;

  @ApiProperty({ type: [FieldErrorResponse], nullable: true })
  normalisationErrors!: FieldErrorResponse[] | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: "the ERP's record",
  })
  raw!: Record<string, unknown> | null;

  @ApiProperty({ type: String, nullable: true })
  sourceRef!: string | null;

  @ApiProperty()
  contentHash!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'canonical field path -> value the operator set',
  })
  overrides!: Record<string, unknown> | null;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({
    allOf: [{ $ref: CANONICAL_INVOICE_REF }],
    nullable: true,
    description: 'the canonical invoice with the overrides applied',
  })
  effectiveCanonical!: Record<string, unknown> | null;

  @ApiProperty({ type: [SubmissionResponse] })
  submissions!: SubmissionResponse[];

  @ApiProperty({ type: [AuditEventResponse] })
  audit!: AuditEventResponse[];
}
