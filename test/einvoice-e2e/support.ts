/**
 * The India e-invoice path end to end: a sandbox IRP (real HTTP, fault injection), the real application
 * (CSV connector, Postgres, pg-boss, compliance client) on a fresh database, and helpers that read both
 * sides. Mirrors `startTestApp`, but passes `regimeDefaults` so the real `in-einvoice` regime talks to the
 * sandbox the way `npm start` wires it (src/development/development-sandbox.ts).
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { createApp } from '../../src/app.factory';
import { createEinvoiceProvider } from '../../src/regimes/in-einvoice';
import type { EinvoiceProvider } from '../../src/regimes/in-einvoice/provider';
import type { HttpPolicy } from '../../src/compliance/http/compliance-http-client';
import type { AppConfig } from '../../src/config/app-config';
import { validateConfig } from '../../src/config/config-loader';
import { migrateDatabase } from '../../src/app-schema';
import type { DocumentType } from '../../src/domain/canonical-invoice';
import { financialYear } from '../../src/domain/financial-year';
import { CsvConnector, CsvConnectorConfig } from '../../src/connectors/csv';
import { computeIrn, mapToNicEinvoiceV11, type NicEinvoiceV11 } from '../../src/mappers/irn';
import {
  DEFAULT_EINVOICE_ACCOUNTS,
  type IrpGenerateRequest,
  type IrpRegistration,
} from '@erp-connector/sandbox/einvoice';
import type { FaultKind, RateLimitOptions } from '@erp-connector/sandbox/framework';
import { startSandbox, type RunningSandbox } from '@erp-connector/sandbox';
import type { RegimeDefaults } from '../../src/compliance';
import { json, type Json } from '../support/http';
import { eventually, TEST_API_KEY } from '../support/test-app';
import { createMigratedTestDatabase } from '../support/test-database';

export const SELLER_GSTIN = '29AADCD4821K1ZI';
export const SAMPLE_FILE = resolve(__dirname, '..', '..', 'config', 'samples', 'inbox', 'sales-2026-11.csv');
export const SAMPLE_FILE_NAME = 'sales-2026-11.csv';
export const CONNECTOR = 'books';
export const GENERATE_PATH = '/einvoice/type/GENERATE/';
export const SANDBOX_ACCOUNT = {
  ...DEFAULT_EINVOICE_ACCOUNTS[0],
  gstins: [...DEFAULT_EINVOICE_ACCOUNTS[0].gstins, SELLER_GSTIN],
};

// ---------------------------------------------------------------------------------------------- sandbox

export interface E2eSandboxOptions {
  inactiveGstins?: string[];
  /** Registered at the GST common portal, not yet in the IRP's master (3028 until synced). */
  unsyncedGstins?: string[];
  rateLimit?: RateLimitOptions;
  faultTimeoutMs?: number;
  faultRetryAfterSeconds?: number;
}

/** The e-invoice simulators only, with an account allowed to act for the sample file's seller. */
export function startEinvoiceSandbox(options: E2eSandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({
    only: ['einvoice'],
    rateLimit: options.rateLimit,
    faultTimeoutMs: options.faultTimeoutMs,
    faultRetryAfterSeconds: options.faultRetryAfterSeconds,
    einvoice: {
      accounts: [SANDBOX_ACCOUNT],
      inactiveGstins: options.inactiveGstins,
      unsyncedGstins: options.unsyncedGstins,
    },
  });
}

/**
 * Provider settings pointing the real compliance client at the sandbox (catalog A, as in development);
 * `overrides` replace any of them (e.g. another IRP public key).
 */
export function sandboxRegimeDefaults(
  sandbox: RunningSandbox,
  http?: Partial<HttpPolicy>,
  catalog: 'A' | 'B' = 'A',
  overrides: Record<string, unknown> = {},
): RegimeDefaults {
  if (catalog === 'B') {
    return {
      'in-einvoice': {
        catalog: 'B',
        baseUrl: sandbox.urls.einvoiceApi,
        clientId: SANDBOX_ACCOUNT.clientId,
        clientSecret: SANDBOX_ACCOUNT.clientSecret,
        publicKeyPem: sandbox.einvoice.publicKeyPem,
        ...(http ? { http } : {}),
        ...overrides,
      },
    };
  }
  return {
    'in-einvoice': {
      catalog: 'A',
      baseUrl: sandbox.urls.einvoiceGsp,
      clientId: SANDBOX_ACCOUNT.clientId,
      clientSecret: SANDBOX_ACCOUNT.clientSecret,
      username: SANDBOX_ACCOUNT.username,
      password: SANDBOX_ACCOUNT.password,
      email: 'ops@example.com',
      publicKeyPem: sandbox.einvoice.publicKeyPem,
      ...(http ? { http } : {}),
      ...overrides,
    },
  };
}

/**
 * Queues a fault through the sandbox's control API, as an outside test harness would; at the GSP
 * gateway (catalog A) unless `service` names the other catalog's API.
 */
export async function injectFault(
  sandbox: RunningSandbox,
  fault: FaultKind,
  count: number,
  path = GENERATE_PATH,
  service: 'einvoiceGsp' | 'einvoiceApi' = 'einvoiceGsp',
): Promise<void> {
  const res = await fetch(`${sandbox.urls[service]}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path, fault, count }),
  });
  if (res.status !== 201) throw new Error(`fault not queued: HTTP ${res.status} ${await res.text()}`);
}

/** Faults the sandbox applied so far and the ones still queued. */
export async function sandboxFaults(
  sandbox: RunningSandbox,
): Promise<{ pending: { fault: string; count: number }[]; applied: { fault: string; url: string }[] }> {
  return json(await fetch(`${sandbox.urls.einvoiceGsp}/__sandbox/faults`));
}

/** A catalog B client straight at the sandbox: what a second GSP in front of the same IRP would do. */
export function directCatalogB(sandbox: RunningSandbox): EinvoiceProvider {
  return createEinvoiceProvider({
    catalog: 'B',
    baseUrl: sandbox.urls.einvoiceApi,
    clientId: SANDBOX_ACCOUNT.clientId,
    clientSecret: SANDBOX_ACCOUNT.clientSecret,
    gstin: SELLER_GSTIN,
    publicKeyPem: sandbox.einvoice.publicKeyPem,
  });
}

/** What the IRP registered, read over HTTP (`GET /__sandbox/records`). */
export async function sandboxRecords(sandbox: RunningSandbox): Promise<IrpRegistration[]> {
  const body: Json = await json(await fetch(`${sandbox.urls.einvoiceGsp}/__sandbox/records`));
  return body.registrations as IrpRegistration[];
}

/** Every document a GENERATE brought to the IRP, by document number, read over HTTP (`/__sandbox/records`). */
export async function generateRequestsByDocument(
  sandbox: RunningSandbox,
): Promise<Map<string, IrpGenerateRequest[]>> {
  const body: Json = await json(await fetch(`${sandbox.urls.einvoiceGsp}/__sandbox/records`));
  const map = new Map<string, IrpGenerateRequest[]>();
  for (const request of body.generateRequests as IrpGenerateRequest[]) {
    map.set(request.docNo, [...(map.get(request.docNo) ?? []), request]);
  }
  return map;
}

/**
 * The "never sent blindly twice" check: the IRP's answers to every GENERATE that reached it, per document.
 * Each document is expected to have been sent exactly once and registered, unless `exceptions` says
 * otherwise (e.g. `['registered', '2150']` for one registered beforehand, then sent once and adopted).
 */
export async function assertGenerateAnswers(
  sandbox: RunningSandbox,
  docNumbers: readonly string[],
  exceptions: Record<string, string[]> = {},
): Promise<void> {
  const byDocument = await generateRequestsByDocument(sandbox);
  for (const docNo of docNumbers) {
    const answers = (byDocument.get(docNo) ?? []).map((r) =>
      r.registered ? 'registered' : r.errorCodes.join(','),
    );
    expect([docNo, answers]).toEqual([docNo, exceptions[docNo] ?? ['registered']]);
  }
}

// -------------------------------------------------------------------------------------------------- app

export interface E2eApp {
  app: NestExpressApplication;
  url: string;
  config: AppConfig;
  databaseUrl: string;
  dataDir: string;
  inbox: string;
  outbox: string;
  close(): Promise<void>;
}

export interface E2eAppOptions {
  sandbox: RunningSandbox;
  http?: Partial<HttpPolicy>;
  /** The IRP access path: A, the GSP gateway (default), or B, the REST API with bulk generate. */
  catalog?: 'A' | 'B';
  queue?: Record<string, unknown>;
  /** Reuse a database and data dir (a second process on the same state); neither is removed on close. */
  databaseUrl?: string;
  dataDir?: string;
  roles?: string[];
  /** Database pool per process; the shipped default (10) unless given. */
  poolSize?: number;
  /** In-einvoice provider settings over the sandbox's (e.g. another IRP public key). */
  providerSettings?: Record<string, unknown>;
}

export const DEFAULT_QUEUE = {
  batchSize: 50,
  pollingIntervalSeconds: 0.5,
  maxAttempts: 5,
  writeBackRetries: 2,
  submittingLeaseSeconds: 5,
  staleJobSeconds: 30,
};

/** The raw (pre-validation) configuration of the app under test: one CSV connector on `dataDir`. */
export function e2eRawConfig(
  databaseUrl: string,
  dataDir: string,
  queue: Record<string, unknown> = {},
  roles: string[] = ['api', 'worker'],
  poolSize = 10,
): Record<string, unknown> {
  return {
    server: { port: 0, roles, dataDir },
    database: { url: databaseUrl, poolSize },
    security: { apiKeys: [TEST_API_KEY] },
    queue: { ...DEFAULT_QUEUE, ...queue },
    schedule: { pullEverySeconds: 3600, sweepEverySeconds: 3600 },
    connectors: [
      {
        name: CONNECTOR,
        kind: 'csv',
        regimes: ['in-einvoice'],
        config: {
          inboxDir: join(dataDir, 'inbox'),
          outboxDir: join(dataDir, 'outbox'),
          processedDir: join(dataDir, 'processed'),
          profile: 'india-b2b-lines',
          pollIntervalMs: 3_600_000,
        },
        regimeSettings: { 'in-einvoice': { gstin: SELLER_GSTIN } },
      },
    ],
  };
}

export async function startE2eApp(options: E2eAppOptions): Promise<E2eApp> {
  const db = options.databaseUrl ? undefined : await createMigratedTestDatabase('einv_e2e');
  const databaseUrl = options.databaseUrl ?? db!.url;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'einvoice-e2e-'));
  const config = validateConfig(
    e2eRawConfig(databaseUrl, dataDir, options.queue, options.roles, options.poolSize),
  );
  if (!options.databaseUrl) await migrateDatabase(databaseUrl);
  const app = await createApp({
    config,
    databaseUrl,
    regimeDefaults: sandboxRegimeDefaults(
      options.sandbox,
      options.http,
      options.catalog,
      options.providerSettings,
    ),
  });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    config,
    databaseUrl,
    dataDir,
    inbox: join(dataDir, 'inbox'),
    outbox: join(dataDir, 'outbox'),
    close: async () => {
      await app.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      await db?.drop();
    },
  };
}

export function api(baseUrl: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { 'x-api-key': TEST_API_KEY, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
}

/** Drops the example file into the inbox and asks the connector to pull it. */
export async function dropSampleAndPull(baseUrl: string, inbox: string): Promise<void> {
  mkdirSync(inbox, { recursive: true });
  copyFileSync(SAMPLE_FILE, join(inbox, SAMPLE_FILE_NAME));
  const res = await api(baseUrl, `/connectors/${CONNECTOR}/pull`, { method: 'POST' });
  if (res.status !== 202) throw new Error(`pull refused: HTTP ${res.status} ${await res.text()}`);
}

export interface DocumentSummary {
  id: string;
  docNumber: string;
  submissions: { id: string; state: string; irn: string | null }[];
}

export async function listDocuments(baseUrl: string): Promise<DocumentSummary[]> {
  const body: Json = await json(await api(baseUrl, '/documents?limit=100'));
  return body.items as DocumentSummary[];
}

/** Full document view: canonical, submissions (with identifiers) and audit trail. */
export async function documentDetail(baseUrl: string, id: string): Promise<Json> {
  const res = await api(baseUrl, `/documents/${id}`);
  if (res.status !== 200) throw new Error(`GET /documents/${id}: HTTP ${res.status}`);
  return json(res);
}

/**
 * Waits until `count` documents exist and every submission is in a final state (WRITTEN_BACK, REJECTED,
 * MAPPING_FAILED, WRITEBACK_FAILED); `beforeEachProbe` lets a test drive the sweep between probes.
 */
export async function settledDocuments(
  baseUrl: string,
  count: number,
  timeoutMs = 45_000,
  beforeEachProbe?: () => Promise<unknown>,
): Promise<DocumentSummary[]> {
  const FINAL = new Set(['WRITTEN_BACK', 'REJECTED', 'MAPPING_FAILED', 'WRITEBACK_FAILED']);
  let last: DocumentSummary[] = [];
  try {
    return await eventually(
      async () => {
        await beforeEachProbe?.();
        last = await listDocuments(baseUrl);
        const settled =
          last.length === count &&
          last.every((d) => d.submissions.length > 0 && d.submissions.every((s) => FINAL.has(s.state)));
        return settled ? last : undefined;
      },
      timeoutMs,
      300,
    );
  } catch (error) {
    const states = last.map((d) => `${d.docNumber}=${d.submissions.map((s) => s.state).join('/')}`);
    throw new Error(`${(error as Error).message}; ${last.length} documents: ${states.join(', ')}`);
  }
}

// ------------------------------------------------------------------------------------- expected facts

export interface ExpectedDocument {
  docNumber: string;
  docType: DocumentType;
  isoDate: string;
  buyerGstin: string;
  rows: number;
  irn: string;
}

const DOC_TYPES: Record<string, DocumentType> = {
  'Tax Invoice': 'INV',
  'Credit Note': 'CRN',
  'Debit Note': 'DBN',
};

/** The documents of a CSV in the sample's layout, with the IRN NIC's algorithm gives each (computed here). */
export function expectedDocuments(file = SAMPLE_FILE): ExpectedDocument[] {
  const records: Record<string, string>[] = parse(readFileSync(file), { columns: true, bom: true });
  const byNumber = new Map<string, ExpectedDocument>();
  for (const row of records) {
    const existing = byNumber.get(row.InvoiceNo);
    if (existing) {
      existing.rows += 1;
      continue;
    }
    const [day, month, year] = row.InvoiceDate.split('-');
    const isoDate = `${year}-${month}-${day}`;
    const docType = DOC_TYPES[row.DocType];
    byNumber.set(row.InvoiceNo, {
      docNumber: row.InvoiceNo,
      docType,
      isoDate,
      buyerGstin: row.BuyerGSTIN,
      rows: 1,
      irn: computeIrn(row.SellerGSTIN, financialYear(isoDate), docType, row.InvoiceNo),
    });
  }
  return [...byNumber.values()];
}

/** The result CSV the connector wrote for the sample file, as records keyed by column. */
export function readResultFile(outbox: string, sourceName = SAMPLE_FILE_NAME): Record<string, string>[] {
  const path = join(outbox, `${sourceName}.result.csv`);
  if (!existsSync(path)) return [];
  return parse<Record<string, string>>(readFileSync(path), { columns: true, bom: true });
}

/** Registrations per document number: the "never two IRNs for one document" check. */
export function registrationsByDocument(registrations: IrpRegistration[]): Map<string, IrpRegistration[]> {
  const map = new Map<string, IrpRegistration[]>();
  for (const registration of registrations) {
    map.set(registration.docNo, [...(map.get(registration.docNo) ?? []), registration]);
  }
  return map;
}

/** Audit actions of every document, by document number. */
export async function auditActions(baseUrl: string, docs: DocumentSummary[]): Promise<Map<string, string[]>> {
  const entries = await Promise.all(
    docs.map(async (doc) => {
      const detail = await documentDetail(baseUrl, doc.id);
      return [doc.docNumber, (detail.audit as { action: string }[]).map((a) => a.action)] as const;
    }),
  );
  return new Map(entries);
}

// -------------------------------------------------------------------------------- a killable process

export interface ChildApp {
  url: string;
  /** SIGKILL: the process dies wherever it is. */
  kill(): Promise<void>;
}

/** The app in its own Node process on an existing (migrated) database and data dir. */
export async function startChildApp(options: {
  sandbox: RunningSandbox;
  databaseUrl: string;
  dataDir: string;
  queue?: Record<string, unknown>;
  http?: Partial<HttpPolicy>;
  /** Changes the child's raw configuration (e.g. back to the shipped leases and schedule). */
  configure?: (raw: Record<string, unknown>) => Record<string, unknown>;
}): Promise<ChildApp> {
  const rawConfig = e2eRawConfig(options.databaseUrl, options.dataDir, options.queue);
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', join(__dirname, 'child-app.ts')],
    {
      cwd: resolve(__dirname, '..', '..'),
      env: {
        ...process.env,
        LOG_LEVEL: 'error',
        E2E_CHILD_OPTIONS: JSON.stringify({
          rawConfig: options.configure ? options.configure(rawConfig) : rawConfig,
          databaseUrl: options.databaseUrl,
          regimeDefaults: sandboxRegimeDefaults(options.sandbox, options.http),
        }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((found, failed) => {
    let stdout = '';
    const timer = setTimeout(() => failed(new Error(`child app did not start: ${stderr}`)), 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /LISTENING (\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        found(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      failed(new Error(`child app exited (${code}) before listening: ${stderr}`));
    });
  });
  return {
    url,
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The NIC payload the pipeline will send for one document of the sample, built the same way. */
export async function samplePayload(docNumber: string): Promise<NicEinvoiceV11> {
  const dataDir = mkdtempSync(join(tmpdir(), 'einvoice-dup-'));
  const inboxDir = join(dataDir, 'inbox');
  mkdirSync(inboxDir);
  copyFileSync(SAMPLE_FILE, join(inboxDir, SAMPLE_FILE_NAME));
  const connector = new CsvConnector('dup', Object.assign(new CsvConnectorConfig(), { inboxDir }), {
    dataDir,
    log: { info: () => undefined, warn: () => undefined },
  });
  try {
    for await (const batch of connector.pullSales(null)) {
      const found = batch.documents.find((d) => d.documentNumber === docNumber);
      if (found?.normalised.ok) {
        const mapped = mapToNicEinvoiceV11(found.normalised.value);
        if (mapped.ok) return mapped.value;
      }
    }
    throw new Error(`${docNumber} not found or not mappable in the sample`);
  } finally {
    await connector.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
