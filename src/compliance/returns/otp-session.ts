/**
 * The variant A user session: `otprequest` (the GST system sends the taxpayer an OTP), `authtoken` with
 * the OTP an operator supplies, `refreshtoken` ahead of expiry so the session lives on without the user,
 * `logout`. The session's `txn` and expiry live in the shared token store (`gsp_session`), so every
 * instance uses the one session; a refresh is done by one holder of the store's lock at a time.
 */
import { type ComplianceHttpClient, tokenKey, type StoredToken, type TokenStore } from '../http';
import { ComplianceError } from '../regime';
import { envelopeError, envelopeOk, transactionId, type GatewayEnvelope } from './gateway-envelope';
import { DEFAULT_OTP_MINUTES, type ReturnGatewaySettings } from './return-gateway-settings';
import { sessionLifetimeMs } from './session-expiry';

/**
 * The code of an `auth` error that only an operator can clear (request an OTP and submit it): nothing
 * failed upstream, so the API answers it as a conflict (409), not as a bad gateway.
 */
export const SESSION_REQUIRED = 'SESSION_REQUIRED';

/**
 * `operator-required`: the gateway refused the session on a user call or a refresh (expired, revoked, logged
 * out elsewhere); nothing is sent with it until an operator requests and submits a new OTP.
 */
export type SessionState = 'none' | 'otp-requested' | 'active' | 'operator-required';

export interface SessionStatus {
  state: SessionState;
  expiresAt?: string;
  /** Why an operator is needed: the gateway's refusal, verbatim. */
  reason?: string;
}

export class OtpSession {
  readonly key: string;

  constructor(
    private readonly settings: ReturnGatewaySettings,
    private readonly http: ComplianceHttpClient,
    private readonly store: TokenStore,
    private readonly now: () => number = Date.now,
  ) {
    this.key = tokenKey('returns', settings.gstin, settings.gstUsername);
  }

  private get rateKey(): string {
    return `returns:${this.settings.clientId}`;
  }

  /** client_id and client_secret: enough for the public operations. */
  appHeaders(): Record<string, string> {
    return { client_id: this.settings.clientId, client_secret: this.settings.clientSecret };
  }

  private userHeaders(txn: string): Record<string, string> {
    return {
      gst_username: this.settings.gstUsername,
      state_cd: this.settings.stateCode,
      ip_address: this.settings.ipAddress,
      txn,
      ...this.appHeaders(),
    };
  }

  async status(): Promise<SessionStatus> {
    const stored = await this.store.get(this.key);
    if (!stored) return { state: 'none' };
    const state = stateOf(stored);
    return {
      state,
      expiresAt: new Date(stored.expiresAtMs).toISOString(),
      ...(state === 'operator-required' && stored.extra?.reason ? { reason: stored.extra.reason } : {}),
    };
  }

  /**
   * The gateway refused the session `txn` (an auth error on a user call or a refresh): the stored session
   * is no longer taken for active, and waits for an operator's new OTP. A session replaced meanwhile (a new
   * OTP by another process) is left alone.
   */
  async requireOperator(txn: string, reason: string): Promise<void> {
    const stored = await this.store.get(this.key);
    if (!stored || stored.token !== txn || stateOf(stored) !== 'active') return;
    await this.store.put(this.key, {
      token: stored.token,
      expiresAtMs: stored.expiresAtMs,
      extra: { state: 'operator-required', reason: reason.slice(0, 500) },
    });
  }

  async requestOtp(): Promise<SessionStatus> {
    const response = await this.http.send<GatewayEnvelope>({
      operation: 'otprequest',
      method: 'GET',
      url: `${this.settings.baseUrl}/authentication/otprequest`,
      params: { email: this.settings.email },
      headers: {
        gst_username: this.settings.gstUsername,
        state_cd: this.settings.stateCode,
        ip_address: this.settings.ipAddress,
        ...this.appHeaders(),
      },
      idempotent: false,
      rateKey: this.rateKey,
    });
    if (!envelopeOk(response.data)) throw envelopeError('otprequest', response.status, response.data);
    const txn = transactionId(response.data, response.headers);
    if (!txn) throw new ComplianceError('rejected', 'otprequest: the gateway answered without a txn');
    const expiresAtMs = this.now() + (this.settings.otpMinutes ?? DEFAULT_OTP_MINUTES) * 60_000;
    await this.store.put(this.key, { token: txn, expiresAtMs, extra: { state: 'otp-requested' } });
    return { state: 'otp-requested', expiresAt: new Date(expiresAtMs).toISOString() };
  }

  /** Exchanges the OTP for an authorization. A refused OTP is an `auth` error; the request stays open. */
  async submitOtp(otp: string): Promise<SessionStatus> {
    if (!/^\d{4,8}$/.test(otp)) throw new ComplianceError('validation', 'otp must be 4 to 8 digits');
    const pending = await this.store.get(this.key);
    if (!pending || stateOf(pending) !== 'otp-requested') {
      throw new ComplianceError('auth', 'no OTP request is open for this GSTIN: request an OTP first', {
        code: SESSION_REQUIRED,
      });
    }
    const response = await this.http.send<GatewayEnvelope>({
      operation: 'authtoken',
      method: 'GET',
      url: `${this.settings.baseUrl}/authentication/authtoken`,
      params: { email: this.settings.email, otp },
      headers: this.userHeaders(pending.token),
      idempotent: false,
      rateKey: this.rateKey,
    });
    if (!envelopeOk(response.data)) {
      const error = envelopeError('authtoken', response.status, response.data);
      throw new ComplianceError('auth', error.message, error.options);
    }
    const txn = transactionId(response.data, response.headers) ?? pending.token;
    return this.activate(txn, response.data);
  }

  /** The authorization lasts what the gateway's answer says (`expiry`), else `sessionMinutes`, else 1 h. */
  private async activate(txn: string, answer: GatewayEnvelope | undefined): Promise<SessionStatus> {
    const expiresAtMs = this.now() + sessionLifetimeMs(answer, this.settings.sessionMinutes);
    await this.store.put(this.key, { token: txn, expiresAtMs, extra: { state: 'active' } });
    return { state: 'active', expiresAt: new Date(expiresAtMs).toISOString() };
  }

  /** The active session's txn; an `auth` error (an operator must submit a new OTP) when there is none. */
  async activeTxn(): Promise<string> {
    const stored = await this.store.get(this.key);
    if (!stored || stateOf(stored) !== 'active') {
      throw new ComplianceError(
        'auth',
        `no active return gateway session for ${this.settings.gstin}: request an OTP and submit it`,
        { code: SESSION_REQUIRED },
      );
    }
    return stored.token;
  }

  async headersForUser(): Promise<Record<string, string>> {
    return this.userHeaders(await this.activeTxn());
  }

  /**
   * Extends the authorization when it expires within `aheadMs`; one process at a time. Returns the
   * state after: a session already refreshed by another process is left as it is.
   */
  async refreshIfDue(aheadMs: number): Promise<SessionStatus> {
    return this.store.withRefreshLock(this.key, async () => {
      const stored = await this.store.get(this.key);
      if (!stored || stateOf(stored) !== 'active') return this.status();
      if (stored.expiresAtMs - aheadMs > this.now()) return this.status();
      const response = await this.http.send<GatewayEnvelope>({
        operation: 'refreshtoken',
        method: 'GET',
        url: `${this.settings.baseUrl}/authentication/refreshtoken`,
        params: { email: this.settings.email },
        headers: this.userHeaders(stored.token),
        idempotent: true,
        rateKey: this.rateKey,
      });
      if (!envelopeOk(response.data)) {
        const error = envelopeError('refreshtoken', response.status, response.data);
        if (error.errorClass === 'auth') await this.requireOperator(stored.token, error.message);
        throw error;
      }
      return this.activate(transactionId(response.data, response.headers) ?? stored.token, response.data);
    });
  }

  async logout(): Promise<void> {
    const stored = await this.store.get(this.key);
    if (!stored || stateOf(stored) !== 'active') return;
    const response = await this.http.send<GatewayEnvelope>({
      operation: 'logout',
      method: 'GET',
      url: `${this.settings.baseUrl}/authentication/logout`,
      params: { email: this.settings.email },
      headers: this.userHeaders(stored.token),
      idempotent: true,
      rateKey: this.rateKey,
    });
    await this.store.invalidate(this.key, stored.token);
    if (!envelopeOk(response.data)) throw envelopeError('logout', response.status, response.data);
  }
}

function stateOf(stored: StoredToken): SessionState {
  const state = stored.extra?.state;
  return state === 'active' || state === 'operator-required' ? state : 'otp-requested';
}
