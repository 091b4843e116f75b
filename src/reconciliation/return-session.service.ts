/**
 * The operator's side of a return gateway session (ask for an OTP, hand it in, log out), each step audited
 * with the operator's name; the session itself is the gateway client's (ReturnGatewaysService).
 */
import { Injectable } from '@nestjs/common';
import type { SessionStatus } from '../compliance/returns';
import { AuditRepository } from '../database/repositories';
import { ReturnGatewaysService } from './return-gateways.service';

@Injectable()
export class ReturnSessionService {
  constructor(
    private readonly gateways: ReturnGatewaysService,
    private readonly audit: AuditRepository,
  ) {}

  status(gstin: string): Promise<SessionStatus> {
    return this.gateways.client(gstin).session.status();
  }

  async requestOtp(gstin: string, operator: string): Promise<SessionStatus> {
    const status = await this.gateways.client(gstin).session.requestOtp();
    await this.audited(operator, 'returns-otp-request', gstin);
    return status;
  }

  async submitOtp(gstin: string, otp: string, operator: string): Promise<SessionStatus> {
    const status = await this.gateways.client(gstin).session.submitOtp(otp);
    await this.audited(operator, 'returns-otp-submit', gstin);
    return status;
  }

  async logout(gstin: string, operator: string): Promise<SessionStatus> {
    await this.gateways.client(gstin).session.logout();
    await this.audited(operator, 'returns-logout', gstin);
    return this.status(gstin);
  }

  private audited(operator: string, action: string, gstin: string): Promise<void> {
    return this.audit.append({ actor: `operator:${operator}`, action, details: { gstin } });
  }
}
