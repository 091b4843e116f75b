/** Where the document's components put the canonical invoice (api-document.ts adds its schemas). */
export const CANONICAL_INVOICE_REF = '#/components/schemas/CanonicalInvoice';
