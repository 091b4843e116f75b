/**
 * One session with a GSP gateway (catalog A: the e-invoice's `/einvoice/...` and the e-way bill's
 * `/ewaybillapi/v1.03/...` on the same gateway), shared by the clients of both regimes as india-compliance
 * shares one GSP session base: authenticate (client credentials, GSTIN and the API user in headers, the
 * account's `email` in the query; the token kept in the shared token store and renewed ahead of expiry),
 * the header envelope of every call (credentials plus `auth-token`), one re-authentication when the
 * gateway says the token is not accepted, and the error mapping of its envelope
 * {status_cd, status_desc, data}: outage markers and "try later" codes are transient (and open the
 * circuit), other failures the regime's refusal. What differs between the APIs behind the gateway (paths,
 * extra error codes, where the user goes on authenticate, the refusal's class) is the client's GspProfile.
 */
import type { Method } from 'axios';
import { ComplianceError } from '../regime';
import { expiryOnLocalClock } from '../http/authority-expiry';
import type { ClientRateLimit } from '../http/client-rate-limiter';
import type { ComplianceHttpClient, HttpPolicy } from '../http/compliance-http-client';
import { gatewayTransport, type GatewayDeps } from '../http/gateway-transport';
import { callWithReauth, type TokenManager } from '../http/token-manager';
import type { StoredToken } from '../http/token-store';

/** The gateway's envelope. */
export interface GspEnvelope<T = unknown> {
  status_cd?: unknown;
  status_desc?: unknown;
  data?: T;
  info?: unknown;
  InfoDtls?: unknown;
}

/** One entry of the envelope's errors (status_desc). */
export interface GspErrorEntry {
  code: string;
  message: string;
}

/**
 * `transient`: the authority said it did nothing, try later; `gateway-outage`: the gateway could not get
 * the authority's answer, so a call that changes something has an unknown outcome.
 */
export type GspErrorKind = 'auth' | 'transient' | 'gateway-outage' | 'rejected';

export interface GspAccount {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username?: string;
  password?: string;
  email?: string;
  gstin: string;
  ipAddress?: string;
  http?: Partial<HttpPolicy>;
  rateLimit?: ClientRateLimit;
  tokenRefreshAheadMs?: number;
}

export type GspSessionDeps = GatewayDeps;

/** What differs between the APIs behind one gateway. */
export interface GspProfile {
  /** The HTTP log's provider name and the token and rate keys' prefix. */
  provider: string;
  /** Who authenticates, for messages ("GSP", "e-way bill"). */
  label: string;
  authenticate: {
    method: Method;
    /** Relative to the base URL. */
    path: string;
    /** Where the API user (username, password) goes: headers (e-invoice) or the query (e-way bill). */
    userIn: 'headers' | 'query';
  };
  /** The errors of status_desc. */
  parseErrors(statusDesc: unknown): GspErrorEntry[];
  classify(errors: GspErrorEntry[], statusDesc: unknown): GspErrorKind;
  /** The token's expiry as epoch ms from the gateway's TokenExpiry (absent: its documented lifetime). */
  tokenExpiry(text: unknown, now: number): number;
  /** The error a refusal becomes (the IRP's rejection with its codes, the e-way bill system's). */
  rejection(operation: string, errors: GspErrorEntry[], envelope: GspEnvelope): Error;
}

export interface GspCall {
  operation: string;
  method: Method;
  /** Relative to the base URL. */
  path: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  data?: unknown;
  /** A resend cannot register anything twice (reads): a lost answer is transient, not unknown. */
  idempotent: boolean;
}

export class GspSession {
  readonly tokens: TokenManager;
  private readonly http: ComplianceHttpClient;
  private readonly rateKey: string;
  private readonly now: () => number;

  constructor(
    private readonly account: GspAccount,
    private readonly profile: GspProfile,
    deps: GspSessionDeps = {},
  ) {
    if (!account.username || !account.password || !account.email) {
      throw new ComplianceError('config', `${profile.label} catalog A needs username, password and email`);
    }
    this.now = deps.now ?? Date.now;
    ({
      http: this.http,
      tokens: this.tokens,
      rateKey: this.rateKey,
    } = gatewayTransport(
      profile.provider,
      account,
      [account.baseUrl, account.clientId, account.username, account.gstin],
      deps,
      () => this.authenticate(),
    ));
  }

  /** Sends with the session's token (renewed once when refused); a successful envelope or a typed error. */
  async call<T>(call: GspCall): Promise<GspEnvelope<T>> {
    const url = `${this.account.baseUrl}${call.path}`;
    const answer = await callWithReauth(
      this.tokens,
      async (token) => {
        const response = await this.http.send<GspEnvelope<T>>({
          operation: call.operation,
          method: call.method,
          url,
          params: { ...call.params, email: this.account.email! },
          headers: { ...this.credentialHeaders(true), 'auth-token': token.token, ...call.headers },
          data: call.data,
          idempotent: call.idempotent,
          rateKey: this.rateKey,
        });
        return { status: response.status, body: response.data };
      },
      (answer) =>
        answer.status === 401 ||
        answer.status === 403 ||
        (isEnvelope(answer.body) && isFailure(answer.body) && this.kindOf(answer.body) === 'auth'),
    );
    const envelope = envelopeOf<T>(answer.body, answer.status, call.operation, call.idempotent);
    if (!isFailure(envelope)) return envelope;
    const errors = this.profile.parseErrors(envelope.status_desc);
    const kind = this.kindOf(envelope);
    if (kind === 'transient' || kind === 'gateway-outage') {
      this.http.reportOutage(url);
      const unknown = kind === 'gateway-outage' && !call.idempotent;
      throw new ComplianceError(
        unknown ? 'unknown-outcome' : 'transient',
        unknown
          ? `${call.operation}: ${describe(errors)} (the gateway lost the authority's answer: looked up before any resend)`
          : `${call.operation}: ${describe(errors)} (try again later)`,
        { code: codesOf(errors) ?? 'GSP_UNAVAILABLE', response: envelope },
      );
    }
    throw this.profile.rejection(call.operation, errors, envelope);
  }

  private async authenticate(): Promise<StoredToken> {
    const { method, path, userIn } = this.profile.authenticate;
    const user = { username: this.account.username!, password: this.account.password! };
    const response = await this.http.send<GspEnvelope>({
      operation: 'authenticate',
      method,
      url: `${this.account.baseUrl}${path}`,
      params: { email: this.account.email!, ...(userIn === 'query' ? user : {}) },
      headers: this.credentialHeaders(userIn === 'headers'),
      idempotent: true,
      rateKey: this.rateKey,
    });
    if (response.status === 401 || response.status === 403) {
      throw new ComplianceError(
        'auth',
        `${this.profile.label} authentication refused (HTTP ${response.status})`,
        { code: `HTTP_${response.status}`, response: response.data },
      );
    }
    const envelope = envelopeOf<AuthData>(response.data, response.status, 'authenticate', true);
    const token = envelope.data?.AuthToken ?? envelope.data?.authtoken;
    if (isFailure(envelope) || typeof token !== 'string' || !token) {
      const errors = this.profile.parseErrors(envelope.status_desc);
      throw new ComplianceError(
        ['transient', 'gateway-outage'].includes(this.kindOf(envelope)) ? 'transient' : 'auth',
        `${this.profile.label} authentication failed (HTTP ${response.status}): ${describe(errors)}`,
        { code: codesOf(errors) ?? `HTTP_${response.status}`, response: envelope },
      );
    }
    const sek = envelope.data?.Sek ?? envelope.data?.sek;
    return {
      token,
      expiresAtMs: expiryOnLocalClock(
        (authorityNow) => this.profile.tokenExpiry(envelope.data?.TokenExpiry, authorityNow),
        response.headers.date,
        this.now(),
      ),
      extra: typeof sek === 'string' && sek ? { sek } : undefined,
    };
  }

  private kindOf(envelope: GspEnvelope): GspErrorKind {
    return this.profile.classify(this.profile.parseErrors(envelope.status_desc), envelope.status_desc);
  }

  private credentialHeaders(withUser: boolean): Record<string, string> {
    return {
      client_id: this.account.clientId,
      client_secret: this.account.clientSecret,
      ...(withUser ? { username: this.account.username!, password: this.account.password! } : {}),
      gstin: this.account.gstin,
      ip_address: this.account.ipAddress ?? '127.0.0.1',
    };
  }
}

interface AuthData {
  AuthToken?: unknown;
  authtoken?: unknown;
  TokenExpiry?: unknown;
  Sek?: unknown;
  sek?: unknown;
}

function isEnvelope(body: unknown): body is GspEnvelope {
  return typeof body === 'object' && body !== null && 'status_cd' in body;
}

/**
 * The envelope of an answer. Anything else: 401/403 auth (after the one re-authentication), 404 a wrong
 * path (config), otherwise transient, or an unknown outcome when the request may have changed something.
 */
function envelopeOf<T>(
  body: unknown,
  status: number,
  operation: string,
  idempotent: boolean,
): GspEnvelope<T> {
  if (!isEnvelope(body)) {
    const errorClass =
      status === 401 || status === 403
        ? 'auth'
        : status === 404
          ? 'config'
          : idempotent
            ? 'transient'
            : 'unknown-outcome';
    throw new ComplianceError(errorClass, `${operation}: unexpected GSP answer (HTTP ${status})`, {
      code: `HTTP_${status}`,
      response: body,
    });
  }
  return body as GspEnvelope<T>;
}

function isFailure(envelope: GspEnvelope): boolean {
  const status =
    typeof envelope.status_cd === 'string' || typeof envelope.status_cd === 'number'
      ? String(envelope.status_cd).toLowerCase()
      : '';
  return !(status === '1' || status === 'sucess' || status === 'success');
}

function codesOf(errors: readonly GspErrorEntry[]): string | undefined {
  return errors.map((e) => e.code).join(',') || undefined;
}

export function describeGspErrors(errors: readonly GspErrorEntry[]): string {
  return errors.map((e) => `${e.code} ${e.message}`.trim()).join('; ');
}

const describe = describeGspErrors;
