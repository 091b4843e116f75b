/**
 * The dashboard an accountant lands on: this day's and this month's documents per seller GSTIN / VAT
 * number, regime and state (counts and values summed in SQL numeric), the document waiting longest, and
 * the providers that are holding calls back (pacing, a 429's Retry-After, an open circuit) or connectors
 * whose last check failed.
 */
import { Injectable } from '@nestjs/common';
import { SHARED_CIRCUIT_BREAKER, SHARED_PROVIDER_THROTTLE } from '../compliance/http';
import { DashboardRepository } from '../database/repositories';
import { businessDay } from './business-day';
import { HealthMonitor } from './health-monitor.service';

@Injectable()
export class DashboardService {
  constructor(
    private readonly figures: DashboardRepository,
    private readonly health: HealthMonitor,
  ) {}

  async read(timeZone: string, now: Date = new Date()) {
    const { today, monthStart } = businessDay(now, timeZone);
    const [lines, oldestPending] = await Promise.all([
      this.figures.lines(today, monthStart),
      this.figures.oldestPending(),
    ]);
    const connectorsDown = [...this.health.connectorChecks()]
      .filter(([, check]) => check.status === 'down')
      .map(([name, check]) => ({
        connector: name,
        message: check.message ?? null,
        checkedAt: check.checkedAt,
      }));
    return {
      timeZone,
      today,
      monthStart,
      lines,
      oldestPending,
      providers: {
        throttled: SHARED_PROVIDER_THROTTLE.snapshot(),
        circuitsOpen: SHARED_CIRCUIT_BREAKER.openCircuits(),
      },
      connectorsDown,
    };
  }
}
