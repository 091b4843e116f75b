/**
 * Reads a webhook body: one canonical invoice, an array of them, or `{ "documents": [...] }`. Each item
 * may carry `externalId` (the sender's own id); otherwise the document's identity is seller + type +
 * number + financial year, which is what the tax authority treats as one document.
 */
import type { CanonicalInvoice } from '../../domain/canonical-invoice';
import { validateCanonicalInvoice } from '../../domain/canonical-invoice.validator';
import { contentHash } from '../../domain/content-hash';
import { fieldError, type FieldError } from '../../domain/field-error';
import { financialYear } from '../../domain/financial-year';
import type { SourceDocument } from '../contract';

export interface WebhookItemResult {
  index: number;
  document?: SourceDocument;
  errors?: FieldError[];
}

export type WebhookBody = { ok: true; items: WebhookItemResult[] } | { ok: false; errors: FieldError[] };

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
  return { ok: true, items: list.items.map((item, index) => readItem(item, index, list.prefix)) };
}

function itemsOf(
  body: unknown,
): { ok: true; items: unknown[]; prefix: string } | { ok: false; errors: FieldError[] } {
  if (Array.isArray(body)) return { ok: true, items: body, prefix: '' };
  if (body && typeof body === 'object') {
    const documents = (body as { documents?: unknown }).documents;
    if (documents !== undefined) {
      if (!Array.isArray(documents)) {
        return { ok: false, errors: [fieldError('documents', 'type.array', 'documents must be an array')] };
      }
      return { ok: true, items: documents, prefix: 'documents' };
    }
    return { ok: true, items: [body], prefix: '#single' };
  }
  return {
    ok: false,
    errors: [
      fieldError('', 'type.object', 'body must be a JSON object or array of canonical invoices', typeof body),
    ],
  };
}

function readItem(item: unknown, index: number, prefix: string): WebhookItemResult {
  const at = (path: string): string => {
    const base = prefix === '#single' ? '' : `${prefix}[${index}]`;
    return base && path ? `${base}.${path}` : base || path;
  };
  if (!item || typeof item !== 'object' || Array.isArray(item)) {
    return { index, errors: [fieldError(at(''), 'type.object', 'each document must be a JSON object')] };
  }
  const { externalId, ...invoiceFields } = item as Record<string, unknown>;
  if (externalId !== undefined && (typeof externalId !== 'string' || !/^[\w./:-]{1,128}$/.test(externalId))) {
    return {
      index,
      errors: [
        fieldError(
          at('externalId'),
          'pattern',
          'externalId must be 1-128 letters, digits or ._/:-',
          externalId,
        ),
      ],
    };
  }
  const validated = validateCanonicalInvoice(invoiceFields);
  if (!validated.ok) {
    return { index, errors: validated.errors.map((e) => ({ ...e, path: at(e.path) })) };
  }
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

function naturalId(invoice: CanonicalInvoice): string {
  const seller = invoice.seller.gstin ?? invoice.seller.vatNumber ?? 'unknown';
  return `${seller}:${invoice.documentType}:${invoice.documentNumber}:${financialYear(invoice.documentDate)}`;
}
