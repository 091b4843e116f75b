/**
 * Contract tests without the simulator: a local HTTP server (real HTTP, ephemeral port) that holds one
 * recorded exchange at a time from test/fixtures/providers/, checks the client's request against it
 * (method, path, query names, header names, body field names and types) and answers with the recorded
 * response. Mismatches are collected for the test to assert empty, and answered 599 so the client fails.
 *
 * Fixture shape (JSON):
 *   { "source": "...", "request": { "method", "path", "query"?: [names], "headers"?: [names],
 *     "form"?: {name: type}, "body"?: shape }, "response": { "status", "headers"?, "body" } }
 * A shape is a JSON value whose leaves are type names ("string", "number", "boolean", "any"; a trailing
 * "?" makes the field optional); an array shape holds one element shape that every element must match.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export interface ContractFixture {
  source: string;
  request: {
    method: string;
    path: string;
    query?: string[];
    headers?: string[];
    form?: Record<string, string>;
    body?: unknown;
  };
  /** `delayMs`: answer this late (a timeout test); `drop`: close the connection without answering. */
  response: {
    status: number;
    headers?: Record<string, string>;
    body?: unknown;
    delayMs?: number;
    drop?: boolean;
  };
}

export const FIXTURE_ROOT = join(__dirname, '..', 'fixtures', 'providers');

export function loadFixture(name: string): ContractFixture {
  return JSON.parse(readFileSync(join(FIXTURE_ROOT, `${name}.json`), 'utf8')) as ContractFixture;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export class ContractServer {
  private server?: Server;
  url = '';
  /** Fixtures answered in order; the last one answers again once the queue is down to it. */
  private queue: ContractFixture[] = [];
  readonly mismatches: string[] = [];
  readonly received: ReceivedRequest[] = [];

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(async ({ status, headers, body, delayMs, drop }) => {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (drop) {
          req.socket.destroy();
          return;
        }
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Answer the next requests with these exchanges, in order. */
  expect(...fixtures: ContractFixture[]): void {
    this.queue = [...fixtures];
    this.mismatches.length = 0;
    this.received.length = 0;
  }

  private async handle(req: IncomingMessage): Promise<ContractFixture['response']> {
    const text = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const query = Object.fromEntries(url.searchParams.entries());
    const contentType = String(req.headers['content-type'] ?? '');
    const body = contentType.includes('json') && text ? safeJson(text) : text;
    this.received.push({ method: req.method ?? '', path: url.pathname, query, headers: req.headers, body });
    const fixture = this.queue.length > 1 ? this.queue.shift() : this.queue[0];
    if (!fixture) {
      this.mismatches.push(`unexpected ${req.method} ${url.pathname}: no exchange recorded`);
      return { status: 599, body: { mismatch: 'no exchange' } };
    }
    const problems = checkRequest(
      fixture,
      req.method ?? '',
      url.pathname,
      query,
      req.headers,
      contentType,
      text,
    );
    if (problems.length > 0) {
      this.mismatches.push(...problems.map((p) => `${fixture.request.method} ${fixture.request.path}: ${p}`));
      return { status: 599, body: { mismatch: problems } };
    }
    return fixture.response;
  }
}

function checkRequest(
  fixture: ContractFixture,
  method: string,
  path: string,
  query: Record<string, string>,
  headers: IncomingMessage['headers'],
  contentType: string,
  text: string,
): string[] {
  const expected = fixture.request;
  const problems: string[] = [];
  if (method !== expected.method) problems.push(`method ${method}, expected ${expected.method}`);
  if (path !== expected.path) problems.push(`path ${path}, expected ${expected.path}`);
  for (const name of expected.query ?? []) {
    const optional = name.endsWith('?');
    const key = optional ? name.slice(0, -1) : name;
    if (!optional && !(key in query)) problems.push(`query parameter ${key} missing`);
  }
  for (const name of expected.headers ?? []) {
    const [key, value] = name.split(':').map((part) => part.trim());
    const got = headers[key.toLowerCase()];
    if (got === undefined) problems.push(`header ${key} missing`);
    else if (value !== undefined && !new RegExp(value).test(String(got)))
      problems.push(`header ${key} is "${String(got)}", expected /${value}/`);
  }
  if (expected.form) {
    if (!contentType.includes('application/x-www-form-urlencoded'))
      problems.push(`content-type ${contentType}, expected application/x-www-form-urlencoded`);
    const form = Object.fromEntries(new URLSearchParams(text).entries());
    problems.push(...checkShape(form, expected.form, 'form'));
  }
  if (expected.body !== undefined) {
    if (!contentType.includes('application/json'))
      problems.push(`content-type ${contentType}, expected JSON`);
    problems.push(...checkShape(safeJson(text), expected.body, 'body'));
  }
  return problems;
}

/** Field names and types of `value` against `shape`; extra fields are allowed (NIC has many optional). */
export function checkShape(value: unknown, shape: unknown, path: string): string[] {
  if (typeof shape === 'string') {
    const optional = shape.endsWith('?');
    const type = optional ? shape.slice(0, -1) : shape;
    if (value === undefined || value === null) return optional ? [] : [`${path} missing`];
    if (type === 'any') return [];
    if (typeof value === type) return [];
    if (type === 'value' && /^(string|number)$/.test(typeof value)) return [];
    return [`${path} is ${Array.isArray(value) ? 'array' : typeof value}, expected ${type}`];
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${path} is ${typeof value}, expected array`];
    if (value.length === 0) return [`${path} is empty`];
    return value.flatMap((item, i) => checkShape(item, shape[0], `${path}[${i}]`));
  }
  if (typeof shape === 'object' && shape !== null) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return [`${path} is ${value === null ? 'null' : typeof value}, expected object`];
    return Object.entries(shape).flatMap(([key, inner]) =>
      checkShape((value as Record<string, unknown>)[key], inner, `${path}.${key}`),
    );
  }
  return [];
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
