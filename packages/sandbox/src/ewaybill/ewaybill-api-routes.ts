/**
 * E-way bill, catalog B, as its table publishes it, relative to `{base_url}/eway`: POST /api/v1/generate,
 * POST /generate-ewb, POST /bulk-generate (up to 1,000 per call, with a per-row status report), PUT
 * /update-part-b, PUT /extend, POST /cancel, POST /consolidated. The bearer token is catalog B's
 * (POST /oauth/token on the same port). Payloads the table does not show use NIC's e-way bill names;
 * errors keep the e-way bill system's codes in `errors[].code` with an HTTP status for their kind (401
 * token, 409 already generated, 404 not found, 400 the rest). The acting GSTIN is `x-gstin`, else the
 * account's first. With the catalog B wire `seed-literal`, generate answers exactly seed 001's names
 * ("Successful response carries ewbNo and validUpto", single and bulk rows) and every call must carry
 * the account's `email` header, as the seed says of every call.
 */
import type { Request, Response, Router } from 'express';
import type { SandboxEinvoiceAccount } from '../einvoice/accounts';
import type { CatalogBWire } from '../einvoice/api-v1-routes';
import { isObject } from '../einvoice/json-access';
import type { SessionTokens } from '../einvoice/session-tokens';
import { ewayBillError, type EwayBillError, type EwayBillResult } from './ewaybill-errors';
import type { EwayBillCaller, EwayBillSystem } from './ewaybill-system';

export const EWAYBILL_API_PREFIX = '/eway';
export const EWAYBILL_BULK_LIMIT = 1000;

export function mountEwaybillApiRoutes(
  router: Router,
  system: EwayBillSystem,
  tokens: SessionTokens<SandboxEinvoiceAccount>,
  wire: CatalogBWire = 'nic',
): void {
  const authorised = (handler: (req: Request, res: Response, caller: EwayBillCaller) => void) => {
    return (req: Request, res: Response) => {
      const token = /^Bearer (.+)$/i.exec(req.header('authorization') ?? '')?.[1];
      const account = tokens.verify(token);
      if (!account) {
        res
          .status(401)
          .set('WWW-Authenticate', 'Bearer error="invalid_token"')
          .json({ success: false, errors: [{ code: '238', message: 'Invalid auth token' }] });
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
        const error = ewayBillError('111');
        res
          .status(403)
          .json({ success: false, errors: [{ code: error.ErrorCode, message: error.ErrorMessage }] });
        return;
      }
      handler(req, res, { gstin });
    };
  };
  const p = EWAYBILL_API_PREFIX;
  const generated = (bill: unknown, caller: EwayBillCaller): EwayBillResult<unknown> => {
    const result = system.generate(bill, caller);
    return wire === 'seed-literal' && result.ok ? { ...result, data: inSeedNames(result.data) } : result;
  };
  const generate = authorised((req, res, caller) => send(res, generated(req.body, caller)));
  router.post(`${p}/api/v1/generate`, generate);
  router.post(`${p}/generate-ewb`, generate);
  router.post(
    `${p}/bulk-generate`,
    authorised((req, res, caller) => {
      const body: unknown = req.body;
      const bills: unknown = Array.isArray(body) ? body : isObject(body) ? body.ewaybills : undefined;
      if (!Array.isArray(bills) || bills.length === 0 || bills.length > EWAYBILL_BULK_LIMIT) {
        res.status(400).json({
          success: false,
          errors: [
            { code: 'BULK_SIZE', message: `ewaybills must hold 1 to ${EWAYBILL_BULK_LIMIT} documents` },
          ],
        });
        return;
      }
      const results = bills.map((bill, index) => ({ index, ...answer(generated(bill, caller)) }));
      res.json({ success: true, results });
    }),
  );
  router.put(
    `${p}/update-part-b`,
    authorised((req, res, caller) => send(res, system.updatePartB(req.body, caller))),
  );
  router.put(
    `${p}/extend`,
    authorised((req, res, caller) => send(res, system.extendValidity(req.body, caller))),
  );
  router.post(
    `${p}/cancel`,
    authorised((req, res, caller) => send(res, system.cancel(req.body, caller))),
  );
  router.post(
    `${p}/consolidated`,
    authorised((req, res, caller) => send(res, system.consolidate(req.body, caller))),
  );
}

function answer<T>(result: EwayBillResult<T>): {
  success: boolean;
  data?: T;
  errors?: { code: string; message: string }[];
} {
  if (result.ok) return { success: true, data: result.data };
  return {
    success: false,
    errors: result.errors.map((error) => ({ code: error.ErrorCode, message: error.ErrorMessage })),
  };
}

function statusFor(errors: EwayBillError[]): number {
  const code = errors[0]?.ErrorCode;
  if (code === '604') return 409;
  if (code === '325') return 404;
  return 400;
}

function send<T>(res: Response, result: EwayBillResult<T>): void {
  res.status(result.ok ? 200 : statusFor(result.errors)).json(answer(result));
}

/** A generated bill in seed 001's answer names: ewbNo and validUpto, nothing else. */
function inSeedNames(data: unknown): { ewbNo: unknown; validUpto: unknown } {
  const fields = isObject(data) ? data : {};
  return { ewbNo: fields.ewayBillNo, validUpto: fields.validUpto };
}
