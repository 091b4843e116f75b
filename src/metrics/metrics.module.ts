import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';
import { MetricsRepository } from '../database/repositories';

/** /metrics (Prometheus). Reads its counts through MetricsRepository (the app's TypeORM connection); guarded by the app's API-key guard. */
@Module({
  controllers: [MetricsController],
  providers: [MetricsRepository, MetricsService],
  // Exported so the app's own services can add their gauges to the same registry.
  exports: [MetricsService],
})
export class MetricsModule {}
