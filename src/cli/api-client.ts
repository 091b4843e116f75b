/**
 * The connector service's REST API over HTTP (global fetch). Every call sends `X-API-Key`; errors
 * become ApiError (the server's message and field errors) or UnreachableError (naming the URL).
 */
import { apiErrorOf, UnreachableError } from './api-errors';
import type {
  RecoSupplierTotal,
  CancelRequest,
  ConnectorCheck,
  ConnectorSummary,
  DocumentDetail,
  DocumentListItem,
  ListQuery,
  OperationRun,
  Page,
  PullAnswer,
  RecoReport,
  RecoRunAnswer,
  RetryAnswer,
  SubmissionDetail,
  SubmissionFilter,
  UploadAnswer,
  ConnectorFiles,
} from './api-types';
import { CliError } from './cli-error';
import type { Connection } from './connection';
import { ExitCode } from './io';

const REQUEST_TIMEOUT_MS = 60_000;

type Query = Record<string, string | number | undefined>;

interface RequestOptions {
  query?: Query;
  json?: unknown;
  body?: Buffer;
  contentType?: string;
  /** Answer the body's bytes instead of parsing JSON. */
  raw?: boolean;
}

export interface RetrySelection {
  ids?: string[];
  filter?: SubmissionFilter;
}

/** A provider held back after a 429, as /health reports it. */
export interface ThrottledProvider {
  provider: string;
  key: string;
  reason: string;
  resumesAt: string;
  secondsLeft: number;
}

/** The return gateway session of a GSTIN, as the API reports it. */
export interface ReturnsSession {
  state: 'none' | 'otp-requested' | 'active' | 'operator-required';
  reason?: string;
  expiresAt?: string;
}

export class ApiClient {
  constructor(
    private readonly connection: Connection,
    private readonly signal?: AbortSignal,
  ) {}

  get url(): string {
    return this.connection.url;
  }

  listConnectors(): Promise<ConnectorSummary[]> {
    return this.request('GET', '/connectors');
  }

  checkConnector(name: string): Promise<ConnectorCheck> {
    return this.request('GET', `/connectors/${encodeURIComponent(name)}/check`);
  }

  pullConnector(name: string): Promise<PullAnswer> {
    return this.request('POST', `/connectors/${encodeURIComponent(name)}/pull`);
  }

  uploadFile(connector: string, filename: string, content: Buffer): Promise<UploadAnswer> {
    return this.request('POST', `/connectors/${encodeURIComponent(connector)}/files`, {
      query: { filename },
      body: content,
      contentType: 'text/csv',
    });
  }

  listConnectorFiles(connector: string): Promise<ConnectorFiles> {
    return this.request('GET', `/connectors/${encodeURIComponent(connector)}/files`);
  }

  listDocuments(query: ListQuery): Promise<Page<DocumentListItem>> {
    return this.request('GET', '/documents', { query: { ...query } });
  }

  getDocument(id: string): Promise<DocumentDetail> {
    return this.request('GET', `/documents/${encodeURIComponent(id)}`);
  }

  listSubmissions(query: ListQuery): Promise<Page<SubmissionDetail>> {
    return this.request('GET', '/submissions', { query: { ...query } });
  }

  retry(selection: RetrySelection, operator: string, reason: string): Promise<RetryAnswer> {
    return this.request('POST', '/submissions/retry', { json: { ...selection, operator, reason } });
  }

  override(
    documentId: string,
    overrides: Record<string, unknown>,
    operator: string,
    reason: string,
  ): Promise<DocumentDetail> {
    return this.request('PATCH', `/documents/${encodeURIComponent(documentId)}/overrides`, {
      json: { overrides, operator, reason },
    });
  }

  listEgsUnits(): Promise<{ items: Record<string, unknown>[] }> {
    return this.request('GET', '/zatca/egs-units');
  }

  getEgsUnit(id: string): Promise<Record<string, unknown>> {
    return this.request('GET', `/zatca/egs-units/${encodeURIComponent(id)}`);
  }

  onboardEgsUnit(id: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    return this.request('POST', `/zatca/egs-units/${encodeURIComponent(id)}/onboard`, { json: body });
  }

  /** The failure queue as a CSV or XLSX file (the bytes as the service sent them). */
  exportFailures(format: 'csv' | 'xlsx', filter: SubmissionFilter): Promise<Buffer> {
    return this.request('GET', `/exports/failures.${format}`, { query: { ...filter }, raw: true });
  }

  cancel(submissionId: string, request: CancelRequest): Promise<unknown> {
    return this.request('POST', `/submissions/${encodeURIComponent(submissionId)}/cancel`, { json: request });
  }

  /**
   * An operation the submission's regime declares (e-way bill: part-b, transporter, extend); answers the
   * submission as stored afterwards.
   */
  async operation(
    submissionId: string,
    operation: string,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const run = await this.request<OperationRun>(
      'POST',
      `/submissions/${encodeURIComponent(submissionId)}/operations/${encodeURIComponent(operation)}`,
      { json: body },
    );
    return run.submissions[0] ?? {};
  }

  /** An operation over several submissions of one regime (e-way bill: consolidate). */
  operationOnMany(operation: string, body: Record<string, unknown>): Promise<OperationRun> {
    return this.request('POST', `/submissions/operations/${encodeURIComponent(operation)}`, { json: body });
  }

  expiringEwaybills(query: { withinHours: number; connector?: string }): Promise<Record<string, unknown>[]> {
    return this.request('GET', '/ewaybills/expiring', { query: { ...query } });
  }

  extendExpiringEwaybills(): Promise<{
    expiring: Record<string, unknown>[];
    extensions: Record<string, unknown>[];
  }> {
    return this.request('POST', '/ewaybills/expiring/extend', { json: {} });
  }

  /** Providers the service holds back after a 429 (from the /health details); none when it cannot tell. */
  async throttledProviders(): Promise<ThrottledProvider[]> {
    try {
      const health = await this.request<{ throttled?: ThrottledProvider[] }>('GET', '/health');
      return health.throttled ?? [];
    } catch {
      return [];
    }
  }

  returnsSession(
    gstin: string,
    step: 'status' | 'otp-request' | 'otp',
    body?: object,
  ): Promise<ReturnsSession> {
    const base = `/returns/${encodeURIComponent(gstin)}/session`;
    return step === 'status'
      ? this.request('GET', base)
      : this.request('POST', `${base}/${step}`, { json: body ?? {} });
  }

  runReconciliation(gstin: string, period: string, operator: string): Promise<RecoRunAnswer> {
    return this.request('POST', `${recoPath(gstin, period)}/run`, { json: { operator } });
  }

  /** One page of the report (`cursor`: the previous page's nextCursor). */
  reconciliationReport(
    gstin: string,
    period: string,
    category?: string,
    page: { limit?: number; cursor?: string } = {},
  ): Promise<RecoReport> {
    return this.request('GET', recoPath(gstin, period), {
      query: {
        category,
        limit: page.limit === undefined ? undefined : String(page.limit),
        cursor: page.cursor,
      },
    });
  }

  /** Suppliers of the period; `open`: only those with something to settle (statements to send). */
  reconciliationSuppliers(gstin: string, period: string, open: boolean): Promise<RecoSupplierTotal[]> {
    return this.request('GET', `${recoPath(gstin, period)}/suppliers`, {
      query: { open: open ? 'true' : undefined },
    });
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
    category?: string,
  ): Promise<Buffer> {
    return this.request('GET', `${recoPath(gstin, period)}/export.${format}`, {
      query: { category },
      raw: true,
    });
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
