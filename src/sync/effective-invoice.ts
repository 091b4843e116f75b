/**
 * The invoice the pipeline sends: the ERP's canonical payload with operator overrides applied on top. A
 * document that could not be read has no canonical payload; when its connector kept the document as
 * canonical-invoice JSON (a webhook item: `raw.draft`), the operator's overrides complete that draft, and
 * the result is the invoice once it validates.
 */
import type { DocumentEntity } from '../database/entities';
import { type CanonicalInvoice, validateCanonicalInvoice, type Outcome } from '../domain';
import { applyOverrides } from './overrides';

type InvoiceSource = Pick<DocumentEntity, 'canonical' | 'overrides' | 'raw'>;

export function effectiveInvoice(document: InvoiceSource): CanonicalInvoice | undefined {
  const outcome = effectiveInvoiceOutcome(document);
  return outcome?.ok ? outcome.value : undefined;
}

/**
 * The effective invoice, or what still stops it: the field errors of a draft with the overrides so far.
 * Undefined when there is nothing to build one from.
 */
export function effectiveInvoiceOutcome(document: InvoiceSource): Outcome<CanonicalInvoice> | undefined {
  if (document.canonical) {
    const invoice = document.overrides
      ? applyOverrides(document.canonical, document.overrides)
      : document.canonical;
    return { ok: true, value: invoice };
  }
  const draft = canonicalDraft(document.raw);
  if (!draft || !document.overrides) return undefined;
  return validateCanonicalInvoice(applyOverrides(draft, document.overrides));
}

/** The canonical-invoice JSON a connector kept for a document it could not read (`raw.draft`), if any. */
export function canonicalDraft(raw: unknown): CanonicalInvoice | undefined {
  if (raw === null || typeof raw !== 'object' || !Object.hasOwn(raw, 'draft')) return undefined;
  const { draft } = raw as { draft: unknown };
  if (draft === null || typeof draft !== 'object' || Array.isArray(draft)) return undefined;
  // Not validated: a draft is read only through applyOverrides (canonical paths) and the validator.
  return draft as CanonicalInvoice;
}
