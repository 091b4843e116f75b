/**
 * One return gateway client per reconciled GSTIN, its session kept in `gsp_session` and its request
 * allowance counted in PostgreSQL: both shared by every process of the service.
 */
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ReturnGatewayClient } from '../compliance/returns';
import { AppConfig, type ReconciledGstinConfig } from '../config';
import { GspSessionRepository, ProviderRateLimiter } from '../database/repositories';

@Injectable()
export class ReturnGatewaysService {
  private readonly clients = new Map<string, ReturnGatewayClient>();

  constructor(
    private readonly config: AppConfig,
    private readonly sessions: GspSessionRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  configured(): ReconciledGstinConfig[] {
    return this.config.reconciliation.gstins;
  }

  settingsOf(gstin: string): ReconciledGstinConfig {
    const entry = this.config.reconciliation.gstins.find((g) => g.gstin === gstin);
    if (!entry) throw new NotFoundException(`GSTIN ${gstin} is not configured for reconciliation`);
    return entry;
  }

  client(gstin: string): ReturnGatewayClient {
    let client = this.clients.get(gstin);
    if (!client) {
      const { gateway } = this.settingsOf(gstin);
      client = new ReturnGatewayClient(
        {
          baseUrl: gateway.baseUrl,
          apiBaseUrl: gateway.apiBaseUrl,
          email: gateway.email,
          clientId: gateway.clientId,
          clientSecret: gateway.clientSecret,
          gstin,
          gstUsername: gateway.gstUsername,
          stateCode: gstin.slice(0, 2),
          ipAddress: gateway.ipAddress,
          sessionMinutes: gateway.sessionMinutes,
          gstr2bCatalog: gateway.gstr2bCatalog,
          apiTokenPath: gateway.apiTokenPath,
        },
        {
          tokenStore: this.sessions,
          rateLimiter: new ProviderRateLimiter(this.dataSource, {
            limit: gateway.rateLimit.limit,
            windowMs: gateway.rateLimit.windowMs,
          }),
        },
      );
      this.clients.set(gstin, client);
    }
    return client;
  }
}
