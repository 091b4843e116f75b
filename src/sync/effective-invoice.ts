/** The invoice the pipeline sends: the ERP's canonical payload with operator overrides applied on top. */
import type { DocumentEntity } from '../database/entities';
import type { CanonicalInvoice } from '../domain/canonical-invoice';
import { applyOverrides } from './overrides';

export function effectiveInvoice(
  document: Pick<DocumentEntity, 'canonical' | 'overrides'>,
): CanonicalInvoice | undefined {
  if (!document.canonical) return undefined;
  return document.overrides ? applyOverrides(document.canonical, document.overrides) : document.canonical;
}
