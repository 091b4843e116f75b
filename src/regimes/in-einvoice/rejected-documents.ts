/** GETREJECTEDIRNS: the documents the IRP refused on one day, each with NIC's error codes verbatim. */
import type { IrpErrorEntry } from '../../compliance';
import { optionalWireText, wireText } from '../../compliance';

export interface RejectedDocument {
  sellerGstin: string;
  docType: string;
  docNo: string;
  /** dd/mm/yyyy as sent. */
  docDate: string;
  /** The IRN the document would have had, when the IRP could compute it. */
  irn?: string;
  /** "yyyy-MM-dd HH:mm:ss" IST. */
  rejectedAt: string;
  errors: IrpErrorEntry[];
}

interface NicRejectedDocument {
  SellerGstin?: unknown;
  DocTyp?: unknown;
  DocNo?: unknown;
  DocDt?: unknown;
  Irn?: unknown;
  RejDt?: unknown;
  ErrorDetails?: { ErrorCode?: unknown; ErrorMessage?: unknown }[];
}

export function toRejectedDocuments(data: unknown): RejectedDocument[] {
  if (!Array.isArray(data)) return [];
  return (data as NicRejectedDocument[]).map((row) => ({
    sellerGstin: wireText(row.SellerGstin),
    docType: wireText(row.DocTyp),
    docNo: wireText(row.DocNo),
    docDate: wireText(row.DocDt),
    irn: optionalWireText(row.Irn),
    rejectedAt: wireText(row.RejDt),
    errors: (row.ErrorDetails ?? []).map((error) => ({
      code: wireText(error.ErrorCode),
      message: wireText(error.ErrorMessage),
    })),
  }));
}
