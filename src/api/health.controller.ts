import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckService,
  type HealthIndicatorResult,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import { QueueService } from '../queue/queue.service';
import { ConnectorRuntimeService } from '../sync/connector-runtime.service';
import { Public } from './public.decorator';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly queue: QueueService,
    private readonly connectors: ConnectorRuntimeService,
  ) {}

  @Public()
  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Database, queue and every connector check()' })
  check() {
    return this.health.check([
      () => this.db.pingCheck('database', { timeout: 3000 }),
      () => this.queueHealth(),
      ...this.connectors.list().map((live) => () => this.connectorHealth(live.name)),
    ]);
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
