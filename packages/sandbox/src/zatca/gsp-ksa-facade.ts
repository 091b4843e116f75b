/**
 * The GSP's `/ksa-einvoice/...` operations in front of the simulated Fatoora API, as its table publishes
 * them: POST /generate-csr, POST /onboard, POST /api/v1/clearance, POST /reporting, GET /status?uuid=,
 * each behind an OAuth2 bearer token (client credentials from POST /oauth/token, form-urlencoded, 1 h);
 * the EGS CSID in `X-CSID`; invoice bodies {invoiceXml, invoiceHash, uuid, invoiceType, currency};
 * ZATCA's answer wrapped in `{status_cd, status_desc, data}` with ZATCA's HTTP status. Beyond the table,
 * for the onboarding steps a deployment maps to its GSP's own paths: POST /api/v1/compliance and
 * POST/PATCH /onboard/production. Recorded exchanges: test/fixtures/providers/ksa-gsp/.
 */
import { randomBytes } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { generateGspCsr, gspCsrRequestProblems, type GspCsrRequest } from './gsp-csr-generator';
import type { InvoiceRecord } from './simulator-records';

/** The sandbox GSP's OAuth2 client id; its client secret is the simulator's `gspApiKey`. */
export const SANDBOX_GSP_KSA_CLIENT_ID = 'sandbox-gsp-client';
const TOKEN_TTL_SECONDS = 3600;

export interface GspFacadeDependencies {
  /** The OAuth2 client secret of SANDBOX_GSP_KSA_CLIENT_ID. */
  apiKey: string;
  /** Base URL of the simulator itself (known once it listens). */
  selfUrl(): string;
  /** Latest record of an invoice by UUID, accepted ones first. */
  findInvoice(uuid: string): InvoiceRecord | undefined;
  /** True when `xCsid` (base64 of token:secret) is a live production CSID. */
  isProductionCsid(xCsid: string): boolean;
  /**
   * Seed 001: "The email field must carry the email registered with the service account". When set,
   * every call but the token's must carry it as `email` (query, as the GSP's other catalogs take it).
   */
  accountEmail?: string;
}

export function mountGspKsaFacade(router: Router, deps: GspFacadeDependencies): void {
  const tokens = new Map<string, number>();
  router.post('/oauth/token', (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.grant_type !== 'client_credentials') {
      res.status(400).json({ error: 'unsupported_grant_type' });
      return;
    }
    if (body.client_id !== SANDBOX_GSP_KSA_CLIENT_ID || body.client_secret !== deps.apiKey) {
      res.status(401).json({ error: 'invalid_client' });
      return;
    }
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, Date.now() + TOKEN_TTL_SECONDS * 1000);
    res.json({ access_token: token, token_type: 'Bearer', expires_in: TOKEN_TTL_SECONDS });
  });
  const authorised = (req: Request, res: Response): boolean => {
    const token = /^Bearer (.+)$/i.exec(req.header('authorization') ?? '')?.[1] ?? '';
    const expiresAt = tokens.get(token);
    if (expiresAt !== undefined && expiresAt > Date.now()) {
      if (!deps.accountEmail || req.query.email === deps.accountEmail) return true;
      res.status(400).json({
        status_cd: '0',
        error: { code: 'EMAIL', message: 'email must carry the e-mail registered with the service account' },
      });
      return false;
    }
    res
      .status(401)
      .set('WWW-Authenticate', 'Bearer error="invalid_token"')
      .json({ status_cd: '0', error: { code: 'GSP-401', message: 'Invalid or expired bearer token' } });
    return false;
  };
  const forward =
    (
      method: string,
      path: string,
      extraHeaders: (req: Request) => Record<string, string>,
      body: (req: Request) => unknown,
    ) =>
    async (req: Request, res: Response) => {
      if (!authorised(req, res)) return;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'accept-version': 'V2',
        'accept-language': 'en',
        ...extraHeaders(req),
      };
      const csid = req.header('x-csid');
      if (csid) headers['authorization'] = `Basic ${csid}`;
      const upstream = await fetch(`${deps.selfUrl()}${path}`, {
        method,
        headers,
        body: JSON.stringify(body(req) ?? {}),
      });
      const text = await upstream.text();
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
      const retryAfter = upstream.headers.get('retry-after');
      if (retryAfter) res.set('Retry-After', retryAfter);
      const ok = upstream.status >= 200 && upstream.status < 300;
      res.status(upstream.status).json({
        status_cd: ok ? '1' : '0',
        status_desc: ok ? 'Success' : `ZATCA answered HTTP ${upstream.status}`,
        data,
      });
    };
  const otpOf = (req: Request): Record<string, string> => {
    const otp = (req.body as { otp?: unknown } | undefined)?.otp;
    return typeof otp === 'string' ? { otp } : {};
  };
  const csrOnly = (req: Request) => ({ csr: (req.body as { csr?: unknown } | undefined)?.csr });
  const asIs = (req: Request): unknown => req.body;
  /** The table's invoice body, as Fatoora takes it: {invoiceHash, uuid, invoice}. */
  const invoiceBody = (req: Request): unknown => {
    const body = (req.body ?? {}) as { invoiceXml?: unknown; invoiceHash?: unknown; uuid?: unknown };
    return { invoiceHash: body.invoiceHash, uuid: body.uuid, invoice: body.invoiceXml };
  };

  router.post('/ksa-einvoice/onboard', forward('POST', '/compliance', otpOf, csrOnly));
  router.post(
    '/ksa-einvoice/onboard/production',
    forward('POST', '/production/csids', () => ({}), asIs),
  );
  router.patch('/ksa-einvoice/onboard/production', forward('PATCH', '/production/csids', otpOf, csrOnly));
  router.post(
    '/ksa-einvoice/api/v1/compliance',
    forward('POST', '/compliance/invoices', () => ({}), invoiceBody),
  );
  router.post(
    '/ksa-einvoice/api/v1/clearance',
    forward('POST', '/invoices/clearance/single', () => ({ 'clearance-status': '1' }), invoiceBody),
  );
  router.post(
    '/ksa-einvoice/reporting',
    forward('POST', '/invoices/reporting/single', () => ({ 'clearance-status': '0' }), invoiceBody),
  );

  router.get('/ksa-einvoice/status', (req: Request, res) => {
    if (!authorised(req, res)) return;
    if (!deps.isProductionCsid(req.header('x-csid') ?? '')) {
      res.status(401).json({
        status_cd: '0',
        error: { code: 'GSP-401', message: 'X-CSID is not a valid production CSID' },
      });
      return;
    }
    const uuid = typeof req.query.uuid === 'string' ? req.query.uuid : '';
    const record = deps.findInvoice(uuid);
    if (!record) {
      res
        .status(404)
        .json({ status_cd: '0', error: { code: 'GSP-404', message: 'No invoice with this UUID' } });
      return;
    }
    res.json({
      status_cd: '1',
      data: {
        uuid: record.uuid,
        status: record.status,
        invoiceHash: record.hash,
        clearedInvoice:
          record.status === 'CLEARED' && record.xml ? Buffer.from(record.xml).toString('base64') : null,
      },
    });
  });

  router.post('/ksa-einvoice/generate-csr', (req, res) => {
    if (!authorised(req, res)) return;
    const problems = gspCsrRequestProblems(req.body);
    if (problems.length > 0) {
      res.status(400).json({ status_cd: '0', error: { code: 'GSP-CSR', message: problems.join('; ') } });
      return;
    }
    const generated = generateGspCsr(req.body as GspCsrRequest);
    res.json({
      status_cd: '1',
      data: { csr: generated.csrBase64OfPem, privateKey: generated.privateKeyPem },
    });
  });
}
