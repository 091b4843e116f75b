/** The app's OpenAPI document without a database (shared with scripts/api-types.ts, which generates from it). */
export { previewApiDocument, type PreviewedDocument } from '../../scripts/api-document-preview';
