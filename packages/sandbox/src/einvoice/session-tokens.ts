/** Access tokens the simulated APIs hand out, with expiry judged by the sandbox clock. */
import { randomBytes } from 'node:crypto';
import type { SandboxClock } from '../framework/clock';

export interface Session<S> {
  token: string;
  subject: S;
  expiresAtMs: number;
}

export class SessionTokens<S> {
  private readonly sessions = new Map<string, Session<S>>();
  issued = 0;

  constructor(
    private readonly clock: SandboxClock,
    private readonly ttlMs: number,
  ) {}

  /** A new token, or (when `reuseKey` is given) the still-valid one issued for that key, as NIC does. */
  issue(subject: S, reuseKey?: string): Session<S> {
    if (reuseKey !== undefined) {
      const current = [...this.sessions.values()].find(
        (session) => session.expiresAtMs > this.clock.nowMs() && keyOf(session) === reuseKey,
      );
      if (current) return current;
    }
    const session: Session<S> & { reuseKey?: string } = {
      token: randomBytes(24).toString('base64url'),
      subject,
      expiresAtMs: this.clock.nowMs() + this.ttlMs,
      reuseKey,
    };
    this.sessions.set(session.token, session);
    this.issued += 1;
    return session;
  }

  verify(token: string | undefined): S | undefined {
    const session = token ? this.sessions.get(token) : undefined;
    if (!session || session.expiresAtMs <= this.clock.nowMs()) return undefined;
    return session.subject;
  }
}

function keyOf(session: Session<unknown> & { reuseKey?: string }): string | undefined {
  return session.reuseKey;
}
