/** The report's page cursor: the last row's (supplier, category, id), opaque to clients (base64url JSON). */
import { ComplianceError } from '../compliance';
import type { ReportCursor, ReportRow } from '../database/repositories';

export function encodeCursor(row: Pick<ReportRow, 'supplierGstin' | 'category' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.supplierGstin, row.category, row.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): ReportCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      value.every((part) => typeof part === 'string') &&
      /^[0-9a-f-]{36}$/i.test(String(value[2]))
    ) {
      const [supplierGstin, category, id] = value.map(String);
      return { supplierGstin, category, id };
    }
  } catch {
    // fall through
  }
  throw new ComplianceError('validation', 'cursor is not one this report gave (use nextCursor as given)');
}
