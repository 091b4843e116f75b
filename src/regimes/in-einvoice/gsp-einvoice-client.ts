/**
 * Catalog A: the GSP gateway (`/einvoice/authenticate`, `/einvoice/type/{OP}/version/V1_03?email=`),
 * credentials and the auth token in headers, envelope {status_cd, status_desc, data}; errors are a JSON
 * string of [{ErrorCode, ErrorMessage}] in status_desc. Paths, the error map and token rules are the
 * profile's (catalog-a-profile.ts): every way the GSP says "token expired" (HTTP 401/403, 1005, "Invalid
 * token") re-authenticates once; its outage markers and the IRP's "try later" codes are transient. The
 * session (authenticate, headers, re-authentication, envelope errors) is the gateway's, shared with the
 * e-way bill client (http/gsp-session.ts).
 */
import { GspSession, type GspEnvelope, type GspProfile } from '../../compliance';
import type { TokenManager } from '../../compliance/http';
import type { EinvoiceProviderConfig, EinvoiceProviderDeps } from '../../compliance';
import {
  toEwaybillOfIrn,
  toEwaybillResult,
  type EwaybillByIrnRequest,
  type EwaybillByIrnResult,
  type EwaybillOfIrn,
  type NicEwaybillDetails,
} from './ewaybill-by-irn';
import { toGstinDetails } from './gstin-details';
import { readIrnCallback, type IrnCallback } from './irn-callback';
import { toIrnResult, type NicIrnDetails } from './irn-details';
import { IrpSignatures } from './irp-signatures';
import { readInfoDtls } from '../../compliance';
import { IrpRejection, parseStatusDesc } from '../../compliance';
import {
  CATALOG_A_OPERATIONS,
  catalogATokenExpiry,
  classifyCatalogAErrors,
  type CatalogAOperationName,
} from '../../compliance';
import type {
  CancelIrnRequest,
  CancelIrnResult,
  EinvoiceProvider,
  GstinDetails,
  IrnResult,
  NicInvoicePayload,
} from './provider';
import { toRejectedDocuments, type RejectedDocument } from './rejected-documents';
import { toSignedQr, type B2cQrData, type B2cQrRequest, type SignedQr } from './signed-qr';

const PROVIDER = 'gsp-einvoice';

/** The e-invoice API behind the GSP gateway: its paths, the IRP's error map, its refusals. */
const EINVOICE_GSP_PROFILE: GspProfile = {
  provider: PROVIDER,
  label: 'GSP',
  authenticate: { ...CATALOG_A_OPERATIONS.authenticate, userIn: 'headers' },
  parseErrors: parseStatusDesc,
  classify: classifyCatalogAErrors,
  tokenExpiry: catalogATokenExpiry,
  rejection: (_operation, errors, envelope) => new IrpRejection(errors, readInfoDtls(envelope), envelope),
};

interface GspCall {
  operation: CatalogAOperationName;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  data?: unknown;
  idempotent: boolean;
}

export class GspEinvoiceClient implements EinvoiceProvider {
  readonly catalog = 'A' as const;
  readonly tokens: TokenManager;
  private readonly session: GspSession;
  private readonly signatures: IrpSignatures;

  constructor(
    private readonly config: EinvoiceProviderConfig,
    deps: EinvoiceProviderDeps = {},
  ) {
    this.session = new GspSession(config, EINVOICE_GSP_PROFILE, deps);
    this.tokens = this.session.tokens;
    this.signatures = new IrpSignatures(config.publicKeyPem, PROVIDER, deps.warn);
  }

  async generateIrn(payload: NicInvoicePayload): Promise<IrnResult> {
    const envelope = await this.call<NicIrnDetails>({
      operation: 'GENERATE',
      data: payload,
      idempotent: false,
    });
    return toIrnResult(envelope.data, readInfoDtls(envelope), envelope, this.signatures);
  }

  /** An IRN webhook callback, verified with this provider's IRP public key. */
  readIrnCallback(body: unknown): IrnCallback {
    return readIrnCallback(body, this.config.publicKeyPem ?? '');
  }

  async getIrnByDocDetails(docType: string, docNo: string, docDate: string): Promise<IrnResult | undefined> {
    try {
      const envelope = await this.call<NicIrnDetails>({
        operation: 'GETIRNBYDOCDETAILS',
        params: { param1: docType },
        headers: { docnum: docNo, docdate: docDate },
        idempotent: true,
      });
      return toIrnResult(envelope.data, readInfoDtls(envelope), envelope, this.signatures);
    } catch (error) {
      if (error instanceof IrpRejection && error.isNotFound()) {
        return undefined;
      }
      throw error;
    }
  }

  async getByIrn(irn: string): Promise<IrnResult> {
    const envelope = await this.call<NicIrnDetails>({
      operation: 'GETIRN',
      params: { param1: irn },
      idempotent: true,
    });
    return toIrnResult(envelope.data, readInfoDtls(envelope), envelope, this.signatures);
  }

  async cancelIrn(request: CancelIrnRequest): Promise<CancelIrnResult> {
    const envelope = await this.call<{ Irn?: string; CancelDate?: string }>({
      operation: 'CANCEL',
      data: { Irn: request.irn, CnlRsn: request.reasonCode, CnlRem: request.remark },
      idempotent: false,
    });
    return {
      irn: envelope.data?.Irn ?? request.irn,
      cancelDate: String(envelope.data?.CancelDate ?? ''),
      raw: envelope,
    };
  }

  async gstinDetails(gstin: string): Promise<GstinDetails> {
    const envelope = await this.call<Record<string, unknown>>({
      operation: 'GSTNDETAILS',
      params: { param1: gstin },
      idempotent: true,
    });
    return toGstinDetails(envelope.data, gstin, envelope);
  }

  /** The taxpayer as GSTN's common portal has it now (GSTNDETAILS may answer from the IRP's cache). */
  async syncGstinFromCp(gstin: string): Promise<GstinDetails> {
    const envelope = await this.call<Record<string, unknown>>({
      operation: 'SYNC_GSTIN_FROMCP',
      params: { param1: gstin },
      idempotent: true,
    });
    return toGstinDetails(envelope.data, gstin, envelope);
  }

  /**
   * E-way bill from an IRN. Not idempotent: after an unknown outcome a resend meets 4002 ("EwayBill is
   * already generated for this IRN"), which adopts the active e-way bill of the IRN instead of being
   * filed as a refusal.
   */
  async generateEwaybillByIrn(request: EwaybillByIrnRequest): Promise<EwaybillByIrnResult> {
    try {
      const envelope = await this.call<NicEwaybillDetails>({
        operation: 'GENERATE_EWAYBILL',
        data: request,
        idempotent: false,
      });
      return toEwaybillResult(envelope.data, readInfoDtls(envelope), envelope);
    } catch (error) {
      if (!(error instanceof IrpRejection) || !error.hasCode('4002')) throw error;
      const existing = await this.getEwaybillByIrn(request.Irn);
      if (existing.status === 'CNL') throw error;
      return {
        ewbNo: existing.ewbNo,
        ewbDate: existing.ewbDate,
        validUpto: existing.validUpto,
        info: [],
        raw: existing.raw,
        adopted: true,
      };
    }
  }

  async getEwaybillByIrn(irn: string): Promise<EwaybillOfIrn> {
    const envelope = await this.call<NicEwaybillDetails>({
      operation: 'GETEWAYBILLIRN',
      params: { param1: irn },
      idempotent: true,
    });
    return toEwaybillOfIrn(envelope.data, envelope);
  }

  /** Documents the IRP refused on `date` (dd/mm/yyyy, IST day). */
  async getRejectedIrns(date: string): Promise<RejectedDocument[]> {
    const envelope = await this.call<unknown>({
      operation: 'GETREJECTEDIRNS',
      params: { param1: date },
      idempotent: true,
    });
    return toRejectedDocuments(envelope.data);
  }

  /**
   * B2C dynamic QR (`GET /einvoice/qrcode`); signing only, so a retry cannot register anything twice. The
   * table shows no parameters: the request's fields go in the query under their own names (assumed).
   */
  async b2cQr(request: B2cQrRequest): Promise<SignedQr<B2cQrData>> {
    const params = Object.fromEntries(
      Object.entries(request)
        .filter(([, value]) => value !== undefined && value !== null)
        .map(([key, value]) => [key, String(value)]),
    );
    const envelope = await this.call<{ SignedQRCode?: unknown }>({
      operation: 'qrcode',
      params,
      idempotent: true,
    });
    return toSignedQr<B2cQrData>(envelope.data?.SignedQRCode, envelope, this.config.publicKeyPem);
  }

  private call<T>(call: GspCall): Promise<GspEnvelope<T>> {
    return this.session.call<T>({ ...call, ...CATALOG_A_OPERATIONS[call.operation] });
  }
}
