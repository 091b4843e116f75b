/**
 * Simulated ZATCA Fatoora API (V2) on its own port: OTP-gated CSID onboarding with a sandbox CA,
 * compliance checks, production CSIDs and their renewal, clearance and reporting with ZATCA-like
 * validationResults. What it verifies on invoices is in invoice-checks.ts.
 */
import { randomBytes, randomInt, X509Certificate } from 'node:crypto';
import type { Request, Response } from 'express';
import { readEgsCsr, type EgsCsrContent } from './egs-csr';
import type { InvoiceResponse, ValidationMessage } from './fatoora-answers';
import { TEMPLATE_NAME_BY_ENVIRONMENT, type ZatcaEnvironment } from './zatca-environments';
import {
  createSandboxService,
  SandboxClock,
  startHttpService,
  type FaultRule,
  type RateLimitOptions,
} from '../framework';
import { ChainLedger } from './chain-ledger';
import type { CsidRecord, InvoiceRecord, ZatcaSimulatorRecords } from './simulator-records';
import { mountGspKsaFacade } from './gsp-ksa-facade';
import { checkInvoice, type ZatcaEndpoint } from './invoice-checks';
import { SandboxCertificateAuthority } from './sandbox-ca';
import { ZatcaSimulatorState } from './simulator-state';

export type { CsidRecord, InvoiceRecord, ZatcaSimulatorRecords } from './simulator-records';

export interface ZatcaSimulatorOptions {
  port?: number;
  clock?: SandboxClock;
  /** The OTP the taxpayer "got from the Fatoora portal"; default 123345 as in ZATCA's developer portal. */
  otp?: string;
  /** Which certificate template name CSRs must carry; default developer-portal. */
  environment?: ZatcaEnvironment;
  rateLimit?: RateLimitOptions;
  faults?: FaultRule[];
  /** API key of the GSP facade under `/ksa-einvoice`; default `sandbox-gsp-key`. */
  gspApiKey?: string;
  /** The GSP account's e-mail: when set, the facade demands it as `email` on every call (seed 001). */
  gspAccountEmail?: string;
  /** Keeps the CA, CSIDs, chains and answered invoices here across restarts; in memory only when absent. */
  stateDir?: string;
}

export interface ZatcaSimulator {
  url: string;
  otp: string;
  gspApiKey: string;
  records: ZatcaSimulatorRecords;
  clock: SandboxClock;
  /** The sandbox CA certificate, PEM and base64 DER, for clients that verify CSIDs. */
  caCertificatePem: string;
  caCertificateBase64: string;
  /**
   * Revokes a CSID, as the taxpayer can on the Fatoora portal: from now on clearance, reporting and
   * renewal with it answer HTTP 401, and the EGS unit has to be onboarded again with a new OTP.
   */
  revokeCsid(requestId: string): void;
  stop(): Promise<void>;
}

const SIMPLIFIED_AND_STANDARD_TYPES = ['388', '381', '383'];

export async function startZatcaSimulator(options: ZatcaSimulatorOptions = {}): Promise<ZatcaSimulator> {
  const clock = options.clock ?? new SandboxClock();
  const otp = options.otp ?? '123345';
  const templateName = TEMPLATE_NAME_BY_ENVIRONMENT[options.environment ?? 'developer-portal'];
  const state = options.stateDir ? new ZatcaSimulatorState(options.stateDir) : undefined;
  const ca = state?.certificateAuthority(clock.now()) ?? new SandboxCertificateAuthority(clock.now());
  const ledger = new ChainLedger(state?.ledgerLog());
  const kept = state?.invoices() ?? [];
  const records: ZatcaSimulatorRecords = {
    csids: state?.csids() ?? [],
    invoices: kept.map(({ record }) => record),
  };
  const csidsByToken = new Map(records.csids.map((record) => [record.binarySecurityToken, record]));
  const acceptedByUuid = new Map<string, { record: InvoiceRecord; body: InvoiceResponse }>(
    kept.flatMap(({ record, accepted }) => (accepted ? [[record.uuid, { record, body: accepted }]] : [])),
  );

  const service = createSandboxService({
    name: 'zatca',
    clock,
    rateLimit: options.rateLimit ?? { limit: 0, windowMs: 60_000 },
    faults: options.faults,
    rateLimitKey: (req) => req.header('authorization') ?? req.header('otp'),
    records: () => ({
      csids: records.csids.map(({ secret: _secret, csr: _csr, certificate, passedChecks, ...rest }) => ({
        ...rest,
        serialNumber: certificate.serialNumberHex,
        passedChecks: [...passedChecks],
      })),
      invoices: records.invoices.map(({ xml: _xml, ...rest }) => rest),
    }),
  });

  const issue = (kind: CsidRecord['kind'], csr: EgsCsrContent, renewedFrom?: string): CsidRecord => {
    const certificate = ca.issue(csr, clock.now(), kind === 'compliance' ? 30 : 365);
    const record: CsidRecord = {
      kind,
      requestId: String(randomInt(1_000_000_000, 9_999_999_999)),
      binarySecurityToken: Buffer.from(certificate.base64, 'utf8').toString('base64'),
      secret: randomBytes(32).toString('base64'),
      certificate,
      csr,
      passedChecks: new Set(),
      issuedAt: clock.now().toISOString(),
      renewedFrom,
    };
    records.csids.push(record);
    csidsByToken.set(record.binarySecurityToken, record);
    state?.saveCsid(record);
    return record;
  };

  const authenticate = (req: Request, res: Response, kind: CsidRecord['kind']): CsidRecord | undefined => {
    const header = req.header('authorization') ?? '';
    const decoded = header.startsWith('Basic ')
      ? Buffer.from(header.slice(6), 'base64').toString('utf8')
      : '';
    const colon = decoded.indexOf(':');
    const record = colon > 0 ? csidsByToken.get(decoded.slice(0, colon)) : undefined;
    const valid =
      record &&
      record.secret === decoded.slice(colon + 1) &&
      record.kind === kind &&
      !record.revokedAt &&
      record.certificate.x509.validTo &&
      new Date(record.certificate.x509.validTo) > clock.now();
    if (!valid) {
      res.status(401).json({
        code: 'Unauthorized',
        message: `A valid ${kind} CSID (Basic binarySecurityToken:secret) is required`,
      });
      return undefined;
    }
    return record;
  };

  const requireVersion = (req: Request, res: Response): boolean => {
    if (req.header('accept-version') === 'V2') return true;
    res.status(400).json({ code: 'Invalid-Version', message: 'Accept-Version header must be V2' });
    return false;
  };

  const readCsr = (req: Request, res: Response): EgsCsrContent | undefined => {
    const csr = (req.body as { csr?: unknown } | undefined)?.csr;
    let content: EgsCsrContent | undefined;
    try {
      content = typeof csr === 'string' ? readEgsCsr(csr) : undefined;
    } catch {
      content = undefined;
    }
    const problem = !content
      ? 'csr must be the base64 of a PEM PKCS#10 request'
      : !content.signatureValid
        ? 'the CSR signature does not verify'
        : content.namedCurve !== 'secp256k1'
          ? 'the CSR key must be on secp256k1'
          : content.templateName !== templateName
            ? `the certificate template name must be ${templateName}`
            : !content.egs.vatNumber || !/^3\d{13}3$/.test(content.egs.vatNumber)
              ? 'the CSR must carry the VAT number (UID) of the taxpayer'
              : undefined;
    if (problem) {
      res.status(400).json({ errors: [{ code: 'Invalid-CSR', message: problem }] });
      return undefined;
    }
    return content;
  };

  const checkOtp = (req: Request, res: Response): boolean => {
    const given = req.header('otp');
    if (given === otp) return true;
    res.status(400).json({
      errors: [
        {
          code: given ? 'Invalid-OTP' : 'Missing-OTP',
          message: given ? 'The OTP is not valid' : 'OTP header is required',
        },
      ],
    });
    return false;
  };

  const grant = (res: Response, record: CsidRecord) =>
    res.status(200).json({
      requestID: Number(record.requestId),
      dispositionMessage: 'ISSUED',
      binarySecurityToken: record.binarySecurityToken,
      secret: record.secret,
      errors: null,
    });

  service.routes.post('/compliance', (req, res) => {
    if (!requireVersion(req, res) || !checkOtp(req, res)) return;
    const csr = readCsr(req, res);
    if (csr) grant(res, issue('compliance', csr));
  });

  service.routes.post('/production/csids', (req, res) => {
    if (!requireVersion(req, res)) return;
    const compliance = authenticate(req, res, 'compliance');
    if (!compliance) return;
    const given = (req.body as { compliance_request_id?: unknown } | undefined)?.compliance_request_id;
    const requestId = typeof given === 'string' || typeof given === 'number' ? String(given) : '';
    if (requestId !== compliance.requestId) {
      res.status(400).json({
        errors: [
          {
            code: 'Invalid-Request-ID',
            message: 'compliance_request_id does not belong to this compliance CSID',
          },
        ],
      });
      return;
    }
    const missing = requiredChecks(compliance.csr.egs.invoiceType).filter(
      (check) => !compliance.passedChecks.has(check),
    );
    if (missing.length > 0) {
      res.status(400).json({
        errors: [
          {
            code: 'Missing-Compliance-Steps',
            message: `Compliance checks not passed yet: ${missing.join(', ')}`,
          },
        ],
      });
      return;
    }
    grant(res, issue('production', compliance.csr));
  });

  service.routes.patch('/production/csids', (req, res) => {
    if (!requireVersion(req, res)) return;
    const current = authenticate(req, res, 'production');
    if (!current || !checkOtp(req, res)) return;
    const csr = readCsr(req, res);
    if (!csr) return;
    if (csr.egs.vatNumber !== current.csr.egs.vatNumber) {
      res
        .status(400)
        .json({ errors: [{ code: 'Invalid-CSR', message: 'a renewal CSR must be for the same taxpayer' }] });
      return;
    }
    grant(res, issue('production', csr, current.requestId));
  });

  const invoiceRoute = (endpoint: ZatcaEndpoint) => (req: Request, res: Response) => {
    if (!requireVersion(req, res)) return;
    const caller = authenticate(req, res, endpoint === 'compliance' ? 'compliance' : 'production');
    if (!caller) return;
    if (
      endpoint !== 'compliance' &&
      req.header('clearance-status') !== (endpoint === 'clearance' ? '1' : '0')
    ) {
      res.status(400).json({
        code: 'Invalid-Clearance-Status',
        message: `Clearance-Status header must be ${endpoint === 'clearance' ? '1' : '0'}`,
      });
      return;
    }
    const body = (req.body ?? {}) as { invoiceHash?: unknown; uuid?: unknown; invoice?: unknown };
    const previous =
      endpoint !== 'compliance' && typeof body.uuid === 'string' ? acceptedByUuid.get(body.uuid) : undefined;
    if (previous && previous.record.hash === body.invoiceHash) {
      const already = message(
        'INFO',
        'Invoice-Already-Submitted',
        'DUPLICATE',
        `Invoice ${previous.record.uuid} was already ${previous.record.status.toLowerCase()}`,
      );
      res
        .status(409)
        .json({ ...previous.body, validationResults: { ...emptyResults('PASS'), infoMessages: [already] } });
      return;
    }
    const result = checkInvoice({
      endpoint,
      body,
      callerCertificateBase64: caller.certificate.base64,
      ca,
      ledger,
    });
    if (previous) {
      result.errors.push(
        message(
          'ERROR',
          'duplicate-uuid',
          'DUPLICATE',
          `Invoice UUID ${previous.record.uuid} was already ${previous.record.status.toLowerCase()} with different content`,
        ),
      );
    }
    const kind = result.facts?.kind;
    const ok = result.errors.length === 0;
    const isStandard = endpoint === 'clearance' || (endpoint === 'compliance' && kind === 'standard');
    const status = isStandard ? (ok ? 'CLEARED' : 'NOT_CLEARED') : ok ? 'REPORTED' : 'NOT_REPORTED';
    const validationResults = {
      infoMessages: ok
        ? [
            message(
              'INFO',
              'XSD_ZERO',
              'XSD validation',
              'Complied with UBL 2.1 standards in line with ZATCA specifications',
            ),
          ]
        : [],
      warningMessages: result.warnings,
      errorMessages: result.errors,
      status: ok ? (result.warnings.length > 0 ? 'WARNING' : 'PASS') : 'ERROR',
    };
    const response: InvoiceResponse = isStandard
      ? {
          validationResults,
          clearanceStatus: status,
          clearedInvoice:
            ok && result.xml !== undefined ? Buffer.from(result.xml, 'utf8').toString('base64') : null,
        }
      : { validationResults, reportingStatus: status };
    const httpStatus = !ok ? 400 : result.warnings.length > 0 ? 202 : 200;
    const record: InvoiceRecord = {
      endpoint,
      uuid: typeof body.uuid === 'string' ? body.uuid : '',
      hash: result.hash,
      icv: result.facts?.icv,
      status,
      httpStatus,
      errors: result.errors,
      warnings: result.warnings,
      xml: result.xml,
      at: clock.now().toISOString(),
    };
    records.invoices.push(record);
    const chainBroken = result.errors.some(
      (error) =>
        error.category === 'INVOICE_CHAIN_ERRORS' ||
        error.code === 'invalid-invoice-uuid' ||
        error.code === 'duplicate-uuid',
    );
    if (result.authentic && !chainBroken && result.facts?.icv && result.hash && result.facts.uuid) {
      ledger
        .chainOf(
          endpoint === 'compliance' ? 'compliance' : 'production',
          new X509Certificate(caller.certificate.der),
        )
        .set(Number(result.facts.icv), { uuid: result.facts.uuid, hash: result.hash, pih: result.facts.pih });
    }
    if (ok && endpoint === 'compliance' && kind && result.facts?.typeCode) {
      caller.passedChecks.add(`${kind}:${result.facts.typeCode}`);
      state?.saveCsid(caller);
    }
    if (ok && endpoint !== 'compliance') acceptedByUuid.set(record.uuid, { record, body: response });
    state?.saveInvoice(record, ok && endpoint !== 'compliance' ? response : undefined);
    res.status(httpStatus).json(response);
  };

  service.routes.post('/compliance/invoices', invoiceRoute('compliance'));
  service.routes.post('/invoices/clearance/single', invoiceRoute('clearance'));
  service.routes.post('/invoices/reporting/single', invoiceRoute('reporting'));
  service.routes.get('/ca-certificate', (_req, res) => {
    res.type('application/x-pem-file').send(ca.pem);
  });

  const gspApiKey = options.gspApiKey ?? 'sandbox-gsp-key';
  let selfUrl = '';
  mountGspKsaFacade(service.routes, {
    apiKey: gspApiKey,
    accountEmail: options.gspAccountEmail,
    selfUrl: () => selfUrl,
    findInvoice: (uuid) => {
      const matching = records.invoices.filter(
        (invoice) => invoice.uuid === uuid && invoice.endpoint !== 'compliance',
      );
      return acceptedByUuid.get(uuid)?.record ?? matching[matching.length - 1];
    },
    isProductionCsid: (xCsid) => {
      const decoded = Buffer.from(xCsid, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      const record = colon > 0 ? csidsByToken.get(decoded.slice(0, colon)) : undefined;
      return record?.kind === 'production' && !record.revokedAt && record.secret === decoded.slice(colon + 1);
    },
  });

  const running = await startHttpService(service.app, { port: options.port });
  selfUrl = running.url;
  return {
    url: running.url,
    otp,
    gspApiKey,
    records,
    clock,
    caCertificatePem: ca.pem,
    caCertificateBase64: ca.certificate.base64,
    revokeCsid: (requestId) => {
      const record = records.csids.find((csid) => csid.requestId === requestId);
      if (!record) throw new Error(`no CSID with request id ${requestId}`);
      record.revokedAt = clock.now().toISOString();
      state?.saveCsid(record);
    },
    stop: async () => {
      await running.close();
      await state?.flush();
    },
  };
}

/** Compliance checks ZATCA requires before a production CSID, by the CSR's invoice-type flags. */
export function requiredChecks(invoiceType: string | undefined): string[] {
  const flags = invoiceType ?? '';
  const kinds = [
    flags.charAt(0) === '1' ? 'standard' : undefined,
    flags.charAt(1) === '1' ? 'simplified' : undefined,
  ].filter((kind) => kind !== undefined);
  return kinds.flatMap((kind) => SIMPLIFIED_AND_STANDARD_TYPES.map((type) => `${kind}:${type}`));
}

function message(type: string, code: string, category: string, text: string): ValidationMessage {
  return { type, code, category, message: text, status: type === 'ERROR' ? 'ERROR' : 'PASS' };
}

function emptyResults(status: string) {
  return { infoMessages: [], warningMessages: [], errorMessages: [], status };
}
