/** What the connector routes answer. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { REGISTERED_REGIME } from '../../domain';

export class ConnectorResponse {
  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'csv, webhook, tally, ...' })
  kind!: string;

  @ApiProperty()
  enabled!: boolean;

  @ApiProperty({ enum: REGISTERED_REGIME, isArray: true })
  regimes!: string[];

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'its settings, secrets redacted' })
  config!: Record<string, unknown>;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'where the next pull starts',
  })
  cursor!: Record<string, unknown> | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastPullAt!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  lastPullStats!: Record<string, unknown> | null;
}

export class ConnectorCheckResponse {
  @ApiProperty({ description: 'the ERP can be reached and read' })
  ok!: boolean;

  @ApiProperty()
  message!: string;

  @ApiPropertyOptional({ enum: ['config', 'transient', 'system'], description: 'set when ok is false' })
  errorClass?: 'config' | 'transient' | 'system';

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  details?: Record<string, unknown>;
}

export class PullEnqueuedResponse {
  @ApiProperty({ description: 'false when a pull of this instance is already queued' })
  enqueued!: boolean;

  @ApiProperty({ type: String, nullable: true })
  jobId!: string | null;
}

export class UploadedFileResponse {
  @ApiProperty({ description: 'the name it was stored under in the inbox' })
  filename!: string;

  @ApiProperty()
  contentHash!: string;
}

export class RefusedFileResponse {
  @ApiProperty()
  file!: string;

  @ApiProperty()
  originalName!: string;

  @ApiProperty()
  reason!: string;

  @ApiProperty({ description: "the file's content hash, as the upload that brought it answered" })
  contentHash!: string;

  @ApiProperty({ format: 'date-time' })
  rejectedAt!: string;

  @ApiPropertyOptional({
    description: 'encoding, syntax, too-large, no-data or unusable (the CSV connector)',
  })
  kind?: string;

  @ApiPropertyOptional({ description: 'its size (the CSV connector)' })
  bytes?: number;
}

export class InboxFilesResponse {
  @ApiProperty({ type: [String], description: 'files waiting to be read' })
  inbox!: string[];

  @ApiProperty({ type: [RefusedFileResponse] })
  rejected!: RefusedFileResponse[];
}
