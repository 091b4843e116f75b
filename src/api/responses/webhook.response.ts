/** What the webhook intakes answer: the ERP's invoice batch, and a provider's IRN callback. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SubmissionState } from '../../domain';
import { FieldErrorResponse } from './error.response';

export class AcceptedDocumentResponse {
  @ApiProperty({ description: "the item's position in the batch" })
  index!: number;

  @ApiProperty({ format: 'uuid' })
  documentId!: string;

  @ApiProperty({ description: "externalId, or the document's natural id" })
  erpId!: string;

  @ApiProperty({ description: 'created, updated, unchanged, ...' })
  result!: string;
}

export class RejectedDocumentResponse {
  @ApiProperty()
  index!: number;

  @ApiProperty({ type: [FieldErrorResponse] })
  errors!: FieldErrorResponse[];

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'set when the item was stored as MAPPING_FAILED (fix it by an override or a corrected post)',
  })
  documentId?: string;

  @ApiPropertyOptional()
  erpId?: string;

  @ApiPropertyOptional()
  result?: string;

  @ApiPropertyOptional({ enum: SubmissionState, enumName: 'SubmissionState' })
  state?: SubmissionState;
}

export class WebhookBatchResponse {
  @ApiProperty({ type: [AcceptedDocumentResponse] })
  accepted!: AcceptedDocumentResponse[];

  @ApiProperty({ type: [RejectedDocumentResponse] })
  rejected!: RejectedDocumentResponse[];

  @ApiPropertyOptional({ description: 'the stored answer to an earlier post with this Idempotency-Key' })
  replayed?: boolean;

  @ApiPropertyOptional({ description: 'why nothing was stored (400)' })
  message?: string;

  @ApiPropertyOptional({ type: [FieldErrorResponse] })
  errors?: FieldErrorResponse[];
}

export class IrnCallbackResponse {
  @ApiProperty({ description: 'this callback registered the submission' })
  applied!: boolean;

  @ApiProperty()
  irn!: string;

  @ApiPropertyOptional({ format: 'uuid' })
  submissionId?: string;

  @ApiPropertyOptional()
  state?: string;

  @ApiPropertyOptional()
  reason?: string;
}
