/**
 * What every catalog A (GSP gateway) answer shares: the envelope {status_cd, status_desc, data, info},
 * errors as a JSON string of [{ErrorCode, ErrorMessage}] in status_desc and always HTTP 200, client
 * credentials in headers, and the `email` query parameter naming the GSP account, without which the
 * gateway answers with a plain-text status_desc before looking at anything else.
 */
import type { Request, Response } from 'express';
import type { SandboxEinvoiceAccount } from './accounts';
import type { IrpError, IrpResult } from './irp-errors';
import { queryText } from './json-access';

const EMAIL = /^[^@\s]+@[^@\s]+$/;

export function sendGspResult<T>(res: Response, result: IrpResult<T>, successMessage: string): void {
  if (!result.ok) return sendGspErrors(res, result.errors, result.info);
  res.json({ status_cd: '1', status_desc: successMessage, data: result.data, info: result.info ?? null });
}

export function sendGspErrors(res: Response, errors: IrpError[], info?: unknown): void {
  res.json({ status_cd: '0', status_desc: JSON.stringify(errors), data: null, info: info ?? null });
}

/** False (and the answer sent) when the request lacks the account's e-mail address. */
export function hasGspEmail(req: Request, res: Response): boolean {
  if (EMAIL.test(queryText(req.query.email))) return true;
  res.json({
    status_cd: '0',
    status_desc:
      'email is required: pass the e-mail address registered with the GSP as the email query parameter',
    data: null,
  });
  return false;
}

export function findGspClient(
  accounts: readonly SandboxEinvoiceAccount[],
  req: Request,
): SandboxEinvoiceAccount | undefined {
  return accounts.find(
    (account) =>
      account.clientId === req.header('client_id') && account.clientSecret === req.header('client_secret'),
  );
}
