/**
 * The ERP connector plugin contract, shaped like Airbyte's protocol: a config spec, `check`, a resumable
 * `pullSales(cursor)`, `pullPurchases(period)` and `writeBack`. Normalisation to CanonicalInvoice is the
 * connector's job and reports field-level problems instead of throwing.
 */
import type { CanonicalInvoice, IsoDate, DecimalString } from '../domain/canonical-invoice';
import type { FieldError, Outcome } from '../domain/field-error';
import type { ComplianceIdentifiers } from '../domain/compliance-identifiers';
import type { ConnectorErrorClass } from '../domain/error-classes';
import type { RegimeName } from '../domain/regime-name';
import type { WriteBackOutcome } from '../domain/write-back-outcome';

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
  supplierGstin: string;
  supplierName?: string;
  /** Supplier's invoice number (not the ERP's voucher number). */
  billNumber: string;
  billDate: IsoDate;
  documentType: 'INV' | 'CRN' | 'DBN';
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
  details?: Record<string, unknown>;
}

export interface ErpConnector {
  readonly kind: string;
  readonly instanceName: string;
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

/** What a connector may use from the host: nothing Nest-specific, so connectors stay plain classes. */
export interface ConnectorContext {
  /** Directory for this instance's files (inbox, outbox, processed), absolute. */
  dataDir: string;
  log: { info(msg: string, meta?: object): void; warn(msg: string, meta?: object): void };
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
