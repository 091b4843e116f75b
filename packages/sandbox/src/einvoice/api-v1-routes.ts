/**
 * Catalog B as its table publishes it, relative to `/einvoice`: POST /api/v1/generate-irn, POST
 * /bulk-generate-irn, POST /cancel-irn, GET /irn-by-docnumber, GET /qr; the OAuth2 client_credentials
 * token (1 h) from POST /oauth/token (form-urlencoded, the profile's default path; the table does not
 * show it). Bodies use NIC's field names; errors keep NIC codes verbatim in `errors[].code`, with an
 * HTTP status that says what kind of failure it is (401 token, 404 not found, 409 duplicate, 400 the
 * rest). Recorded exchanges: test/fixtures/providers/catalog-b/.
 */
import type { Request, Response, Router } from 'express';
import type { SandboxEinvoiceAccount } from './accounts';
import type { IrpError, IrpInfo, IrpResult } from './irp-errors';
import type { IrpCaller, IrpService } from './irp-service';
import { isObject, queryText } from './json-access';
import type { SessionTokens } from './session-tokens';

export const BULK_LIMIT = 1000;

/**
 * How catalog B speaks: `nic` answers in NIC's names (SignedInvoice, AckDt) as a provider passing NIC's
 * answer through would; `seed-literal` answers in exactly seed 001's names (Irn, AckNo, AckDate,
 * signedInvoice, signedQRCode) and demands the headers the seed lists (bearer Authorization, email).
 */
export type CatalogBWire = 'nic' | 'seed-literal';
export const CATALOG_B_TOKEN_PATH = '/oauth/token';
const PREFIX = '/einvoice';

export function mountApiV1Routes(
  router: Router,
  irp: IrpService,
  accounts: readonly SandboxEinvoiceAccount[],
  tokens: SessionTokens<SandboxEinvoiceAccount>,
  tokenTtlSeconds: number,
  wire: CatalogBWire = 'nic',
): void {
  router.post(CATALOG_B_TOKEN_PATH, (req, res) => {
    const { grantType, clientId, clientSecret } = readClientCredentials(req);
    if (grantType !== 'client_credentials') {
      res.status(400).json({ error: 'unsupported_grant_type' });
      return;
    }
    const account = accounts.find((a) => a.clientId === clientId && a.clientSecret === clientSecret);
    if (!account) {
      res.status(401).json({ error: 'invalid_client', error_description: 'Invalid Client-ID/Client-Secret' });
      return;
    }
    const session = tokens.issue(account);
    res.json({ access_token: session.token, token_type: 'Bearer', expires_in: tokenTtlSeconds });
  });

  const authorised = (handler: (req: Request, res: Response, caller: IrpCaller) => void | Promise<void>) => {
    return (req: Request, res: Response) => {
      const account = tokens.verify(bearerToken(req));
      if (!account) {
        res
          .status(401)
          .set('WWW-Authenticate', 'Bearer error="invalid_token"')
          .json({ success: false, errors: [{ code: '1005', message: 'Invalid Token' }] });
        return;
      }
      if (wire === 'seed-literal' && (!account.email || req.header('email') !== account.email)) {
        res.status(400).json({
          success: false,
          errors: [{ code: 'EMAIL', message: 'email header must carry the account e-mail' }],
        });
        return;
      }
      const gstin = req.header('x-gstin') ?? account.gstins[0];
      if (!account.gstins.includes(gstin)) {
        res
          .status(403)
          .json({ success: false, errors: [{ code: '1015', message: 'Invalid GSTIN for this user' }] });
        return;
      }
      return handler(req, res, { gstin, allowedGstins: account.gstins, channel: 'B' });
    };
  };

  router.post(
    `${PREFIX}/api/v1/generate-irn`,
    authorised(async (req, res, caller) => send(res, await irp.generate(req.body, caller), wire)),
  );
  router.post(
    `${PREFIX}/bulk-generate-irn`,
    authorised(async (req, res, caller) => {
      const body: unknown = req.body;
      const invoices: unknown = Array.isArray(body) ? body : isObject(body) ? body.invoices : undefined;
      if (!Array.isArray(invoices) || invoices.length === 0 || invoices.length > BULK_LIMIT) {
        res.status(400).json({
          success: false,
          errors: [{ code: 'BULK_SIZE', message: `invoices must hold 1 to ${BULK_LIMIT} documents` }],
        });
        return;
      }
      // All at once: their signatures are made on the thread pool, in parallel.
      const generated = await Promise.all(invoices.map((invoice) => irp.generate(invoice, caller)));
      res.json({
        success: true,
        results: generated.map((result, index) => ({ index, ...body200(result, wire) })),
      });
    }),
  );
  router.post(
    `${PREFIX}/cancel-irn`,
    authorised((req, res, caller) => send(res, irp.cancel(req.body, caller))),
  );
  router.get(
    `${PREFIX}/irn-by-docnumber`,
    authorised((req, res, caller) =>
      send(
        res,
        irp.getByDocument(
          queryText(req.query.docType),
          queryText(req.query.docNum),
          queryText(req.query.docDate),
          caller,
        ),
        wire,
      ),
    ),
  );
  router.get(
    `${PREFIX}/qr`,
    authorised((req, res, caller) => send(res, irp.signedQr(queryText(req.query.irn), caller))),
  );
}

export function apiV1RateLimitKey(
  tokens: SessionTokens<SandboxEinvoiceAccount>,
): (req: Request) => string | undefined {
  return (req) => {
    if (req.path === CATALOG_B_TOKEN_PATH) return readClientCredentials(req).clientId;
    const token = bearerToken(req);
    return tokens.verify(token)?.clientId ?? token;
  };
}

function readClientCredentials(req: Request): {
  grantType?: string;
  clientId?: string;
  clientSecret?: string;
} {
  const body: unknown = req.body;
  const fields = isObject(body) ? body : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  let clientId = text(fields.client_id);
  let clientSecret = text(fields.client_secret);
  const basic = /^Basic (.+)$/i.exec(req.header('authorization') ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    clientId = decodeURIComponent(decoded.slice(0, colon));
    clientSecret = decodeURIComponent(decoded.slice(colon + 1));
  }
  return { grantType: text(fields.grant_type), clientId, clientSecret };
}

function bearerToken(req: Request): string | undefined {
  return /^Bearer (.+)$/i.exec(req.header('authorization') ?? '')?.[1];
}

function httpStatusFor(errors: IrpError[]): number {
  const code = errors[0]?.ErrorCode;
  if (code === '2150') return 409;
  if (code === '2148' || code === '2154') return 404;
  return 400;
}

function body200<T>(
  result: IrpResult<T>,
  wire: CatalogBWire = 'nic',
): {
  success: boolean;
  data?: unknown;
  errors?: { code: string; message: string }[];
  info?: IrpInfo[];
} {
  if (result.ok) {
    const data = wire === 'seed-literal' ? inSeedNames(result.data) : result.data;
    return { success: true, data, info: result.info };
  }
  return {
    success: false,
    errors: result.errors.map((error) => ({ code: error.ErrorCode, message: error.ErrorMessage })),
    info: result.info,
  };
}

function send<T>(res: Response, result: IrpResult<T>, wire: CatalogBWire = 'nic'): void {
  res.status(result.ok ? 200 : httpStatusFor(result.errors)).json(body200(result, wire));
}

/** NIC's IRN details renamed to seed 001's answer names; anything else is left as it is. */
function inSeedNames(data: unknown): unknown {
  if (!isObject(data) || typeof data.SignedInvoice !== 'string') return data;
  const { AckDt, SignedInvoice, SignedQRCode, ...rest } = data;
  return { ...rest, AckDate: AckDt, signedInvoice: SignedInvoice, signedQRCode: SignedQRCode };
}
