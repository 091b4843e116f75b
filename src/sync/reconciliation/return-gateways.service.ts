/** One return gateway client per reconciled GSTIN, its session kept in `gsp_session` (shared by every instance). */
import { Injectable, NotFoundException } from '@nestjs/common';
import { ReturnGatewayClient } from '../../compliance/returns';
import { AppConfig, type ReconciledGstinConfig } from '../../config';
import { GspSessionRepository } from '../../database/repositories';

@Injectable()
export class ReturnGatewaysService {
  private readonly clients = new Map<string, ReturnGatewayClient>();

  constructor(
    private readonly config: AppConfig,
    private readonly sessions: GspSessionRepository,
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
        },
        { tokenStore: this.sessions },
      );
      this.clients.set(gstin, client);
    }
    return client;
  }
}
