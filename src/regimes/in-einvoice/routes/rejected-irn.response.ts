/** What the rejected-IRN routes answer: the IRP's list for a day, matched to our documents. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class IrpErrorResponse {
  @ApiProperty()
  code!: string;

  @ApiProperty()
  message!: string;
}

export class RejectedIrnResponse {
  @ApiProperty()
  sellerGstin!: string;

  @ApiProperty()
  docType!: string;

  @ApiProperty()
  docNo!: string;

  @ApiProperty({ description: 'dd/mm/yyyy as sent' })
  docDate!: string;

  @ApiPropertyOptional({ description: 'the IRN the document would have had' })
  irn?: string;

  @ApiProperty({ description: '"yyyy-MM-dd HH:mm:ss" IST' })
  rejectedAt!: string;

  @ApiProperty({ type: [IrpErrorResponse] })
  errors!: IrpErrorResponse[];

  @ApiProperty({ description: 'the day fetched, dd/mm/yyyy' })
  date!: string;

  @ApiProperty({ description: 'the connector instance it was fetched for' })
  instance!: string;

  @ApiProperty({ description: 'one of our documents is this one' })
  matched!: boolean;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  documentId!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  submissionId!: string | null;

  @ApiProperty({ format: 'date-time' })
  recordedAt!: string;
}

export class RejectedIrnListResponse {
  @ApiProperty({ type: [RejectedIrnResponse] })
  items!: RejectedIrnResponse[];

  @ApiProperty({ description: 'how many match none of our documents' })
  unmatched!: number;
}

export class RejectedIrnSourceResponse {
  @ApiProperty()
  instance!: string;

  @ApiProperty()
  gstin!: string;

  @ApiProperty({ enum: ['fetched', 'not-published', 'failed'] })
  status!: 'fetched' | 'not-published' | 'failed';

  @ApiProperty({ description: 'entries the IRP listed' })
  listed!: number;

  @ApiProperty({ description: 'entries not recorded before' })
  recorded!: number;

  @ApiPropertyOptional()
  error?: string;
}

export class RejectedIrnFetchResponse {
  @ApiProperty({ description: 'the day fetched, dd/mm/yyyy' })
  date!: string;

  @ApiProperty({ type: [RejectedIrnSourceResponse] })
  sources!: RejectedIrnSourceResponse[];
}
