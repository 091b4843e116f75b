/**
 * E-way bill, catalog A (the GSP gateway's `/ewaybillapi/v1.03`, seed table): authenticate
 * (`?email=&username=&password=`, client credentials and GSTIN in headers; answer data NIC's {status,
 * authtoken, sek}), then POST /ewayapi/genewaybill, vehewb, extendvalidity, canewb, gencewb,
 * updatetransporter and GET /ewayapi/getewaybill?ewbNo= with the `auth-token` header, plus NIC's
 * GetEwayBillGeneratedByConsigner (`/ewayapi/getewaybillgeneratedbyconsigner?docType=&docNo=`, NOTES.md)
 * to find the bill a 604 refers to. Envelope {status_cd, status_desc, data}, errors as a JSON string of
 * [{ErrorCode, ErrorMessage}] with the e-way bill system's codes.
 */
import type { Request, Response, Router } from 'express';
import { randomBytes } from 'node:crypto';
import type { SandboxClock } from '../framework/clock';
import type { SandboxEinvoiceAccount } from '../einvoice/accounts';
import { findGspClient, hasGspEmail, sendGspErrors, sendGspResult } from '../einvoice/gsp-envelope';
import { queryText } from '../einvoice/json-access';
import { SessionTokens } from '../einvoice/session-tokens';
import { ewayBillError } from './ewaybill-errors';
import type { EwayBillCaller, EwayBillSystem } from './ewaybill-system';

export const EWAYBILL_GSP_BASE = '/ewaybillapi/v1.03';

interface EwayBillSubject {
  account: SandboxEinvoiceAccount;
  gstin: string;
}

export function mountEwaybillGspRoutes(
  router: Router,
  system: EwayBillSystem,
  accounts: readonly SandboxEinvoiceAccount[],
  clock: SandboxClock,
  tokenTtlMs: number,
): void {
  const tokens = new SessionTokens<EwayBillSubject>(clock, tokenTtlMs);

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

  const authorised = (handler: (req: Request, res: Response, caller: EwayBillCaller) => void) => {
    return (req: Request, res: Response) => {
      if (!hasGspEmail(req, res)) return;
      const account = findGspClient(accounts, req);
      if (!account) return sendGspErrors(res, [ewayBillError('110')]);
      const subject = tokens.verify(req.header('auth-token'));
      if (!subject || subject.account !== account || subject.gstin !== req.header('gstin')) {
        return sendGspErrors(res, [ewayBillError('105')]);
      }
      handler(req, res, { gstin: subject.gstin });
    };
  };
  const api = `${EWAYBILL_GSP_BASE}/ewayapi`;

  router.post(
    `${api}/genewaybill`,
    authorised((req, res, caller) =>
      sendGspResult(res, system.generate(req.body, caller), 'E-Way Bill is generated successfully'),
    ),
  );
  router.post(
    `${api}/vehewb`,
    authorised((req, res, caller) =>
      sendGspResult(res, system.updatePartB(req.body, caller), 'E-Way Bill is updated successfully'),
    ),
  );
  router.post(
    `${api}/extendvalidity`,
    authorised((req, res, caller) =>
      sendGspResult(
        res,
        system.extendValidity(req.body, caller),
        'E-Way Bill validity is extended successfully',
      ),
    ),
  );
  router.post(
    `${api}/canewb`,
    authorised((req, res, caller) =>
      sendGspResult(res, system.cancel(req.body, caller), 'E-Way Bill is cancelled successfully'),
    ),
  );
  router.post(
    `${api}/gencewb`,
    authorised((req, res, caller) =>
      sendGspResult(res, system.consolidate(req.body, caller), 'Consolidated E-Way Bill generated'),
    ),
  );
  router.post(
    `${api}/updatetransporter`,
    authorised((req, res, caller) =>
      sendGspResult(
        res,
        system.updateTransporter(req.body, caller),
        'Transporter details are updated successfully',
      ),
    ),
  );
  router.get(
    `${api}/getewaybill`,
    authorised((req, res, caller) =>
      sendGspResult(
        res,
        system.details(queryText(req.query.ewbNo), caller),
        'E-Way Bill is fetched successfully',
      ),
    ),
  );
  router.get(
    `${api}/getewaybillgeneratedbyconsigner`,
    authorised((req, res, caller) =>
      sendGspResult(
        res,
        system.detailsByDocument(queryText(req.query.docType), queryText(req.query.docNo), caller),
        'E-Way Bill is fetched successfully',
      ),
    ),
  );
}
