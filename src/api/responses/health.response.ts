/**
 * What the health routes answer (the details only to a caller with an API key). HealthCheckResponse is
 * only referenced from maps: its controller lists it as an extra model.
 */
import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';

export class LivenessResponse {
  @ApiProperty({ enum: ['up'] })
  status!: 'up';
}

export class HealthCheckResponse {
  @ApiProperty({ enum: ['up', 'down'] })
  status!: 'up' | 'down';

  @ApiPropertyOptional({ description: 'with an API key' })
  message?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'with an API key' })
  checkedAt?: string;

  @ApiPropertyOptional({ description: 'with an API key' })
  ageSeconds?: number;

  @ApiPropertyOptional({ description: 'with an API key' })
  durationMs?: number;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "the queue's sizes, with an API key (or why they were not read)",
  })
  queued?: Record<string, unknown>;
}

export class ReadinessResponse {
  @ApiProperty({ enum: ['ok', 'error'] })
  status!: 'ok' | 'error';

  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: getSchemaPath(HealthCheckResponse) },
    description: 'database and queue',
  })
  checks!: Record<string, HealthCheckResponse>;
}

export class ThrottledProviderResponse {
  @ApiProperty()
  provider!: string;

  @ApiProperty({ description: 'the rate-limit key held (provider + client id)' })
  key!: string;

  @ApiProperty({ enum: ['provider-429', 'client-pacing'] })
  reason!: 'provider-429' | 'client-pacing';

  @ApiProperty({ format: 'date-time' })
  resumesAt!: string;

  @ApiProperty()
  secondsLeft!: number;
}

const CHECKS = {
  type: 'object',
  additionalProperties: { $ref: getSchemaPath(HealthCheckResponse) },
} as const;

export class HealthResponse {
  @ApiProperty({ enum: ['ok', 'error'], description: 'error (503) only when the database or queue is down' })
  status!: 'ok' | 'error';

  @ApiProperty({ type: [String], description: 'connector checks that are down (the answer is still 200)' })
  degraded!: string[];

  @ApiProperty({ ...CHECKS, description: 'the checks that are up' })
  info!: Record<string, HealthCheckResponse>;

  @ApiProperty({ ...CHECKS, description: 'the checks that are down' })
  error!: Record<string, HealthCheckResponse>;

  @ApiProperty({ ...CHECKS, description: 'every check: database, queue, connector:<name>' })
  details!: Record<string, HealthCheckResponse>;

  @ApiPropertyOptional({
    type: [ThrottledProviderResponse],
    description: 'with an API key: providers held back after a 429',
  })
  throttled?: ThrottledProviderResponse[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: "with an API key, in development: the sandbox's services and base URLs",
  })
  sandbox?: Record<string, string>;
}
