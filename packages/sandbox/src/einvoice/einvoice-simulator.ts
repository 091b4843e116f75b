/**
 * The simulated IRP behind two API catalogs, each on its own port and sharing one register (a document
 * registered through one is a duplicate through the other, as with two GSPs in front of one IRP).
 */
import type { Router } from 'express';
import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { startHttpService } from '../framework/http-service';
import { latencyFor } from '../framework/latency';
import { createSandboxService, type SandboxService } from '../framework/sandbox-service';
import type { SandboxCommonOptions, SimulatorFactory } from '../framework/simulator';
import { SandboxStateStore } from '../framework/state-store';
import { DEFAULT_EINVOICE_ACCOUNTS, type SandboxEinvoiceAccount } from './accounts';
import { apiV1RateLimitKey, mountApiV1Routes, type CatalogBWire } from './api-v1-routes';
import { mountEwaybillApiRoutes } from '../ewaybill/ewaybill-api-routes';
import { mountEwaybillGspRoutes } from '../ewaybill/ewaybill-gsp-routes';
import { EwayBillStore } from '../ewaybill/ewaybill-store';
import { EwayBillSystem } from '../ewaybill/ewaybill-system';
import { gspRateLimitKey, mountGspRoutes, type GspSubject } from './gsp-routes';
import type { IrpGenerateRequest, IrpRegistration, IrpRejectionRecord } from './irp-registry';
import { IrpService } from './irp-service';
import { NicSigner } from './nic-signer';
import { SessionTokens } from './session-tokens';
import { TaxpayerMaster } from './taxpayer-master';

export const EINVOICE_SERVICES = { gsp: 'einvoiceGsp', api: 'einvoiceApi' } as const;

export interface EinvoiceSimulatorOptions {
  accounts?: SandboxEinvoiceAccount[];
  /** GSTINs the taxpayer register reports as cancelled (3029). */
  inactiveGstins?: string[];
  /** GSTINs registered at the GST common portal but not in the IRP's master: 3028 until synced. */
  unsyncedGstins?: string[];
  /** GSTINs active at the GST common portal that the IRP's master still has as cancelled: 3029 until synced. */
  staleInactiveGstins?: string[];
  /** Catalog A token lifetime; NIC gives 360 min (60 in its sandbox). */
  gspTokenTtlMs?: number;
  /** Catalog B token lifetime; 1 h. */
  apiTokenTtlMs?: number;
  /** How catalog B speaks (see CatalogBWire); default `nic`. */
  catalogBWire?: CatalogBWire;
  /** Reuse a signing key across restarts (PEM); a fresh one is made otherwise. */
  signingKeyPem?: string;
}

export interface EinvoiceSandboxOptions extends SandboxCommonOptions {
  einvoice?: EinvoiceSimulatorOptions;
}

export interface EinvoiceSimulatorHandle {
  irp: IrpService;
  /** The e-way bill system behind both catalogs' e-way bill routes and the IRP's by-IRN bills. */
  ewaybill: EwayBillSystem;
  /** Every IRN ever registered, in order. */
  registrations(): IrpRegistration[];
  /** Every generate request refused, in order, with NIC's codes. */
  rejections(): IrpRejectionRecord[];
  /** Every document a generate request brought (bulk rows one each), in order, and how it was answered. */
  generateRequests(): IrpGenerateRequest[];
  /** Every GSTIN a SYNC_GSTIN_FROMCP asked for, in order. */
  gstinSyncs(): string[];
  publicKeyPem: string;
  accounts: readonly SandboxEinvoiceAccount[];
  gsp: SandboxService;
  api: SandboxService;
  gspTokens: SessionTokens<GspSubject>;
  apiTokens: SessionTokens<SandboxEinvoiceAccount>;
}

export const einvoiceSimulator: SimulatorFactory<EinvoiceSimulatorHandle, EinvoiceSandboxOptions> = {
  name: 'einvoice',
  async start({ clock, options }) {
    const settings = options.einvoice ?? {};
    const accounts = settings.accounts ?? DEFAULT_EINVOICE_ACCOUNTS;
    const state = options.stateDir ? new SandboxStateStore(join(options.stateDir, 'einvoice')) : undefined;
    const signer = new NicSigner(settings.signingKeyPem ?? (state && keptSigningKey(state)));
    const taxpayers = new TaxpayerMaster(
      new Set(settings.inactiveGstins ?? []),
      settings.unsyncedGstins ?? [],
      settings.staleInactiveGstins ?? [],
    );
    const ewayBillStore = new EwayBillStore();
    const ewayBillState = options.stateDir
      ? new SandboxStateStore(join(options.stateDir, 'ewaybill'))
      : undefined;
    if (ewayBillState) ewayBillStore.persistTo(ewayBillState);
    const ewaybill = new EwayBillSystem(ewayBillStore, clock);
    const irp = new IrpService(clock, signer, taxpayers, ewaybill);
    if (state) irp.registry.persistTo(state);
    const gspTokens = new SessionTokens<GspSubject>(clock, settings.gspTokenTtlMs ?? 360 * 60_000);
    const apiTokenTtlMs = settings.apiTokenTtlMs ?? 3600_000;
    const apiTokens = new SessionTokens<SandboxEinvoiceAccount>(clock, apiTokenTtlMs);
    const records = () => ({
      registrations: irp.registry.all(),
      generateRequests: irp.registry.generateRequests(),
      ewayBills: ewayBillStore.all(),
    });
    const common = (name: string) => ({
      name,
      clock,
      rateLimit: options.rateLimit,
      faultTimeoutMs: options.faultTimeoutMs,
      faultRetryAfterSeconds: options.faultRetryAfterSeconds,
      faults: options.faults?.[name],
      latency: latencyFor(options.latency, name),
      records,
    });
    const gsp = createSandboxService({ ...common(EINVOICE_SERVICES.gsp), rateLimitKey: gspRateLimitKey });
    const api = createSandboxService({
      ...common(EINVOICE_SERVICES.api),
      rateLimitKey: apiV1RateLimitKey(apiTokens),
    });
    for (const service of [gsp, api]) publishPublicKey(service.routes, signer.publicKeyPem);
    mountGspRoutes(gsp.routes, irp, accounts, gspTokens);
    mountEwaybillGspRoutes(gsp.routes, ewaybill, accounts, clock, settings.gspTokenTtlMs ?? 360 * 60_000);
    mountApiV1Routes(
      api.routes,
      irp,
      accounts,
      apiTokens,
      Math.round(apiTokenTtlMs / 1000),
      settings.catalogBWire,
    );
    mountEwaybillApiRoutes(api.routes, ewaybill, apiTokens, settings.catalogBWire);

    const host = options.host;
    const gspServer = await startHttpService(gsp.app, { host, port: options.ports?.[EINVOICE_SERVICES.gsp] });
    const apiServer = await startHttpService(api.app, { host, port: options.ports?.[EINVOICE_SERVICES.api] });
    return {
      name: 'einvoice',
      urls: { [EINVOICE_SERVICES.gsp]: gspServer.url, [EINVOICE_SERVICES.api]: apiServer.url },
      handle: {
        irp,
        ewaybill,
        registrations: () => irp.registry.all(),
        rejections: () => irp.registry.rejections(),
        generateRequests: () => irp.registry.generateRequests(),
        gstinSyncs: () => irp.gstinSyncs(),
        publicKeyPem: signer.publicKeyPem,
        accounts,
        gsp,
        api,
        gspTokens,
        apiTokens,
      },
      records,
      stop: async () => {
        await Promise.all([gspServer.close(), apiServer.close()]);
        await Promise.all([state?.flush(), ewayBillState?.flush()]);
      },
    };
  },
};

/** The IRP's signing key, made once and kept, so what it signed before a restart still verifies. */
function keptSigningKey(state: SandboxStateStore): string {
  const kept = state.readJson<{ privateKeyPem: string }>('signing-key');
  if (kept) return kept.privateKeyPem;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  state.writeJson('signing-key', { privateKeyPem });
  return privateKeyPem;
}

function publishPublicKey(router: Router, pem: string): void {
  router.get('/__sandbox/einvoice/public-key', (_req, res) => {
    res.type('application/x-pem-file').send(pem);
  });
}
