/**
 * The kit's HTTP client for ERP APIs (SAP Business One's Service Layer, Zoho Books, ...): fetch with a
 * timeout per request, redirects not followed (credentials are not sent wherever a Location header
 * points), and every failure thrown as a classed ConnectorError (see http-failures.ts). A connector adds
 * its ERP's own meaning on top: an answer status it expects is listed in `accept`.
 */
import { ConnectorError } from '../contract';
import { connectorErrorForNetworkFailure, connectorErrorForStatus } from './http-failures';

export interface ConnectorHttpClientOptions {
  /** Names the ERP in error messages: "SAP Business One at https://b1:50000". */
  name: string;
  baseUrl: string;
  timeoutMs: number;
  /** Sent with every request (an API version, Accept). */
  headers?: Record<string, string>;
}

export interface ConnectorHttpRequest {
  method?: string;
  /** Appended to the base URL. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** An object is sent as JSON. */
  body?: string | Uint8Array | object;
  /** Statuses outside 2xx that the caller reads itself (a 404 that means "not there yet"). */
  accept?: readonly number[];
}

export interface ConnectorHttpResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

/** Longest body excerpt kept in an error. */
const EXCERPT_CHARS = 500;

export class ConnectorHttpClient {
  private readonly baseUrl: string;

  constructor(private readonly options: ConnectorHttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  async send(request: ConnectorHttpRequest): Promise<ConnectorHttpResponse> {
    const url = this.url(request);
    const headers: Record<string, string> = { ...this.options.headers, ...request.headers };
    let body: string | Uint8Array | undefined;
    if (request.body instanceof Uint8Array || typeof request.body === 'string') body = request.body;
    else if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] ??= 'application/json';
    }
    let response: Response;
    let bytes: Buffer;
    try {
      response = await fetch(url, {
        method: request.method ?? (body === undefined ? 'GET' : 'POST'),
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw connectorErrorForNetworkFailure(this.options.name, timeoutAsCode(error));
    }
    const ok = (response.status >= 200 && response.status < 300) || request.accept?.includes(response.status);
    if (!ok) {
      throw connectorErrorForStatus(this.options.name, {
        status: response.status,
        header: (name) => response.headers.get(name) ?? undefined,
        excerpt: bytes.toString('utf8', 0, Math.min(bytes.length, EXCERPT_CHARS)),
      });
    }
    const text = (): string => bytes.toString('utf8');
    return {
      status: response.status,
      headers: response.headers,
      body: bytes,
      text,
      json: <T>() => {
        try {
          return JSON.parse(text()) as T;
        } catch {
          throw new ConnectorError('system', `${this.options.name} answered with a body that is not JSON`, {
            status: response.status,
          });
        }
      },
    };
  }

  private url(request: ConnectorHttpRequest): string {
    const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
    return `${this.baseUrl}${request.path}${query}`;
  }
}

/** fetch reports its own timeout as a DOMException named TimeoutError: read it as ETIMEDOUT. */
function timeoutAsCode(error: unknown): unknown {
  // A DOMException: not always `instanceof Error` across realms, so known by its name.
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'TimeoutError' ? Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }) : error;
}
