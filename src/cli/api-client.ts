/**
 * The connector service's REST API over HTTP (global fetch). Every call sends `X-API-Key`; errors
 * become ApiError (the server's message and field errors) or UnreachableError (naming the URL).
 */
import { apiErrorOf, UnreachableError } from './api-errors';
import type {
  Answer,
  ManySubmissionsOperation,
  ManySubmissionsOperationBody,
  OneSubmissionOperation,
  OneSubmissionOperationBody,
  QueryOf,
  RecoCategory,
  RequestBody,
  ThrottledProvider,
} from './api-types';
import type { paths } from './generated/openapi';
import { CliError } from './cli-error';
import type { Connection } from './connection';
import { ExitCode } from './io';

const REQUEST_TIMEOUT_MS = 60_000;

type Query = Record<string, string | number | boolean | undefined>;

/** The JSON body of an operation; `undefined` where it takes none. */
type RequestBodyOf<P extends keyof paths, M extends 'get' | 'post'> =
  RequestBody<P, M> extends never ? undefined : RequestBody<P, M>;

interface RequestOptions {
  query?: Query;
  json?: unknown;
  body?: Buffer;
  contentType?: string;
  /** Answer the body's bytes instead of parsing JSON. */
  raw?: boolean;
}

export type RetrySelection = Omit<RequestBody<'/submissions/retry', 'post'>, 'operator' | 'reason'>;

/** What every answer of `/submissions/{id}/operations/<name>` is. */
type OperationAnswer = Answer<'/submissions/{id}/operations/{operation}', 'post'>;

export class ApiClient {
  constructor(
    private readonly connection: Connection,
    private readonly signal?: AbortSignal,
  ) {}

  get url(): string {
    return this.connection.url;
  }

  listConnectors(): Promise<Answer<'/connectors', 'get'>> {
    return this.request('GET', '/connectors');
  }

  checkConnector(name: string): Promise<Answer<'/connectors/{name}/check', 'get'>> {
    return this.request('GET', `/connectors/${encodeURIComponent(name)}/check`);
  }

  pullConnector(name: string): Promise<Answer<'/connectors/{name}/pull', 'post'>> {
    return this.request('POST', `/connectors/${encodeURIComponent(name)}/pull`);
  }

  uploadFile(
    connector: string,
    filename: string,
    content: Buffer,
  ): Promise<Answer<'/connectors/{name}/files', 'post'>> {
    const query: QueryOf<'/connectors/{name}/files', 'post'> = { filename };
    return this.request('POST', `/connectors/${encodeURIComponent(connector)}/files`, {
      query,
      body: content,
      contentType: 'text/csv',
    });
  }

  listConnectorFiles(connector: string): Promise<Answer<'/connectors/{name}/files', 'get'>> {
    return this.request('GET', `/connectors/${encodeURIComponent(connector)}/files`);
  }

  listDocuments(query: QueryOf<'/documents', 'get'>): Promise<Answer<'/documents', 'get'>> {
    return this.request('GET', '/documents', { query });
  }

  getDocument(id: string): Promise<Answer<'/documents/{id}', 'get'>> {
    return this.request('GET', `/documents/${encodeURIComponent(id)}`);
  }

  listSubmissions(query: QueryOf<'/submissions', 'get'>): Promise<Answer<'/submissions', 'get'>> {
    return this.request('GET', '/submissions', { query });
  }

  retry(
    selection: RetrySelection,
    operator: string,
    reason: string,
  ): Promise<Answer<'/submissions/retry', 'post'>> {
    const body: RequestBody<'/submissions/retry', 'post'> = { ...selection, operator, reason };
    return this.request('POST', '/submissions/retry', { json: body });
  }

  override(
    documentId: string,
    overrides: RequestBody<'/documents/{id}/overrides', 'patch'>['overrides'],
    operator: string,
    reason: string,
  ): Promise<Answer<'/documents/{id}/overrides', 'patch'>> {
    const body: RequestBody<'/documents/{id}/overrides', 'patch'> = { overrides, operator, reason };
    return this.request('PATCH', `/documents/${encodeURIComponent(documentId)}/overrides`, { json: body });
  }

  /** The failure queue as a CSV or XLSX file (the bytes as the service sent them). */
  exportFailures(
    format: 'csv' | 'xlsx',
    filter: QueryOf<'/exports/failures.{format}', 'get'>,
  ): Promise<Buffer> {
    return this.request('GET', `/exports/failures.${format}`, { query: filter, raw: true });
  }

  cancel(
    submissionId: string,
    request: RequestBody<'/submissions/{id}/cancel', 'post'>,
  ): Promise<Answer<'/submissions/{id}/cancel', 'post'>> {
    return this.request('POST', `/submissions/${encodeURIComponent(submissionId)}/cancel`, { json: request });
  }

  /**
   * An operation the submission's regime declares (e-way bill: part-b, transporter, extend); answers the
   * submission as stored afterwards.
   */
  async operation<Name extends OneSubmissionOperation>(
    submissionId: string,
    operation: Name,
    body: OneSubmissionOperationBody<Name>,
  ): Promise<OperationAnswer['submissions'][number] | undefined> {
    const run = await this.request<OperationAnswer>(
      'POST',
      `/submissions/${encodeURIComponent(submissionId)}/operations/${encodeURIComponent(operation)}`,
      { json: body },
    );
    return run.submissions[0];
  }

  /** An operation over several submissions of one regime (e-way bill: consolidate). */
  operationOnMany<Name extends ManySubmissionsOperation>(
    operation: Name,
    body: ManySubmissionsOperationBody<Name>,
  ): Promise<Answer<'/submissions/operations/{operation}', 'post'>> {
    return this.request('POST', `/submissions/operations/${encodeURIComponent(operation)}`, { json: body });
  }

  /**
   * Any operation of the API by its OpenAPI path, `{name}` segments filled from `params`: what a regime's
   * own commands (src/regimes/<name>/cli) call its routes with.
   */
  call<P extends keyof paths, M extends 'get' | 'post'>(
    method: M,
    path: P,
    options: { params?: Record<string, string>; query?: Query; json?: RequestBodyOf<P, M> } = {},
  ): Promise<Answer<P, M>> {
    const filled = String(path).replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = options.params?.[name];
      if (value === undefined) throw new CliError(`${String(path)}: no value for {${name}}`);
      return encodeURIComponent(value);
    });
    return this.request(method.toUpperCase(), filled, {
      query: options.query,
      json: options.json ?? (method === 'post' ? {} : undefined),
    });
  }

  /**
   * A route this build's OpenAPI types do not name: a regime registered from outside the build (its
   * answer's shape is the caller's word). A regime of this build calls its routes through `call`.
   */
  callRoute<T>(
    method: 'get' | 'post',
    path: string,
    options: { query?: Query; json?: unknown } = {},
  ): Promise<T> {
    return this.request(method.toUpperCase(), path, options);
  }

  /** Providers the service holds back after a 429 (from the /health details); none when it cannot tell. */
  async throttledProviders(): Promise<ThrottledProvider[]> {
    try {
      const health = await this.request<Answer<'/health', 'get'>>('GET', '/health');
      return health.throttled ?? [];
    } catch {
      return [];
    }
  }

  returnsSession(gstin: string): Promise<Answer<'/returns/{gstin}/session', 'get'>> {
    return this.request('GET', returnsPath(gstin));
  }

  requestReturnsOtp(
    gstin: string,
    body: RequestBody<'/returns/{gstin}/session/otp-request', 'post'>,
  ): Promise<Answer<'/returns/{gstin}/session/otp-request', 'post'>> {
    return this.request('POST', `${returnsPath(gstin)}/otp-request`, { json: body });
  }

  submitReturnsOtp(
    gstin: string,
    body: RequestBody<'/returns/{gstin}/session/otp', 'post'>,
  ): Promise<Answer<'/returns/{gstin}/session/otp', 'post'>> {
    return this.request('POST', `${returnsPath(gstin)}/otp`, { json: body });
  }

  runReconciliation(
    gstin: string,
    period: string,
    operator: string,
  ): Promise<Answer<'/reconciliation/{gstin}/{period}/run', 'post'>> {
    const body: RequestBody<'/reconciliation/{gstin}/{period}/run', 'post'> = { operator };
    return this.request('POST', `${recoPath(gstin, period)}/run`, { json: body });
  }

  /** One page of the report (`cursor`: the previous page's nextCursor). */
  reconciliationReport(
    gstin: string,
    period: string,
    category?: RecoCategory,
    page: { limit?: number; cursor?: string } = {},
  ): Promise<Answer<'/reconciliation/{gstin}/{period}', 'get'>> {
    const query: QueryOf<'/reconciliation/{gstin}/{period}', 'get'> = { category, ...page };
    return this.request('GET', recoPath(gstin, period), { query });
  }

  /** Suppliers of the period; `open`: only those with something to settle (statements to send). */
  reconciliationSuppliers(
    gstin: string,
    period: string,
    open: boolean,
  ): Promise<Answer<'/reconciliation/{gstin}/{period}/suppliers', 'get'>> {
    const query: QueryOf<'/reconciliation/{gstin}/{period}/suppliers', 'get'> = {
      open: open ? 'true' : undefined,
    };
    return this.request('GET', `${recoPath(gstin, period)}/suppliers`, { query });
  }

  /** A supplier's statement (CSV or XLSX), or every open supplier's in one workbook (no supplier, XLSX). */
  supplierStatement(
    gstin: string,
    period: string,
    format: 'csv' | 'xlsx',
    supplier?: string,
  ): Promise<Buffer> {
    const path = supplier
      ? `${recoPath(gstin, period)}/suppliers/${encodeURIComponent(supplier)}/statement.${format}`
      : `${recoPath(gstin, period)}/statements.xlsx`;
    return this.request('GET', path, { raw: true });
  }

  /** The period's reconciliation as a CSV or XLSX file (the bytes as the service sent them). */
  exportReconciliation(
    gstin: string,
    period: string,
    format: 'csv' | 'xlsx',
    category?: RecoCategory,
  ): Promise<Buffer> {
    const query: QueryOf<'/reconciliation/{gstin}/{period}/export.csv', 'get'> = { category };
    return this.request('GET', `${recoPath(gstin, period)}/export.${format}`, { query, raw: true });
  }

  private async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const target = `${this.connection.url}${path}${queryString(options.query)}`;
    const headers: Record<string, string> = {
      'x-api-key': this.connection.apiKey,
      accept: 'application/json',
    };
    let body: string | Buffer | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.body) {
      headers['content-type'] = options.contentType ?? 'application/octet-stream';
      body = options.body;
    }
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const signal = this.signal ? AbortSignal.any([this.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(target, { method, headers, body, signal });
    } catch (error) {
      if (this.signal?.aborted) throw new CliError('interrupted', ExitCode.interrupted);
      throw new UnreachableError(this.connection.url, failureReason(error, timeout.aborted));
    }
    if (options.raw && response.ok) return Buffer.from(await response.arrayBuffer()) as T;
    const text = await response.text();
    if (!response.ok) {
      const error = apiErrorOf(response.status, text);
      if (response.status === 401) {
        throw new CliError(
          `HTTP 401: ${error.serverMessage} (the API key from ${this.connection.keySource} was refused)`,
        );
      }
      throw error;
    }
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new CliError(`the service at ${this.connection.url} answered ${method} ${path} with non-JSON`);
    }
  }
}

function returnsPath(gstin: string): string {
  return `/returns/${encodeURIComponent(gstin)}/session`;
}

function recoPath(gstin: string, period: string): string {
  return `/reconciliation/${encodeURIComponent(gstin)}/${encodeURIComponent(period)}`;
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * fetch wraps the socket error in `cause`; its code (ECONNREFUSED, ENOTFOUND...) says the most. Read by
 * shape, not instanceof: the error may come from another realm (test runners).
 */
function failureReason(error: unknown, timedOut: boolean): string {
  if (timedOut) return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  const { message, cause } = (error ?? {}) as {
    message?: string;
    cause?: { code?: string; message?: string };
  };
  return cause?.code ?? cause?.message ?? message ?? String(error);
}
