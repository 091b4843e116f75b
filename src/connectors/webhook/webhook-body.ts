/**
 * Reads a webhook body: one canonical invoice, an array of them, or `{ "documents": [...] }`. Each item
 * may carry `externalId` (the sender's own id); otherwise the document's identity is seller + type +
 * number + financial year, which is what the tax authority treats as one document.
 */
import {
  type CanonicalInvoice,
  validateCanonicalInvoice,
  contentHash,
  fieldError,
  type FieldError,
  isIsoDate,
  financialYear,
} from '../../domain';
import type { PushedBody, PushedItem } from '../contract';

/** One item of the body, named by its index; an item with errors may still carry a document, see unreadItem. */
export type WebhookItemResult = PushedItem;

export type WebhookBody = PushedBody;

export function readWebhookBody(body: unknown, maxBatch: number): WebhookBody {
  const list = itemsOf(body);
  if (!list.ok) return list;
  if (list.items.length === 0)
    return { ok: false, errors: [fieldError('documents', 'minItems', 'no documents in the body')] };
  if (list.items.length > maxBatch) {
    return {
      ok: false,
      errors: [
        fieldError('documents', 'maxItems', `at most ${maxBatch} documents per request`, list.items.length),
      ],
    };
  }
  return { ok: true, items: list.items.map((item, index) => readItem(item, index)) };
}

function itemsOf(body: unknown): { ok: true; items: unknown[] } | { ok: false; errors: FieldError[] } {
  if (Array.isArray(body)) return { ok: true, items: body };
  if (body && typeof body === 'object') {
    const documents = (body as { documents?: unknown }).documents;
    if (documents !== undefined) {
      if (!Array.isArray(documents)) {
        return { ok: false, errors: [fieldError('documents', 'type.array', 'documents must be an array')] };
      }
      return { ok: true, items: documents };
    }
    return { ok: true, items: [body] };
  }
  return {
    ok: false,
    errors: [
      fieldError('', 'type.object', 'body must be a JSON object or array of canonical invoices', typeof body),
    ],
  };
}

function readItem(item: unknown, index: number): WebhookItemResult {
  if (!item || typeof item !== 'object' || Array.isArray(item)) {
    return { index, errors: [fieldError('', 'type.object', 'each document must be a JSON object')] };
  }
  const { externalId, ...invoiceFields } = item as Record<string, unknown>;
  if (externalId !== undefined && (typeof externalId !== 'string' || !/^[\w./:-]{1,128}$/.test(externalId))) {
    return {
      index,
      errors: [
        fieldError('externalId', 'pattern', 'externalId must be 1-128 letters, digits or ._/:-', externalId),
      ],
    };
  }
  const validated = validateCanonicalInvoice(invoiceFields);
  if (!validated.ok) return unreadItem(index, invoiceFields, externalId, validated.errors);
  const invoice = validated.value;
  return {
    index,
    document: {
      erpId: typeof externalId === 'string' ? externalId : naturalId(invoice),
      contentHash: contentHash(invoice),
      direction: 'sales',
      documentNumber: invoice.documentNumber,
      documentDate: invoice.documentDate,
      sourceRef: `webhook item ${index}`,
      normalised: validated,
      raw: { externalId: externalId ?? null },
    },
  };
}

/**
 * A document with field errors is still a document when it can be told apart (an externalId, or the
 * seller, type, number and date its natural id is made of): it is stored with its errors, so the tax team
 * finds it in the failure queue like a CSV row that could not be read, and a corrected post of the same
 * document replaces it. Without an identity it is only reported.
 */
function unreadItem(
  index: number,
  fields: Record<string, unknown>,
  externalId: unknown,
  errors: FieldError[],
): WebhookItemResult {
  const documentNumber = nonEmptyText(fields.documentNumber);
  const documentDate =
    typeof fields.documentDate === 'string' && isIsoDate(fields.documentDate)
      ? fields.documentDate
      : undefined;
  const erpId =
    typeof externalId === 'string' ? externalId : rawNaturalId(fields, documentNumber, documentDate);
  if (erpId === undefined || documentNumber === undefined) return { index, errors };
  return {
    index,
    errors,
    document: {
      erpId,
      contentHash: contentHash(fields),
      direction: 'sales',
      documentNumber,
      documentDate,
      sourceRef: `webhook item ${index}`,
      normalised: { ok: false, errors },
      // The item as sent, under `draft`: an operator's overrides can complete it (see effective-invoice).
      raw: { externalId: externalId ?? null, draft: fields },
    },
  };
}

/** naturalId from the fields as sent, when they are there to make one. */
function rawNaturalId(
  fields: Record<string, unknown>,
  documentNumber: string | undefined,
  documentDate: string | undefined,
): string | undefined {
  const seller =
    fields.seller !== null && typeof fields.seller === 'object'
      ? (fields.seller as Record<string, unknown>)
      : {};
  const sellerId = nonEmptyText(seller.gstin) ?? nonEmptyText(seller.vatNumber);
  const documentType = nonEmptyText(fields.documentType);
  if (!sellerId || !documentType || !documentNumber || !documentDate) return undefined;
  return `${sellerId}:${documentType}:${documentNumber}:${financialYear(documentDate)}`;
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function naturalId(invoice: CanonicalInvoice): string {
  const seller = invoice.seller.gstin ?? invoice.seller.vatNumber ?? 'unknown';
  return `${seller}:${invoice.documentType}:${invoice.documentNumber}:${financialYear(invoice.documentDate)}`;
}
