import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/** /metrics (Prometheus). Uses the app's TypeORM connection; guarded by the app's API-key guard. */
@Module({ controllers: [MetricsController], providers: [MetricsService] })
export class MetricsModule {}
