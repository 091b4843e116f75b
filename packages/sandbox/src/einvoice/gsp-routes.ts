/**
 * Catalog A: the GSP gateway shape (MasterGST / WhiteBooks family). Plain JSON (the GSP does NIC's
 * crypto), credentials in headers, the account's `email` in the query, envelope {status_cd, status_desc,
 * data}; IRP errors arrive as a JSON string array of {ErrorCode, ErrorMessage} in status_desc, NIC
 * InfoDtls in `info`. Errors are HTTP 200.
 */
import type { Request, Response, Router } from 'express';
import { randomBytes } from 'node:crypto';
import type { SandboxEinvoiceAccount } from './accounts';
import { findGspClient, hasGspEmail, sendGspErrors, sendGspResult } from './gsp-envelope';
import { irpError } from './irp-errors';
import type { IrpCaller, IrpService } from './irp-service';
import { istDateTime } from './ist-time';
import { queryText } from './json-access';
import type { SessionTokens } from './session-tokens';

export const GSP_VERSION_PATH = '/einvoice/type/:operation/version/V1_03';

/** Catalog A's published table (test/fixtures/providers/catalog-a/): nothing else is served. */
const PUBLISHED_OPERATIONS = new Set([
  'GET GSTNDETAILS',
  'GET SYNC_GSTIN_FROMCP',
  'GET GETIRN',
  'GET GETIRNBYDOCDETAILS',
  'GET GETREJECTEDIRNS',
  'POST CANCEL',
  'POST GENERATE_EWAYBILL',
  'GET GETEWAYBILLIRN',
  'POST GENERATE',
]);

export interface GspSubject {
  account: SandboxEinvoiceAccount;
  gstin: string;
}

export function mountGspRoutes(
  router: Router,
  irp: IrpService,
  accounts: readonly SandboxEinvoiceAccount[],
  tokens: SessionTokens<GspSubject>,
): void {
  router.get('/einvoice/authenticate', (req, res) => {
    if (!hasGspEmail(req, res)) return;
    const account = findGspClient(accounts, req);
    if (!account) return sendGspErrors(res, [irpError('1010')]);
    if (req.header('username') !== account.username || req.header('password') !== account.password) {
      return sendGspErrors(res, [irpError('1008')]);
    }
    const gstin = req.header('gstin') ?? '';
    if (!account.gstins.includes(gstin)) return sendGspErrors(res, [irpError('1015')]);
    const session = tokens.issue({ account, gstin }, `${account.clientId}|${account.username}|${gstin}`);
    res.json({
      status_cd: 'Sucess',
      status_desc: 'Auth Token generated successfully',
      data: {
        ClientId: account.clientId,
        UserName: account.username,
        AuthToken: session.token,
        Sek: randomBytes(32).toString('base64'),
        TokenExpiry: istDateTime(new Date(session.expiresAtMs)),
      },
    });
  });

  const handle = (req: Request<{ operation: string }>, res: Response) => {
    if (!PUBLISHED_OPERATIONS.has(`${req.method} ${req.params.operation}`)) {
      res.status(404).json({ status_cd: '0', status_desc: `Unknown operation ${req.params.operation}` });
      return;
    }
    if (!hasGspEmail(req, res)) return;
    const caller = authorise(req, res, accounts, tokens);
    if (!caller) return;
    const param1 = queryText(req.query.param1);
    switch (`${req.method} ${req.params.operation}`) {
      case 'POST GENERATE':
        return irp
          .generate(req.body, caller)
          .then((result) => sendGspResult(res, result, 'IRN generated successfully'));
      case 'POST CANCEL':
        return sendGspResult(res, irp.cancel(req.body, caller), 'E-Invoice is cancelled successfully');
      case 'GET GETIRN':
        return sendGspResult(res, irp.getByIrn(param1, caller), 'E-Invoice fetched successfully');
      case 'GET GETIRNBYDOCDETAILS':
        return sendGspResult(
          res,
          irp.getByDocument(
            param1 || queryText(req.query.doctype),
            req.header('docnum') ?? queryText(req.query.docnum),
            req.header('docdate') ?? queryText(req.query.docdate),
            caller,
          ),
          'E-Invoice fetched successfully',
        );
      case 'GET GSTNDETAILS':
        return sendGspResult(res, irp.gstinDetails(param1), 'GSTIN details fetched successfully');
      case 'GET SYNC_GSTIN_FROMCP':
        return sendGspResult(res, irp.syncGstinFromCp(param1), 'GSTIN details fetched successfully');
      case 'POST GENERATE_EWAYBILL':
        return sendGspResult(
          res,
          irp.generateEwayBill(req.body, caller),
          'E-Way Bill generated successfully',
        );
      case 'GET GETEWAYBILLIRN':
        return sendGspResult(res, irp.getEwayBillByIrn(param1, caller), 'E-Way Bill fetched successfully');
      case 'GET GETREJECTEDIRNS':
        return sendGspResult(res, irp.rejectedIrns(param1, caller), 'Rejected IRNs fetched successfully');
      default:
        res.status(404).json({ status_cd: '0', status_desc: `Unknown operation ${req.params.operation}` });
    }
  };
  router.get(GSP_VERSION_PATH, handle);
  router.post(GSP_VERSION_PATH, handle);

  // B2C dynamic QR, as the table publishes it: GET /einvoice/qrcode, the request's facts in the query.
  router.get('/einvoice/qrcode', (req, res) => {
    if (!hasGspEmail(req, res)) return;
    const caller = authorise(req, res, accounts, tokens);
    if (!caller) return;
    sendGspResult(res, irp.b2cQr(b2cQrQuery(req.query), caller), 'B2C QR generated successfully');
  });
}

const B2C_QR_NUMBERS = new Set(['TotInvVal', 'CgstVal', 'SgstVal', 'IgstVal', 'CesVal']);

/** The query's text values, amounts read as numbers (a query carries only text). */
function b2cQrQuery(query: Request['query']): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'email' || typeof value !== 'string') continue;
    body[key] = B2C_QR_NUMBERS.has(key) && value.trim() !== '' ? Number(value) : value;
  }
  return body;
}

export function gspRateLimitKey(req: Request): string | undefined {
  return req.header('client_id');
}

function authorise(
  req: Request,
  res: Response,
  accounts: readonly SandboxEinvoiceAccount[],
  tokens: SessionTokens<GspSubject>,
): IrpCaller | undefined {
  const account = findGspClient(accounts, req);
  if (!account) {
    sendGspErrors(res, [irpError('1010')]);
    return undefined;
  }
  const subject = tokens.verify(req.header('auth-token'));
  if (
    !subject ||
    subject.account !== account ||
    subject.gstin !== req.header('gstin') ||
    subject.account.username !== req.header('username')
  ) {
    sendGspErrors(res, [irpError('1005')]);
    return undefined;
  }
  return { gstin: subject.gstin, allowedGstins: [subject.gstin], channel: 'A' };
}
