/**
 * E-way bill, catalog A (the GSP's `/ewaybillapi/v1.03`, same family as its e-invoice gateway): the
 * table's eight operations. Authenticate with `?email=&username=&password=` and the client credentials
 * and GSTIN in headers (answer data {status, authtoken, sek}); every call then carries `auth-token` and
 * the account's `email`. Envelope {status_cd, status_desc, data} with errors as a JSON string of
 * [{ErrorCode, ErrorMessage}]; the e-way bill system's token codes renew the token once, its "try later"
 * codes and the GSP's outage markers are transient. No token lifetime is stated: the documented 1 hour.
 * The session is the gateway's, shared with the e-invoice client (http/gsp-session.ts); this file holds
 * the e-way bill API's paths, codes and answers.
 */
import type { Method } from 'axios';
import { classifyCatalogAErrors, catalogATokenExpiry } from '../../compliance';
import { parseStatusDesc } from '../../compliance';
import {
  describeGspErrors,
  GspSession,
  type GspEnvelope,
  type GspErrorEntry,
  type GspErrorKind,
  type GspProfile,
  type GspSessionDeps,
} from '../../compliance';
import type { TokenManager } from '../../compliance/http';
import { ComplianceError } from '../../compliance';
import {
  EWAYBILL_AUTH_CODES,
  EWAYBILL_NOT_FOUND_CODES,
  EWAYBILL_TRANSIENT_CODES,
  toConsolidated,
  toGenerated,
  toUpdated,
} from './ewaybill-answers';
import type { EwaybillProviderConfig } from './ewaybill-config';
import type {
  ConsolidateRequest,
  ConsolidatedEwaybill,
  EwaybillCancelRequest,
  EwaybillGenerated,
  EwaybillGenerateRequest,
  EwaybillProvider,
  EwaybillUpdated,
  ExtendValidityRequest,
  PartBUpdateRequest,
  TransporterUpdateRequest,
} from './ewaybill-types';

const PROVIDER = 'gsp-ewaybill';
const BASE = '/ewaybillapi/v1.03';

/** Every operation of the e-way bill catalog A table, relative to the base URL. */
export const EWAYBILL_CATALOG_A_OPERATIONS = {
  authenticate: { method: 'GET', path: `${BASE}/authenticate` },
  genewaybill: { method: 'POST', path: `${BASE}/ewayapi/genewaybill` },
  vehewb: { method: 'POST', path: `${BASE}/ewayapi/vehewb` },
  extendvalidity: { method: 'POST', path: `${BASE}/ewayapi/extendvalidity` },
  canewb: { method: 'POST', path: `${BASE}/ewayapi/canewb` },
  gencewb: { method: 'POST', path: `${BASE}/ewayapi/gencewb` },
  updatetransporter: { method: 'POST', path: `${BASE}/ewayapi/updatetransporter` },
  getewaybill: { method: 'GET', path: `${BASE}/ewayapi/getewaybill` },
  // Not in the catalog's table; NIC's e-way bill API names it (reference irp_ewb_api_envelopes_and_samples).
  getewaybillgeneratedbyconsigner: {
    method: 'GET',
    path: `${BASE}/ewayapi/GetEwayBillGeneratedByConsigner`,
  },
} as const satisfies Record<string, { method: Method; path: string }>;

type Operation = Exclude<keyof typeof EWAYBILL_CATALOG_A_OPERATIONS, 'authenticate'>;
type Envelope = GspEnvelope;

/** The e-way bill API behind the GSP gateway: its paths, its own codes over the gateway's, its refusals. */
const EWAYBILL_GSP_PROFILE: GspProfile = {
  provider: PROVIDER,
  label: 'e-way bill',
  authenticate: { ...EWAYBILL_CATALOG_A_OPERATIONS.authenticate, userIn: 'query' },
  parseErrors: parseStatusDesc,
  classify: kindOf,
  tokenExpiry: catalogATokenExpiry,
  rejection: (operation, errors, envelope) =>
    new ComplianceError('rejected', `${operation}: ${describeGspErrors(errors)}`, {
      code: errors.map((e) => e.code).join(',') || undefined,
      response: envelope,
    }),
};

export class CatalogAEwaybillClient implements EwaybillProvider {
  readonly catalog = 'A' as const;
  readonly tokens: TokenManager;
  private readonly session: GspSession;

  constructor(config: EwaybillProviderConfig, deps: GspSessionDeps = {}) {
    this.session = new GspSession(config, EWAYBILL_GSP_PROFILE, deps);
    this.tokens = this.session.tokens;
  }

  async generate(request: EwaybillGenerateRequest): Promise<EwaybillGenerated> {
    const envelope = await this.call('genewaybill', request, false);
    return toGenerated(envelope.data, envelope);
  }

  async updatePartB(request: PartBUpdateRequest): Promise<EwaybillUpdated> {
    const envelope = await this.call('vehewb', request, false);
    return toUpdated(envelope.data, envelope);
  }

  async extendValidity(request: ExtendValidityRequest): Promise<EwaybillUpdated> {
    const envelope = await this.call('extendvalidity', request, false);
    return toUpdated(envelope.data, envelope);
  }

  async cancel(request: EwaybillCancelRequest): Promise<EwaybillUpdated> {
    const envelope = await this.call('canewb', request, false);
    return toUpdated(envelope.data, envelope);
  }

  async consolidate(request: ConsolidateRequest): Promise<ConsolidatedEwaybill> {
    const envelope = await this.call('gencewb', request, false);
    return toConsolidated(envelope.data, envelope);
  }

  async updateTransporter(request: TransporterUpdateRequest): Promise<EwaybillUpdated> {
    const envelope = await this.call('updatetransporter', request, false);
    return toUpdated(envelope.data, envelope);
  }

  async getEwaybill(ewbNo: string): Promise<Record<string, unknown>> {
    const envelope = await this.call('getewaybill', undefined, true, { ewbNo });
    return (envelope.data ?? {}) as Record<string, unknown>;
  }

  /**
   * The e-way bill the consignor generated for a document (NIC's GetEwayBillGeneratedByConsigner with
   * `docType` and `docNo`); undefined when there is none. How an unknown outcome and a duplicate (604) are resolved.
   */
  async getEwaybillByDocument(docType: string, docNo: string): Promise<Record<string, unknown> | undefined> {
    try {
      const envelope = await this.call('getewaybillgeneratedbyconsigner', undefined, true, {
        docType,
        docNo,
      });
      const data = (envelope.data ?? undefined) as Record<string, unknown> | undefined;
      return data && Object.keys(data).length > 0 ? data : undefined;
    } catch (error) {
      if (error instanceof ComplianceError && error.errorClass === 'rejected' && isNotFound(error))
        return undefined;
      throw error;
    }
  }

  private call(
    operation: Operation,
    data: unknown,
    idempotent: boolean,
    params: Record<string, string> = {},
  ): Promise<Envelope> {
    const { method, path } = EWAYBILL_CATALOG_A_OPERATIONS[operation];
    return this.session.call({ operation, method, path, params, data, idempotent });
  }
}

/** A read the e-way bill system answered with "not found". */
function isNotFound(error: ComplianceError): boolean {
  return (error.options.code ?? '').split(',').some((code) => EWAYBILL_NOT_FOUND_CODES.has(code));
}

/** The e-invoice GSP map (1005, outage markers, "Invalid token") plus the e-way bill system's codes. */
function kindOf(errors: GspErrorEntry[], statusDesc: unknown): GspErrorKind {
  if (errors.some((e) => EWAYBILL_AUTH_CODES.has(e.code))) return 'auth';
  if (errors.some((e) => EWAYBILL_TRANSIENT_CODES.has(e.code))) return 'transient';
  return classifyCatalogAErrors(errors, statusDesc);
}
