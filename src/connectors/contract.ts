/**
 * The ERP connector plugin contract, shaped like Airbyte's protocol: a config spec, `check`, a resumable
 * `pullSales(cursor)`, `pullPurchases(period)` and `writeBack`. Normalisation to CanonicalInvoice is the
 * connector's job and reports field-level problems instead of throwing.
 */
import type {
  CanonicalInvoice,
  IsoDate,
  DecimalString,
  FieldError,
  Outcome,
  ComplianceIdentifiers,
  ConnectorErrorClass,
  RegimeName,
  WriteBackOutcome,
} from '../domain';
import type { ConnectorStateStore } from './kit/connector-state-store';

// The shared vocabulary lives in domain/; re-exported here for connectors, which see only their contract.
export type { ComplianceIdentifiers, ConnectorErrorClass, RegimeName, WriteBackOutcome };

/** Opaque, JSON-serialisable resume point (Tally: AlterID watermark; CSV: file + row). */
export type ConnectorCursor = Record<string, unknown> | null;

export type DocumentDirection = 'sales' | 'purchase';

export interface SourceDocument {
  /** The ERP's own id for the document (Tally GUID, CSV profile key + document number, webhook id). */
  erpId: string;
  /** SHA-256 (hex) of the source content as pulled; an edit in the ERP changes it. */
  contentHash: string;
  direction: DocumentDirection;
  /** Known even when normalisation failed, so operators can find the document. */
  documentNumber?: string;
  documentDate?: IsoDate;
  /** Where in the source it came from, for error messages: "inbox/sales.csv rows 4-6", "voucher 123". */
  sourceRef?: string;
  /** The normalised invoice, or the field errors that stopped normalisation. */
  normalised: Outcome<CanonicalInvoice>;
  /**
   * Source excerpt (already parsed), kept for operators and for write-back. A connector whose source is
   * canonical-invoice JSON keeps a document it could not read as `{ draft: <that JSON> }` too, so operator
   * overrides can complete it (see sync/effective-invoice).
   */
  raw?: unknown;
  /** The ERP reports the document as cancelled or deleted. */
  deleted?: boolean;
}

export interface PullBatch {
  documents: SourceDocument[];
  /** Cursor to store once this batch has been persisted; resuming from it must not skip anything. */
  cursor: ConnectorCursor;
  /** Problems that do not belong to one document (a malformed file header, an unreadable file). */
  problems?: FieldError[];
}

export interface PurchasePeriod {
  from: IsoDate;
  to: IsoDate;
}

/** One purchase-register entry, for GSTR-2B reconciliation. */
export interface PurchaseRecord {
  erpId: string;
  /** Empty for a bill of entry of a supplier abroad (no GSTIN); a SEZ unit's GSTIN for IMPGSEZ. */
  supplierGstin: string;
  supplierName?: string;
  /** Supplier's invoice number (not the ERP's voucher number); a bill of entry's BOE number. */
  billNumber: string;
  /** Bill date; a bill of entry's BOE date. */
  billDate: IsoDate;
  /** INV, CRN, DBN, or BOE for a bill of entry (imports: taxable value is the assessable value). */
  documentType: 'INV' | 'CRN' | 'DBN' | 'BOE';
  /** Bills of entry: the customs port code (6 characters, e.g. INNSA1), part of the BOE's identity. */
  portCode?: string;
  taxableValue: DecimalString;
  igst: DecimalString;
  cgst: DecimalString;
  sgst: DecimalString;
  cess: DecimalString;
  total: DecimalString;
  placeOfSupply?: string;
  reverseCharge?: boolean;
  /**
   * Set when the row could not be read: the fields above hold what could be (empty text and "0"
   * amounts otherwise), so the operator still sees the purchase and why it is not reconciled.
   */
  fieldErrors?: FieldError[];
}

export interface WriteBackDocument {
  id: string;
  erpId: string;
  documentNumber?: string;
  documentDate?: IsoDate;
  sourceRef?: string;
  raw?: unknown;
  canonical?: CanonicalInvoice;
}

export interface WriteBackItem {
  document: WriteBackDocument;
  outcome: WriteBackOutcome;
}

export interface CheckResult {
  ok: boolean;
  message: string;
  /** Set when `ok` is false: config (fix the settings), transient (try again later) or system. */
  errorClass?: ConnectorErrorClass;
  details?: Record<string, unknown>;
}

/**
 * What a connector can do besides pulling, declared rather than guessed from its methods: the host routes
 * pushed requests only to a `push` source and uploads and inbox watching only to a `file-drop` source.
 */
export type ConnectorCapability = 'push' | 'file-drop';

export interface ErpConnector {
  readonly kind: string;
  readonly instanceName: string;
  /** Capabilities beyond pull and write-back; each one promises that capability's interface below. */
  readonly capabilities?: readonly ConnectorCapability[];
  check(): Promise<CheckResult>;
  pullSales(cursor: ConnectorCursor): AsyncIterable<PullBatch>;
  pullPurchases(period: PurchasePeriod): AsyncIterable<PurchaseRecord[]>;
  /** Writes the outcome back; throws ConnectorError (transient/config/system) when it cannot. */
  writeBack(document: WriteBackDocument, outcome: WriteBackOutcome): Promise<void>;
  /**
   * Optional: several outcomes at once, where the ERP side can take them together more cheaply (one
   * rewrite of a result file, one import request). Resolves to what each write threw, by position
   * (undefined: written), with the same meaning as writeBack's errors.
   */
  writeBackMany?(items: readonly WriteBackItem[]): Promise<(ConnectorError | undefined)[]>;
  /** Releases watchers, sockets, timers. */
  close?(): Promise<void>;
}

/** A pushed request's authenticity: accepted, or refused with a reason the sender is told (HTTP 401). */
export type PushVerification =
  | { ok: true }
  | {
      ok: false;
      reason: 'missing-headers' | 'bad-timestamp' | 'stale-timestamp' | 'bad-signature';
      message: string;
    };

/**
 * One item of a pushed body. Field errors carry canonical paths (`buyer.gstin`, `lines[0].quantity`); an
 * item with errors may still carry a document (stored as MAPPING_FAILED, to be fixed by an override).
 */
export interface PushedItem {
  index: number;
  document?: SourceDocument;
  errors?: FieldError[];
}

/** A pushed body read into items, or refused as a whole (not a batch, too many documents). */
export type PushedBody = { ok: true; items: PushedItem[] } | { ok: false; errors: FieldError[] };

/**
 * One purchase bill an ERP pushed (`POST /webhooks/:instance/purchases`): a bill to keep (replacing the one
 * of the same erpId when its content changed), or the erpId of a bill the ERP cancelled.
 */
export type PushedPurchase =
  { kind: 'bill'; record: PurchaseRecord; contentHash: string } | { kind: 'cancelled'; erpId: string };

/** One item of a pushed purchase body, named by its index: the purchase, or the field errors that stop it. */
export interface PushedPurchaseItem {
  index: number;
  purchase?: PushedPurchase;
  errors?: FieldError[];
}

/** A pushed purchase body read into items, or refused as a whole (not a batch, too many bills). */
export type PushedPurchaseBody =
  { ok: true; items: PushedPurchaseItem[] } | { ok: false; errors: FieldError[] };

/**
 * The ERP pushes documents to the host (`POST /webhooks/:instance/invoices`) instead of being pulled: the
 * host verifies each request, reads its body and ingests the documents before answering.
 */
export interface PushSource {
  verify(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    nowSeconds: number,
  ): PushVerification;
  read(body: unknown): PushedBody;
  /** Present when the source also pushes its purchase register (bills, notes, bills of entry). */
  readPurchases?(body: unknown): PushedPurchaseBody;
}

/** A file set aside by a file-drop source, with the reason an operator reads. */
export interface RefusedFile {
  file: string;
  originalName: string;
  reason: string;
  /** As upload() answered it for the file: how a caller knows its own upload was refused. */
  contentHash: string;
  /** ISO 8601. */
  rejectedAt: string;
}

export interface FileListing {
  /** Files waiting to be read. */
  inbox: string[];
  rejected: RefusedFile[];
}

/**
 * Documents arrive as files in an inbox directory (the CSV connector): dropped there by the ERP or an
 * operator, or uploaded through the API. The host watches the inbox to pull as soon as a file lands.
 */
export interface FileDropSource {
  /** Calls `onNewFile` for each file appearing in the inbox; returns a function that stops watching. */
  watch(onNewFile: (fileName: string) => void): () => void;
  /**
   * Stores a file in the inbox atomically; the name it is stored under may differ from the one given.
   * Throws ConnectorError (config: name or type refused; transient: cannot store).
   */
  upload(name: string, content: Buffer): Promise<{ fileName: string; contentHash: string }>;
  /** Files waiting in the inbox, and files refused with the reason. */
  listFiles(): Promise<FileListing>;
}

export function isPushSource(connector: ErpConnector): connector is ErpConnector & PushSource {
  return connector.capabilities?.includes('push') ?? false;
}

export function isFileDropSource(connector: ErpConnector): connector is ErpConnector & FileDropSource {
  return connector.capabilities?.includes('file-drop') ?? false;
}

/** What a connector may use from the host: nothing Nest-specific, so connectors stay plain classes. */
export interface ConnectorContext {
  /** Directory for this instance's files (inbox, outbox, processed), absolute. */
  dataDir: string;
  log: { info(msg: string, meta?: object): void; warn(msg: string, meta?: object): void };
  /**
   * This instance's sealed state (sessions, refresh tokens), kept in the database by the host; see
   * kit/connector-state-store. Absent where there is no database (a connector's unit tests).
   */
  state?: ConnectorStateStore;
  /** The purchases pushed to this instance, kept in the database by the host (absent without one). */
  pushedPurchases?: PushedPurchaseStore;
}

/** Where a page of pushed purchases ends: the next page starts after this bill date and erpId. */
export interface PurchasePageKey {
  billDate: IsoDate;
  erpId: string;
}

/** The purchases pushed to one instance, read back by bill date for reconciliation. */
export interface PushedPurchaseStore {
  /** Up to `limit` purchases with a bill date in `range`, ordered by bill date then erpId, after `after`. */
  page(range: PurchasePeriod, after: PurchasePageKey | undefined, limit: number): Promise<PurchaseRecord[]>;
}

/** One per ERP kind, registered under the CONNECTOR_FACTORIES token. */
export interface ConnectorFactory<C extends object = object> {
  readonly kind: string;
  /** class-validator decorated config class; `@Secret()` marks fields never logged or returned. */
  readonly configClass: new () => C;
  create(instanceName: string, config: C, context: ConnectorContext): ErpConnector;
}

/** Airbyte-style classed error: config (fix the settings), transient (retry), system (a bug). */
export class ConnectorError extends Error {
  constructor(
    readonly errorClass: ConnectorErrorClass,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }

  get retryable(): boolean {
    return this.errorClass === 'transient';
  }
}
