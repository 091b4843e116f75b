/**
 * Health, answered from memory in milliseconds (the checks run in the background: HealthMonitor):
 * - GET /health/live: the process answers.
 * - GET /health/ready: the database answered its last check and the queue runs; 503 otherwise. What a
 *   load balancer asks: an ERP being down does not make the service unready.
 * - GET /health: both, and each connector's last check with its age. A connector down degrades the
 *   answer (`degraded` lists it) without making it a 503. Anyone may ask; the public answer carries each
 *   check's status only, the details (connector messages with folder paths and ERP URLs, ages, queue
 *   sizes, providers held back after a 429, in development the sandbox's services) need an API key.
 */
import { Controller, Get, Inject, Optional, Req, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiExtraModels,
} from '@nestjs/swagger';
import {
  HealthCheckResponse,
  HealthResponse,
  LivenessResponse,
  ReadinessResponse,
} from './responses/health.response';
import type { Request, Response } from 'express';
import { SHARED_PROVIDER_THROTTLE } from '../compliance/http';
import { QueueService } from '../queue';
import { HealthMonitor, type CheckResult } from '../sync';
import { presentedApiKey } from './api-key.guard';
import { ApiKeys } from './api-keys';
import { Public } from './public.decorator';

/** Injection token: the in-process sandbox's services and base URLs (development only). */
export const SANDBOX_SERVICES = Symbol('SANDBOX_SERVICES');

interface Check {
  status: 'up' | 'down';
  [detail: string]: unknown;
}

@ApiTags('health')
@ApiExtraModels(HealthCheckResponse)
@Controller('health')
export class HealthController {
  constructor(
    private readonly monitor: HealthMonitor,
    private readonly queue: QueueService,
    private readonly keys: ApiKeys,
    @Optional() @Inject(SANDBOX_SERVICES) private readonly sandbox?: Record<string, string>,
  ) {}

  @Public()
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers (no check is run)' })
  @ApiOkResponse({ type: LivenessResponse })
  live() {
    return { status: 'up' };
  }

  @Public()
  @Get('ready')
  @ApiOperation({ summary: 'Readiness: database (last background check) and queue; 503 when either is down' })
  @ApiOkResponse({ type: ReadinessResponse })
  @ApiServiceUnavailableResponse({
    type: ReadinessResponse,
    description: 'the database or the queue is down',
  })
  ready(@Res({ passthrough: true }) response: Response) {
    const checks = this.readiness();
    const ok = Object.values(checks).every((check) => check.status === 'up');
    response.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'error', checks: statusesOf(checks) };
  }

  @Public()
  @Get()
  @ApiOperation({
    summary:
      "Database, queue and each connector's last background check: statuses for anyone, details and ages with an API key; 503 only when not ready",
  })
  @ApiOkResponse({ type: HealthResponse })
  @ApiServiceUnavailableResponse({ type: HealthResponse, description: 'the database or the queue is down' })
  async check(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const detailed = this.keys.accepts(presentedApiKey(request));
    const checks: Record<string, Check> = this.readiness();
    if (detailed) checks.queue = { ...checks.queue, queued: await this.queueSizes() };
    const degradable: Record<string, Check> = {};
    for (const [name, last] of this.monitor.connectorChecks())
      degradable[`connector:${name}`] = present(last);
    // The data folder's disk filling up degrades, like an ERP down: listed, the service stays ready.
    const disk = this.monitor.disk();
    if (disk) degradable.disk = present(disk);
    const all = { ...checks, ...degradable };
    const ready = Object.values(checks).every((check) => check.status === 'up');
    const degraded = Object.entries(degradable)
      .filter(([, check]) => check.status === 'down')
      .map(([name]) => name);
    response.status(ready ? 200 : 503);
    const shown = detailed ? all : statusesOf(all);
    const pick = (status: 'up' | 'down') =>
      Object.fromEntries(Object.entries(shown).filter(([, check]) => check.status === status));
    return {
      status: ready ? 'ok' : 'error',
      degraded,
      info: pick('up'),
      error: pick('down'),
      details: shown,
      ...(detailed
        ? {
            // Providers held back after a 429 (Retry-After): which, why and for how long.
            throttled: SHARED_PROVIDER_THROTTLE.snapshot(),
            ...(this.sandbox ? { sandbox: this.sandbox } : {}),
          }
        : {}),
    };
  }

  private readiness(): Record<string, Check> {
    const database = this.monitor.database();
    return {
      database: {
        ...(database ? present(database) : { message: 'not checked yet' }),
        status: this.monitor.databaseReady() ? 'up' : 'down',
      },
      queue: { status: this.queue.started ? 'up' : 'down' },
    };
  }

  /** Queue sizes for a caller with the key, bounded like the checks (a slow database is not waited on). */
  private async queueSizes(): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('not read within 1 s'), 1000);
    });
    try {
      return await Promise.race([this.queue.queueSizes(), late]);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A background result as shown: its status, message, when and how long ago it was checked. */
function present(result: CheckResult): Check {
  return {
    status: result.status,
    ...(result.message !== undefined ? { message: result.message } : {}),
    checkedAt: result.checkedAt,
    ageSeconds: Math.round((Date.now() - Date.parse(result.checkedAt)) / 1000),
    durationMs: result.durationMs,
  };
}

function statusesOf(checks: Record<string, Check>): Record<string, Check> {
  return Object.fromEntries(Object.entries(checks).map(([name, check]) => [name, { status: check.status }]));
}
