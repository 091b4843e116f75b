/**
 * What every refusal answers with: Nest's HTTP exceptions (`statusCode`, `message`, `error`), the request
 * validation's field errors (`errors`), and the typed compliance and connector errors (`errorClass`,
 * `code`: TypedErrorFilter).
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const ERROR_CLASSES = [
  'validation',
  'config',
  'rejected',
  'auth',
  'transient',
  'unknown-outcome',
  'system',
] as const;

export class FieldErrorResponse {
  @ApiProperty({ description: 'dot/bracket path from the document or request root, e.g. lines[2].hsnCode' })
  path!: string;

  @ApiPropertyOptional({ description: 'the offending value, stringified and truncated' })
  value?: string;

  @ApiProperty({ description: 'machine-readable rule, e.g. gstin.checkDigit, required' })
  rule!: string;

  @ApiProperty({ description: 'what is wrong, for a person' })
  message!: string;

  @ApiPropertyOptional({ description: "where the value came from in the ERP's own record (a CSV cell)" })
  source?: string;

  @ApiPropertyOptional({
    description:
      "the authority's path (NIC: ItemList[0].HsnCd) when the error was found in a regime's payload; path is then the canonical field it was mapped from",
  })
  authorityPath?: string;

  @ApiPropertyOptional({
    description:
      "errors stored before paths were canonical: the canonical field to fix, where path is the authority's",
  })
  canonicalPath?: string;
}

export class ErrorResponse {
  @ApiProperty({ description: 'the HTTP status again' })
  statusCode!: number;

  @ApiProperty({ description: 'what went wrong, for a person' })
  message!: string;

  @ApiPropertyOptional({
    description: "the status's name, or the refusal's reason (webhook: bad-signature, ...)",
  })
  error?: string;

  @ApiPropertyOptional({ enum: ERROR_CLASSES, description: 'typed compliance or connector errors' })
  errorClass?: (typeof ERROR_CLASSES)[number];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "the authority's error code, when it gave one",
  })
  code?: string | null;

  @ApiPropertyOptional({ type: [FieldErrorResponse], description: 'one entry per bad field' })
  errors?: FieldErrorResponse[];
}
