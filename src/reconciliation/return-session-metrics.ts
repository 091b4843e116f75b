/**
 * The return gateway sessions in /metrics: one series per reconciled GSTIN with its session state (`none`,
 * `otp-requested`, `active`, `operator-required`) and the seconds until it ends, read from the shared
 * session store at scrape time, so an alert can say a GSTIN needs an operator's OTP before a
 * reconciliation fails on it.
 */
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsService } from '../metrics';
import { ReturnGatewaysService } from './return-gateways.service';

@Injectable()
export class ReturnSessionMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    private readonly gateways: ReturnGatewaysService,
  ) {}

  onModuleInit(): void {
    const sessions = () =>
      Promise.all(
        this.gateways.configured().map(async ({ gstin }) => ({
          gstin,
          status: await this.gateways
            .client(gstin)
            .session.status()
            .catch(() => undefined),
        })),
      );
    new Gauge({
      name: 'connector_return_gateway_session',
      help: 'GST return gateway session of a reconciled GSTIN: 1 for its state (operator-required: a new OTP is needed)',
      labelNames: ['gstin', 'state'],
      registers: [this.metrics.registry],
      async collect() {
        this.reset();
        for (const { gstin, status } of await sessions())
          this.set({ gstin, state: status?.state ?? 'unreadable' }, 1);
      },
    });
    new Gauge({
      name: 'connector_return_gateway_session_expiry_seconds',
      help: 'Seconds until the GST return gateway session of a reconciled GSTIN ends (absent: no session)',
      labelNames: ['gstin'],
      registers: [this.metrics.registry],
      async collect() {
        this.reset();
        for (const { gstin, status } of await sessions()) {
          if (!status?.expiresAt) continue;
          this.set({ gstin }, Math.max(0, Math.round((Date.parse(status.expiresAt) - Date.now()) / 1000)));
        }
      },
    });
  }
}
