/** OTP requests and authorized sessions of the simulated return gateway, judged by the sandbox clock. */
import { randomBytes } from 'node:crypto';
import type { SandboxClock } from '../framework/clock';
import type { SandboxReturnsAccount } from './returns-accounts';

interface Pending {
  account: SandboxReturnsAccount;
  expiresAtMs: number;
  wrongOtps: number;
}

interface Authorized {
  account: SandboxReturnsAccount;
  expiresAtMs: number;
}

export type SessionCheck =
  { ok: true; account: SandboxReturnsAccount } | { ok: false; code: string; message: string };

/** Wrong OTPs accepted before the request is voided and a new OTP must be asked for. */
const MAX_WRONG_OTPS = 3;

export class GatewaySessions {
  private readonly pending = new Map<string, Pending>();
  private readonly sessions = new Map<string, Authorized>();
  otpRequests = 0;
  refreshes = 0;

  constructor(
    private readonly clock: SandboxClock,
    private readonly otp: string,
    private readonly otpTtlMs: number,
    private readonly sessionTtlMs: number,
  ) {}

  requestOtp(account: SandboxReturnsAccount): string {
    const txn = randomBytes(16).toString('hex');
    this.pending.set(txn, { account, expiresAtMs: this.clock.nowMs() + this.otpTtlMs, wrongOtps: 0 });
    this.otpRequests += 1;
    return txn;
  }

  authorize(
    txn: string,
    otp: string,
    account: SandboxReturnsAccount,
  ): SessionCheck & { expiresAtMs?: number } {
    const request = this.pending.get(txn);
    if (!request || request.account !== account) {
      return { ok: false, code: 'AUTH4034', message: 'Invalid transaction: request an OTP first' };
    }
    if (request.expiresAtMs <= this.clock.nowMs()) {
      this.pending.delete(txn);
      return { ok: false, code: 'AUTH4035', message: 'OTP has expired: request a new OTP' };
    }
    if (otp !== this.otp) {
      request.wrongOtps += 1;
      if (request.wrongOtps >= MAX_WRONG_OTPS) this.pending.delete(txn);
      return { ok: false, code: 'AUTH4033', message: 'Invalid OTP' };
    }
    this.pending.delete(txn);
    const expiresAtMs = this.clock.nowMs() + this.sessionTtlMs;
    this.sessions.set(txn, { account, expiresAtMs });
    return { ok: true, account, expiresAtMs };
  }

  check(txn: string | undefined, account: SandboxReturnsAccount): SessionCheck {
    const session = txn ? this.sessions.get(txn) : undefined;
    if (!session || session.account !== account) {
      return { ok: false, code: 'AUTH4037', message: 'Invalid session: authenticate with an OTP' };
    }
    if (session.expiresAtMs <= this.clock.nowMs()) {
      this.sessions.delete(txn!);
      return { ok: false, code: 'AUTH4038', message: 'Session expired: authenticate with an OTP' };
    }
    return { ok: true, account };
  }

  refresh(txn: string): number {
    const session = this.sessions.get(txn)!;
    session.expiresAtMs = this.clock.nowMs() + this.sessionTtlMs;
    this.refreshes += 1;
    return session.expiresAtMs;
  }

  logout(txn: string): void {
    this.sessions.delete(txn);
  }
}
