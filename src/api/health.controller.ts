/**
 * GET /health: database, queue and every connector's check(). Anyone may ask whether the service is up
 * (load balancers, uptime checks), so the public answer carries each check's status only; the details
 * (connector messages with folder paths and ERP URLs, queue sizes, and in development the in-process
 * sandbox's services) need an API key.
 */
import { Controller, Get, Inject, Optional, Req, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckService,
  type HealthCheckResult,
  type HealthIndicatorResult,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import type { Request } from 'express';
import { SHARED_PROVIDER_THROTTLE, type ProviderThrottleState } from '../compliance/http';
import { QueueService } from '../queue';
import { ConnectorRuntimeService } from '../sync';
import { presentedApiKey } from './api-key.guard';
import { ApiKeys } from './api-keys';
import { Public } from './public.decorator';

/** Injection token: the in-process sandbox's services and base URLs (development only). */
export const SANDBOX_SERVICES = Symbol('SANDBOX_SERVICES');

type HealthSection = HealthCheckResult['info'];

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly queue: QueueService,
    private readonly connectors: ConnectorRuntimeService,
    private readonly keys: ApiKeys,
    @Optional() @Inject(SANDBOX_SERVICES) private readonly sandbox?: Record<string, string>,
  ) {}

  @Public()
  @Get()
  @HealthCheck()
  @ApiOperation({
    summary: 'Database, queue and every connector check(): statuses for anyone, details with an API key',
  })
  async check(
    @Req() request: Request,
  ): Promise<HealthCheckResult & { sandbox?: Record<string, string>; throttled?: ProviderThrottleState[] }> {
    const detailed = this.keys.accepts(presentedApiKey(request));
    let result: HealthCheckResult;
    try {
      result = await this.health.check([
        () => this.db.pingCheck('database', { timeout: 3000 }),
        () => this.queueHealth(),
        ...this.connectors.list().map((live) => () => this.connectorHealth(live.name)),
      ]);
    } catch (error) {
      if (detailed || !(error instanceof ServiceUnavailableException)) throw error;
      throw new ServiceUnavailableException(statusesOnly(error.getResponse() as HealthCheckResult));
    }
    if (!detailed) return statusesOnly(result);
    // Providers held back after a 429 (Retry-After): which, why and for how long.
    const throttled = SHARED_PROVIDER_THROTTLE.snapshot();
    return { ...result, throttled, ...(this.sandbox ? { sandbox: this.sandbox } : {}) };
  }

  private async queueHealth(): Promise<HealthIndicatorResult> {
    const sizes = await this.queue.queueSizes();
    return { queue: { status: this.queue.started ? 'up' : 'down', queued: sizes } };
  }

  private async connectorHealth(name: string): Promise<HealthIndicatorResult> {
    const live = this.connectors.get(name);
    const key = `connector:${name}`;
    if (!live) return { [key]: { status: 'down', message: 'not configured' } };
    if (!live.enabled) return { [key]: { status: 'up', message: 'disabled' } };
    try {
      const result = await live.connector.check();
      return { [key]: { status: result.ok ? 'up' : 'down', message: result.message } };
    } catch (error) {
      return { [key]: { status: 'down', message: error instanceof Error ? error.message : String(error) } };
    }
  }
}

function statusesOnly(result: HealthCheckResult): HealthCheckResult {
  const strip = (section: HealthSection) =>
    section &&
    Object.fromEntries(Object.entries(section).map(([name, check]) => [name, { status: check!.status }]));
  return {
    status: result.status,
    info: strip(result.info),
    error: strip(result.error),
    details: strip(result.details) ?? {},
  };
}
