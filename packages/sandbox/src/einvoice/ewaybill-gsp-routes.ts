/**
 * Catalog A's e-way bill side (the same GSP family's `/ewaybillapi/v1.03`), as far as the IRP's e-way
 * bills need it: authenticate (`?email=&username=&password=`, credentials and GSTIN in headers; the
 * answer's data is NIC's {status, authtoken, sek}) and cancel (`POST /ewayapi/canewb?email=` with
 * {ewbNo, cancelRsnCode, cancelRmrk}, answered {ewayBillNo, cancelDate}). Same envelope as the
 * e-invoice routes, with the e-way bill system's error codes.
 */
import type { Router } from 'express';
import { randomBytes } from 'node:crypto';
import type { SandboxClock } from '../framework/clock';
import type { SandboxEinvoiceAccount } from './accounts';
import { cancelEwayBill } from './ewaybill-cancellation';
import { ewayBillError } from './ewaybill-errors';
import { findGspClient, hasGspEmail, sendGspErrors, sendGspResult } from './gsp-envelope';
import type { GspSubject } from './gsp-routes';
import type { IrpService } from './irp-service';
import { queryText } from './json-access';
import { SessionTokens } from './session-tokens';

export const EWAYBILL_GSP_BASE = '/ewaybillapi/v1.03';

export function mountEwaybillGspRoutes(
  router: Router,
  irp: IrpService,
  accounts: readonly SandboxEinvoiceAccount[],
  clock: SandboxClock,
  tokenTtlMs: number,
): void {
  const tokens = new SessionTokens<GspSubject>(clock, tokenTtlMs);

  router.get(`${EWAYBILL_GSP_BASE}/authenticate`, (req, res) => {
    if (!hasGspEmail(req, res)) return;
    const account = findGspClient(accounts, req);
    if (!account) return sendGspErrors(res, [ewayBillError('110')]);
    if (
      queryText(req.query.username) !== account.username ||
      queryText(req.query.password) !== account.password
    ) {
      return sendGspErrors(res, [ewayBillError('108')]);
    }
    const gstin = req.header('gstin') ?? '';
    if (!account.gstins.includes(gstin)) return sendGspErrors(res, [ewayBillError('111')]);
    const session = tokens.issue({ account, gstin }, `${account.clientId}|${account.username}|${gstin}`);
    res.json({
      status_cd: '1',
      status_desc: 'Auth Token generated successfully',
      data: { status: '1', authtoken: session.token, sek: randomBytes(32).toString('base64') },
    });
  });

  router.post(`${EWAYBILL_GSP_BASE}/ewayapi/canewb`, (req, res) => {
    if (!hasGspEmail(req, res)) return;
    const account = findGspClient(accounts, req);
    if (!account) return sendGspErrors(res, [ewayBillError('110')]);
    const subject = tokens.verify(req.header('auth-token'));
    if (!subject || subject.account !== account || subject.gstin !== req.header('gstin')) {
      return sendGspErrors(res, [ewayBillError('105')]);
    }
    const result = cancelEwayBill(irp, req.body, subject.gstin, clock.now());
    sendGspResult(res, result, 'E-Way bill cancelled successfully');
  });
}
