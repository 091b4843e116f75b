/**
 * The GSP's `/ksa-einvoice/...` operations in front of the simulated Fatoora API: API-key auth, the EGS
 * CSID in `X-CSID`, ZATCA's answer wrapped in `{status_cd, status_desc, data}` with ZATCA's HTTP status,
 * plus what only the GSP offers: a status lookup by UUID and server-side CSR generation.
 */
import type { Request, Response, Router } from 'express';
import { generateGspCsr, gspCsrRequestProblems, type GspCsrRequest } from './gsp-csr-generator';
import type { InvoiceRecord } from './simulator-records';

export interface GspFacadeDependencies {
  apiKey: string;
  /** Base URL of the simulator itself (known once it listens). */
  selfUrl(): string;
  /** Latest record of an invoice by UUID, accepted ones first. */
  findInvoice(uuid: string): InvoiceRecord | undefined;
  /** True when `xCsid` (base64 of token:secret) is a live production CSID. */
  isProductionCsid(xCsid: string): boolean;
}

export function mountGspKsaFacade(router: Router, deps: GspFacadeDependencies): void {
  const forward =
    (
      method: string,
      path: string,
      extraHeaders: (req: Request) => Record<string, string>,
      body: (req: Request) => unknown,
    ) =>
    async (req: Request, res: Response) => {
      if (!apiKeyOk(req, res, deps)) return;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'accept-version': 'V2',
        'accept-language': 'en',
        ...extraHeaders(req),
      };
      const csid = req.header('x-csid');
      if (csid) headers.authorization = `Basic ${csid}`;
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

  router.post('/ksa-einvoice/onboard', forward('POST', '/compliance', otpOf, csrOnly));
  router.post(
    '/ksa-einvoice/onboard/production',
    forward('POST', '/production/csids', () => ({}), asIs),
  );
  router.patch('/ksa-einvoice/onboard/production', forward('PATCH', '/production/csids', otpOf, csrOnly));
  router.post(
    '/ksa-einvoice/api/v1/compliance',
    forward('POST', '/compliance/invoices', () => ({}), asIs),
  );
  router.post(
    '/ksa-einvoice/api/v1/clearance',
    forward('POST', '/invoices/clearance/single', () => ({ 'clearance-status': '1' }), asIs),
  );
  router.post(
    '/ksa-einvoice/api/v1/reporting',
    forward('POST', '/invoices/reporting/single', () => ({ 'clearance-status': '0' }), asIs),
  );

  router.get('/ksa-einvoice/api/v1/status/:uuid', (req: Request<{ uuid: string }>, res) => {
    if (!apiKeyOk(req, res, deps)) return;
    if (!deps.isProductionCsid(req.header('x-csid') ?? '')) {
      res.status(401).json({
        status_cd: '0',
        error: { code: 'GSP-401', message: 'X-CSID is not a valid production CSID' },
      });
      return;
    }
    const record = deps.findInvoice(req.params.uuid);
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
    if (!apiKeyOk(req, res, deps)) return;
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

function apiKeyOk(req: Request, res: Response, deps: GspFacadeDependencies): boolean {
  if (req.header('x-api-key') === deps.apiKey) return true;
  res
    .status(401)
    .json({ status_cd: '0', error: { code: 'GSP-401', message: 'Invalid or missing x-api-key' } });
  return false;
}
