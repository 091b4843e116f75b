/**
 * E-way bill, catalog B, as its table publishes it, relative to `{base_url}/eway`: POST /api/v1/generate,
 * POST /generate-ewb, POST /bulk-generate, PUT /update-part-b, PUT /extend, POST /cancel, POST
 * /consolidated. No read and no transporter update. The table lists two generate paths without telling
 * them apart: `/api/v1/generate` is used unless configured otherwise. The token endpoint and payloads
 * other than generate are not shown (defaults below; docs/providers.md).
 */
import type { Method } from 'axios';

export type CatalogBEwaybillOperation =
  | 'api-v1-generate'
  | 'generate-ewb'
  | 'bulk-generate'
  | 'update-part-b'
  | 'extend'
  | 'cancel'
  | 'consolidated';

export const EWAYBILL_CATALOG_B_OPERATIONS: Record<
  CatalogBEwaybillOperation,
  { method: Method; path: string }
> = {
  'api-v1-generate': { method: 'POST', path: '/api/v1/generate' },
  'generate-ewb': { method: 'POST', path: '/generate-ewb' },
  'bulk-generate': { method: 'POST', path: '/bulk-generate' },
  'update-part-b': { method: 'PUT', path: '/update-part-b' },
  extend: { method: 'PUT', path: '/extend' },
  cancel: { method: 'POST', path: '/cancel' },
  consolidated: { method: 'POST', path: '/consolidated' },
};

export interface CatalogBEwaybillSettings {
  /** Published: `/eway`. */
  apiPrefix?: string;
  /** Assumed: `/oauth/token` (form-urlencoded client credentials). */
  tokenPath?: string;
  /** Which of the two published generate operations to call; default `api-v1-generate`. */
  generateOperation?: 'api-v1-generate' | 'generate-ewb';
  /** Assumed `x-gstin`; empty string sends none. */
  gstinHeader?: string;
}

export const CATALOG_B_EWAYBILL_DEFAULTS = {
  apiPrefix: '/eway',
  tokenPath: '/oauth/token',
  generateOperation: 'api-v1-generate',
  gstinHeader: 'x-gstin',
} as const;
