export { ReturnGatewayClient, GSTR1_TABLES } from './return-gateway-client';
export type { Gstr1Table, ReturnGatewayDeps } from './return-gateway-client';
export { OtpSession, SESSION_REQUIRED } from './otp-session';
export type { SessionState, SessionStatus } from './otp-session';
export type { ReturnGatewaySettings } from './return-gateway-settings';
export { GSTR2B_SECTIONS } from './gstr2b/gstr2b-document';
export type {
  Gstr2bDocument,
  Gstr2bDocumentKind,
  Gstr2bReturn,
  Gstr2bSection,
  Gstr2bTaxLine,
} from './gstr2b/gstr2b-document';
export { applyAmendments, mergeGstr2bFiles, parseGstr2b } from './gstr2b/gstr2b-parser';
export type { Gstr2bParseResult } from './gstr2b/gstr2b-parser';
export { Gstr2bTooLargeError, readGstr2bStream } from './gstr2b/gstr2b-stream-reader';
export type { StreamedGstr2b, StreamReadOptions } from './gstr2b/gstr2b-stream-reader';
