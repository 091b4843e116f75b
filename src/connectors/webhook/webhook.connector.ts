/**
 * Webhook connector: documents are pushed to `POST /webhooks/:instance/invoices`, so `pullSales` has
 * nothing to drain (the HTTP layer ingests them durably before answering 202). Outcomes are POSTed to
 * the instance's callback URL, signed like inbound requests; a failed POST is a transient error that
 * the write-back job retries with backoff. Purchase bills are pushed to `POST /webhooks/:instance/purchases`
 * and kept by the host (ConnectorContext.pushedPurchases); `pullPurchases` reads them back by bill date.
 */
import axios, { isAxiosError } from 'axios';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import {
  ConnectorError,
  type CheckResult,
  type ConnectorContext,
  type ConnectorCursor,
  type ConnectorFactory,
  type ErpConnector,
  type PullBatch,
  type PurchasePageKey,
  type PurchasePeriod,
  type PurchaseRecord,
  type PushedPurchaseBody,
  type PushSource,
  type WriteBackDocument,
  type WriteBackOutcome,
} from '../contract';
import { stableStringify } from '../../domain';
import { developmentSecret } from '../../security';
import { readPurchaseBody } from './purchase-body';
import { readWebhookBody, type WebhookBody } from './webhook-body';
import { WebhookConnectorConfig } from './webhook.config';
import {
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  signWebhook,
  verifyWebhookSignature,
  type SignatureCheck,
} from './webhook-signature';

/** Lets a callback receiver drop a delivery it has already processed. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export class WebhookConnector implements ErpConnector, PushSource {
  readonly kind = 'webhook';
  readonly capabilities = ['push'] as const;
  private readonly secret: string;

  constructor(
    readonly instanceName: string,
    private readonly config: WebhookConnectorConfig,
    private readonly context: ConnectorContext,
  ) {
    this.secret = config.secret || this.developmentSecret();
  }

  check(): Promise<CheckResult> {
    return Promise.resolve({
      ok: true,
      message: this.config.callbackUrl
        ? 'accepting pushes; callbacks enabled'
        : 'accepting pushes; no callback URL',
    });
  }

  verify(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    nowSeconds: number,
  ): SignatureCheck {
    const header = (name: string): string | undefined => {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    return verifyWebhookSignature({
      secret: this.secret,
      timestampHeader: header(TIMESTAMP_HEADER),
      signatureHeader: header(SIGNATURE_HEADER),
      rawBody,
      nowSeconds,
      toleranceSeconds: this.config.toleranceSeconds,
    });
  }

  read(body: unknown): WebhookBody {
    return readWebhookBody(body, this.config.maxBatch);
  }

  /** Pushed documents are ingested as they arrive; there is never anything left to pull. */
  pullSales(_cursor: ConnectorCursor): AsyncIterable<PullBatch> {
    return emptyIterable<PullBatch>();
  }

  readPurchases(body: unknown): PushedPurchaseBody {
    return readPurchaseBody(body, this.config.maxBatch);
  }

  /** The purchases the ERP pushed with a bill date in the period, in batches of `purchasePageSize`. */
  async *pullPurchases(period: PurchasePeriod): AsyncGenerator<PurchaseRecord[]> {
    const store = this.context.pushedPurchases;
    if (!store) {
      throw new ConnectorError(
        'system',
        `webhook ${this.instanceName}: pushed purchases are kept in the database, and this host has none`,
      );
    }
    const size = this.config.purchasePageSize;
    let after: PurchasePageKey | undefined;
    for (;;) {
      const page = await store.page(period, after, size);
      if (page.length > 0) yield page;
      if (page.length < size) return;
      const last = page[page.length - 1];
      after = { billDate: last.billDate, erpId: last.erpId };
    }
  }

  async writeBack(document: WriteBackDocument, outcome: WriteBackOutcome): Promise<void> {
    if (!this.config.callbackUrl) return;
    // Keys in one order whatever order the outcome was read in (from the send, or from PostgreSQL's
    // jsonb after a restart): the body, and so the idempotency key, is the same for every delivery.
    const body = stableStringify(
      JSON.parse(
        JSON.stringify({
          documentId: document.id,
          externalId: document.erpId,
          documentNumber: document.documentNumber,
          documentDate: document.documentDate,
          regime: outcome.regime,
          state: outcome.state,
          identifiers: outcome.identifiers,
          error: outcome.error ?? null,
        }),
      ),
    );
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      await axios.post(this.config.callbackUrl, body, {
        timeout: this.config.callbackTimeoutMs,
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signWebhook(this.secret, timestamp, body),
          [IDEMPOTENCY_KEY_HEADER]: callbackIdempotencyKey(document.id, body),
        },
        validateStatus: (status) => status >= 200 && status < 300,
        // A redirect is a refusal, not followed: the signed outcome goes to the configured URL only. It
        // also skips axios's redirect-following transport, about half of a callback's CPU.
        maxRedirects: 0,
      });
    } catch (error) {
      const status = isAxiosError(error) ? error.response?.status : undefined;
      const permanent =
        status !== undefined && status >= 300 && status < 500 && status !== 408 && status !== 429;
      throw new ConnectorError(
        permanent ? 'config' : 'transient',
        `callback to ${new URL(this.config.callbackUrl).origin} failed: ${status ? `HTTP ${status}` : errorMessage(error)}`,
      );
    }
  }

  /** Development only: a random secret kept (0600) under the instance's data dir, never logged. */
  private developmentSecret(): string {
    return developmentSecret(join(this.context.dataDir, 'webhook-secret'), 32, (file) =>
      this.context.log.warn(`webhook ${this.instanceName}: no secret configured; generated one in ${file}`),
    );
  }
}

/**
 * The same for every delivery of one outcome of one document (a retry, or a resend after a worker died
 * between the POST and recording it), different for the next outcome (e.g. REPORTED after
 * SIGNED_PENDING_REPORTING): the body carries no delivery time, so its digest names the outcome.
 */
export function callbackIdempotencyKey(documentId: string, body: string): string {
  return `${documentId}.${createHash('sha256').update(body).digest('hex').slice(0, 32)}`;
}

function emptyIterable<T>(): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve({ done: true, value: undefined }) }),
  };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class WebhookConnectorFactory implements ConnectorFactory<WebhookConnectorConfig> {
  readonly kind = 'webhook';
  readonly configClass = WebhookConnectorConfig;

  create(instanceName: string, config: WebhookConnectorConfig, context: ConnectorContext): WebhookConnector {
    return new WebhookConnector(instanceName, config, context);
  }
}
