/** What the e-way bill routes answer besides submissions: consolidation, expiring bills, extensions. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SubmissionResponse } from '../../../api';

export class ConsolidationResponse {
  @ApiProperty({ description: 'the consolidated e-way bill number' })
  consolidatedEwbNo!: string;

  @ApiProperty({ type: String, nullable: true })
  date!: string | null;

  @ApiProperty({ type: [SubmissionResponse] })
  submissions!: SubmissionResponse[];
}

export class ExpiringBillResponse {
  @ApiProperty({ format: 'uuid' })
  submissionId!: string;

  @ApiProperty({ format: 'uuid' })
  documentId!: string;

  @ApiProperty()
  ewbNo!: string;

  @ApiProperty({ description: 'as the e-way bill system gives it' })
  validUpto!: string;

  @ApiProperty({ description: 'negative once it has ended' })
  hoursLeft!: number;

  @ApiProperty({ description: 'inside the extension window now' })
  extendable!: boolean;
}

export class AutoExtensionResponse {
  @ApiProperty({ format: 'uuid' })
  submissionId!: string;

  @ApiProperty()
  ewbNo!: string;

  @ApiProperty({ enum: ['extended', 'failed'] })
  outcome!: 'extended' | 'failed';

  @ApiPropertyOptional()
  validUpto?: string;

  @ApiPropertyOptional()
  code?: string;

  @ApiPropertyOptional()
  message?: string;
}

export class ExpiryCheckResponse {
  @ApiProperty({ type: [ExpiringBillResponse] })
  expiring!: ExpiringBillResponse[];

  @ApiProperty({ type: [AutoExtensionResponse] })
  extensions!: AutoExtensionResponse[];
}
