/** What the submission routes answer: submissions as stored, pages of them, retries, operation runs. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REGISTERED_REGIME, SUBMISSION_ERROR_CLASSES, SubmissionState } from '../../domain';
import { FieldErrorResponse } from './error.response';

export class SubmissionWarningResponse {
  @ApiPropertyOptional()
  code?: string;

  @ApiProperty()
  message!: string;
}

export class SubmissionResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  documentId!: string;

  @ApiProperty({ enum: REGISTERED_REGIME })
  regime!: string;

  @ApiProperty({ enum: SubmissionState, enumName: 'SubmissionState' })
  state!: SubmissionState;

  @ApiProperty()
  attempts!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  nextAttemptAt!: string | null;

  @ApiProperty({ description: 'the last attempt may have registered the document: its outcome is looked up' })
  outcomeUnknown!: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  submittingSince!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'as sent' })
  requestPayload!: Record<string, unknown> | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: "the authority's" })
  response!: Record<string, unknown> | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: "the regime's registration identifiers (IRN, e-way bill number, ZATCA UUID, ...)",
  })
  identifiers!: Record<string, unknown>;

  @ApiProperty({ type: String, nullable: true })
  irn!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'the IRN computed before sending' })
  expectedIrn!: string | null;

  @ApiProperty({ type: String, nullable: true })
  ackNo!: string | null;

  @ApiProperty({ type: String, nullable: true })
  ackDate!: string | null;

  @ApiProperty({ type: String, nullable: true })
  signedQr!: string | null;

  @ApiProperty({ type: String, nullable: true })
  ewbNo!: string | null;

  @ApiProperty({ type: String, nullable: true })
  validUpto!: string | null;

  @ApiProperty({ type: String, nullable: true })
  zatcaUuid!: string | null;

  @ApiProperty({ type: String, nullable: true })
  zatcaHash!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  zatcaIcv!: number | null;

  @ApiProperty({ type: String, nullable: true })
  zatcaStatus!: string | null;

  @ApiProperty({ enum: SUBMISSION_ERROR_CLASSES, nullable: true })
  errorClass!: string | null;

  @ApiProperty({ type: String, nullable: true })
  errorCode!: string | null;

  @ApiProperty({ type: String, nullable: true })
  errorMessage!: string | null;

  @ApiProperty({ type: [FieldErrorResponse], nullable: true })
  fieldErrors!: FieldErrorResponse[] | null;

  @ApiProperty({ type: [SubmissionWarningResponse], nullable: true })
  warnings!: SubmissionWarningResponse[] | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** What a list shows of a submission's document: number, buyer, amount, and where it came from. */
export class DocumentListingResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: String, nullable: true })
  docNumber!: string | null;

  @ApiProperty({ type: String, nullable: true })
  docDate!: string | null;

  @ApiProperty({ type: String, nullable: true })
  buyerName!: string | null;

  @ApiProperty({ type: String, nullable: true })
  buyerTaxId!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'decimal text' })
  invoiceTotal!: string | null;

  @ApiProperty({ type: String, nullable: true })
  currency!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'a CSV file and its rows, a webhook item, a voucher',
  })
  sourceRef!: string | null;
}

export class SubmissionListItemResponse extends SubmissionResponse {
  @ApiProperty({ type: DocumentListingResponse, nullable: true })
  document!: DocumentListingResponse | null;
}

export class SubmissionPageResponse {
  @ApiProperty({ type: [SubmissionListItemResponse] })
  items!: SubmissionListItemResponse[];

  @ApiProperty({ description: 'how many match the filter, all pages' })
  total!: number;
}

export class RetriedSubmissionResponse {
  @ApiProperty({ format: 'uuid' })
  submissionId!: string;

  @ApiProperty()
  from!: string;

  @ApiProperty()
  to!: string;
}

export class SkippedSubmissionResponse {
  @ApiProperty({ format: 'uuid' })
  submissionId!: string;

  @ApiProperty()
  state!: string;

  @ApiProperty()
  why!: string;
}

export class RetryResponse {
  @ApiProperty({ type: [RetriedSubmissionResponse] })
  retried!: RetriedSubmissionResponse[];

  @ApiProperty({ type: [SkippedSubmissionResponse] })
  skipped!: SkippedSubmissionResponse[];

  @ApiProperty({ description: 'how many submissions the ids or the filter matched' })
  matched!: number;

  @ApiProperty({ description: 'the most one retry acts on (the first of the matched, in the list order)' })
  limit!: number;
}

export class OperationRunResponse {
  @ApiProperty({ description: 'the operation run' })
  operation!: string;

  @ApiProperty({ type: [SubmissionResponse], description: 'the submissions as they are after it' })
  submissions!: SubmissionResponse[];

  @ApiProperty({ type: 'object', additionalProperties: true, description: "the operation's own result" })
  result!: Record<string, unknown>;
}
