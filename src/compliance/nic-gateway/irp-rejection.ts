/** The IRP said no: its error codes and messages kept verbatim, plus its InfoDtls (e.g. DUPIRN). */
import { ComplianceError } from '../regime';
import type { IrpInfoEntry } from './info-dtls';
import { wireText } from './wire-text';

export interface IrpErrorEntry {
  code: string;
  message: string;
}

export interface DuplicateIrnInfo {
  irn: string;
  ackNo: string;
  ackDate: string;
}

/** Codes that mean "nothing registered for that", not a failure of the lookup. */
export const NOT_FOUND_CODES = new Set(['2148', '2154', '3001']);
export const AUTH_CODES = new Set(['1005']);

export class IrpRejection extends ComplianceError {
  constructor(
    readonly errors: IrpErrorEntry[],
    readonly info: IrpInfoEntry[],
    response: unknown,
  ) {
    super(
      'rejected',
      errors.map((error) => `${error.code}: ${error.message}`).join('; ') || 'rejected by the IRP',
      { code: errors.map((error) => error.code).join(',') || undefined, response },
    );
    this.name = 'IrpRejection';
  }

  hasCode(code: string): boolean {
    return this.errors.some((error) => error.code === code);
  }

  /** The IRP holds nothing for what was asked (every error a "not found" code): an answer, not a failure. */
  isNotFound(): boolean {
    return this.errors.length > 0 && this.errors.every((error) => NOT_FOUND_CODES.has(error.code));
  }

  /** The existing registration the IRP reported with 2150 (InfoDtls DUPIRN). */
  duplicate(): DuplicateIrnInfo | undefined {
    const entry = this.info.find((item) => item.InfCd === 'DUPIRN');
    const desc = entry?.Desc as { Irn?: unknown; AckNo?: unknown; AckDt?: unknown } | undefined;
    if (!desc || typeof desc.Irn !== 'string') return undefined;
    return { irn: desc.Irn, ackNo: String(desc.AckNo), ackDate: String(desc.AckDt) };
  }
}

/** GSP envelopes carry errors as a JSON string of [{ErrorCode, ErrorMessage}] in status_desc. */
export function parseStatusDesc(statusDesc: unknown): IrpErrorEntry[] {
  if (typeof statusDesc !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(statusDesc);
    if (Array.isArray(parsed)) {
      return parsed.map((item: { ErrorCode?: unknown; ErrorMessage?: unknown }) => ({
        code: wireText(item.ErrorCode),
        message: wireText(item.ErrorMessage),
      }));
    }
  } catch {
    // Plain text: some GSP errors are not JSON; keep the text as the message.
  }
  return [{ code: '', message: statusDesc }];
}

export function infoEntries(value: unknown): IrpInfoEntry[] {
  return Array.isArray(value)
    ? (value as IrpInfoEntry[]).filter((item) => typeof item?.InfCd === 'string')
    : [];
}
