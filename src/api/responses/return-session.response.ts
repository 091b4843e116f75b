/** What the return gateway's session routes answer. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ReturnSessionResponse {
  @ApiProperty({ enum: ['none', 'otp-requested', 'active', 'operator-required'] })
  state!: 'none' | 'otp-requested' | 'active' | 'operator-required';

  @ApiPropertyOptional({ format: 'date-time' })
  expiresAt?: string;

  @ApiPropertyOptional({ description: "why an operator is needed: the gateway's refusal, verbatim" })
  reason?: string;
}
