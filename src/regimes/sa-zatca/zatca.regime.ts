/**
 * The `sa-zatca` regime. `map` is pure: it validates the invoice by building its UBL with a placeholder
 * chain slot and returns the invoice itself (plus its UUID) as payload. The real ICV/PIH are taken in
 * `submit`, because a slot is consumed for good once an invoice is signed: taking it at map time would
 * burn counters for documents that never get sent and sign them in a different order than they are sent.
 *
 * Standard invoices are signed and cleared synchronously. Simplified invoices are signed locally and
 * handed back at once with their QR (the customer gets it at the till) in status SIGNED_PENDING_REPORTING;
 * `reportPendingInvoices` (run by a scheduled job) reports them within ZATCA's 24 hours. A retry, of
 * either kind, resends the STORED signed XML unchanged: re-signing would take a new ICV and fork the chain.
 */
import { type CanonicalInvoice, fieldError, type Outcome, type ComplianceIdentifiers } from '../../domain';
import {
  ComplianceError,
  type ComplianceRegime,
  type SubmitContext,
  type SubmitOutcome,
} from '../../compliance';
import {
  ZATCA_INITIAL_PIH,
  type ChainSlotOwner,
  type StoredSignedInvoice,
  type ZatcaChainStore,
} from './chain';
import type { InvoiceSubmission, ZatcaInvoiceResult, ZatcaProvider } from './fatoora.types';
import { computeInvoiceHash } from './invoice-hash';
import type { ZatcaSettings } from './zatca-settings';
import {
  reonboardInstruction,
  ZATCA_CSID_REFUSED,
  type EgsSigningCredentials,
  type EgsSigningCredentialsSource,
} from './onboarding.service';
import {
  zatcaInvoiceUuid,
  zatcaReissueUuid,
  type ZatcaXmlBuilder,
  type ZatcaXmlSigner,
} from './zatca-documents';
import { ZATCA_STATUS } from '../../ports';
import { chainSlotError } from './chain-slot-error';

export { ZATCA_STATUS };

export interface ZatcaPayload {
  invoice: CanonicalInvoice;
  uuid: string;
  egsUnitId: string;
}

export interface ZatcaRegimeDependencies {
  /** The process's provider (Fatoora at the configured environment's URL). */
  provider: ZatcaProvider;
  /**
   * The provider an instance's settings name (`provider: fatoora | gsp-ksa`, see zatca-providers.ts);
   * default: `provider` for every instance.
   */
  providerFor?: (settings: ZatcaSettings) => ZatcaProvider;
  /** The provider of the instance whose EGS unit this is (for the reporting job); default: `provider`. */
  providerForUnit?: (egsUnitId: string) => ZatcaProvider;
  chain: ZatcaChainStore;
  credentials: EgsSigningCredentialsSource;
  buildXml: ZatcaXmlBuilder;
  sign: ZatcaXmlSigner;
  now?: () => Date;
}

export class ZatcaRegime implements ComplianceRegime<ZatcaPayload, ZatcaSettings> {
  readonly name = 'sa-zatca' as const;
  private readonly now: () => Date;

  constructor(private readonly deps: ZatcaRegimeDependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  appliesTo(invoice: CanonicalInvoice): boolean {
    return invoice.country === 'SA';
  }

  map(
    invoice: CanonicalInvoice,
    settings: ZatcaSettings,
  ): Outcome<{ payload: ZatcaPayload; identifiers?: ComplianceIdentifiers }> {
    const egsUnitId = egsUnitOf(invoice, settings);
    if (!egsUnitId)
      return {
        ok: false,
        errors: [
          fieldError(
            'ksa.egsUnitId',
            'required',
            'the EGS unit issuing the invoice is required (invoice ksa.egsUnitId or regime setting egsUnitId)',
          ),
        ],
      };
    const uuid = invoice.ksa?.uuid ?? zatcaInvoiceUuid(invoice);
    const built = this.deps.buildXml(invoice, { icv: 1, pih: ZATCA_INITIAL_PIH, uuid });
    if (!built.ok) return built;
    return {
      ok: true,
      value: { payload: { invoice, uuid, egsUnitId }, identifiers: { zatcaUuid: uuid } },
      warnings: built.warnings,
    };
  }

  async submit(payload: ZatcaPayload, context: SubmitContext<ZatcaSettings>): Promise<SubmitOutcome> {
    // Read once for signing and sending (a read of the unit's row and an unsealing per invoice otherwise).
    const unitCredentials = await this.deps.credentials.signingCredentials(payload.egsUnitId);
    const signed = await this.signedFor(payload, context, unitCredentials);
    const credentials =
      signed.egsUnitId === payload.egsUnitId
        ? unitCredentials
        : await this.deps.credentials.signingCredentials(signed.egsUnitId);
    if (payload.invoice.ksa?.invoiceKind === 'simplified') {
      return {
        status: 'registered',
        identifiers: identifiersOf(signed, ZATCA_STATUS.pendingReporting),
        response: { reporting: 'pending' },
      };
    }
    const submission = submissionOf(signed);
    const provider = this.deps.providerFor?.(context.settings) ?? this.deps.provider;
    let result: ZatcaInvoiceResult;
    try {
      // The last send may have reached ZATCA: where the provider can say (a GSP's status), ask first.
      // Fatoora has no status call, so there the SAME signed XML (same UUID, ICV, hash; never re-signed
      // in a new chain slot) is sent again. The reference docs (XML implementation standard) do not say
      // what ZATCA answers to it; an HTTP 409/208 'already cleared/reported' is read as a duplicate and
      // adopted (zatca-responses.ts), anything else is classed as any other answer.
      const held =
        context.outcomeUnknown && provider.heldResult
          ? await provider.heldResult(credentials.csid, submission, 'clearance')
          : undefined;
      result = held ?? (await provider.clear(credentials.csid, submission));
      // 303: clearance is switched off for this taxpayer; ZATCA wants the invoice reported instead.
      if (result.outcome === 'report-instead') {
        const reported = await provider.report(credentials.csid, submission);
        const outcome = toSubmitOutcome(reported, signed, ZATCA_STATUS.reported);
        if (outcome.status === 'rejected')
          await this.deps.chain.markRejected(signed, { code: outcome.code, message: outcome.message });
        return outcome.status === 'registered'
          ? withWarning(outcome, {
              code: 'CLEARANCE_OFF',
              message:
                'ZATCA answered clearance with HTTP 303 (clearance switched off): the invoice was reported instead',
            })
          : outcome;
      }
    } catch (error) {
      throw await this.heldIfCsidRefused(error, signed, credentials, provider);
    }
    const outcome = await this.withClearedXml(
      toSubmitOutcome(result, signed, ZATCA_STATUS.cleared),
      result,
      context,
      credentials.csid,
      provider,
    );
    if (outcome.status === 'rejected')
      await this.deps.chain.markRejected(signed, { code: outcome.code, message: outcome.message });
    return outcome;
  }

  /**
   * HTTP 401 from ZATCA itself: the unit's CSID is no longer accepted. The unit is marked for
   * re-onboarding and the send waits for it. The invoice ZATCA never took keeps its slot, marked
   * refused, so that once the unit has its new certificate it is signed again exactly once, in the
   * next slot (its stored XML carries the old certificate and cannot be resent).
   */
  private async heldIfCsidRefused(
    error: unknown,
    signed: StoredSignedInvoice,
    credentials: EgsSigningCredentials,
    provider: ZatcaProvider,
  ): Promise<unknown> {
    if (!isCsidRefusal(error, provider)) return error;
    await this.deps.chain.markRejected(signed, {
      code: ZATCA_CSID_REFUSED,
      message: 'not sent: ZATCA refused the CSID (HTTP 401)',
    });
    await this.deps.credentials.csidRefused(signed.egsUnitId, credentials.certificateBase64);
    return new ComplianceError('auth', reonboardInstruction(signed.egsUnitId), {
      code: ZATCA_CSID_REFUSED,
      waitsForOperator: true,
      response: { refusedInvoice: { uuid: signed.uuid, icv: signed.icv } },
    });
  }

  /**
   * ZATCA answered 409/208 (already cleared) without the cleared XML: keep the one stored by an earlier
   * attempt, or fetch it where the provider can; failing both, registered with a warning, since the
   * buyer must get the cleared XML (the QR and stamp ZATCA added), not the one we sent.
   */
  private async withClearedXml(
    outcome: SubmitOutcome,
    result: ZatcaInvoiceResult,
    context: SubmitContext<ZatcaSettings>,
    csid: EgsSigningCredentials['csid'],
    provider: ZatcaProvider,
  ): Promise<SubmitOutcome> {
    if (outcome.status !== 'registered' || result.outcome !== 'duplicate') return outcome;
    if (outcome.identifiers.zatcaClearedXml) return outcome;
    const kept = context.previous.zatcaClearedXml;
    if (kept) return { ...outcome, identifiers: { ...outcome.identifiers, zatcaClearedXml: kept } };
    const uuid = outcome.identifiers.zatcaUuid;
    const fetched =
      provider.clearedInvoice && uuid
        ? await provider.clearedInvoice(csid, uuid).catch(() => undefined)
        : undefined;
    if (fetched) {
      return {
        ...outcome,
        identifiers: {
          ...outcome.identifiers,
          zatcaClearedXml: Buffer.from(fetched, 'base64').toString('utf8'),
        },
      };
    }
    return withWarning(outcome, {
      code: 'CLEARED_XML_MISSING',
      message: `ZATCA reports invoice ${uuid ?? ''} as already cleared (HTTP ${result.httpStatus}) but did not return the cleared XML and none was stored: get it from the Fatoora portal before sharing the invoice`,
    });
  }

  /**
   * The invoice already signed for this submission, or a new one signed in the next chain slot: the
   * first (generation 0), or the re-issue of a rejected one.
   */
  private async signedFor(
    payload: ZatcaPayload,
    context: SubmitContext<ZatcaSettings>,
    credentials: EgsSigningCredentials,
  ): Promise<StoredSignedInvoice> {
    const stored = await this.deps.chain.findSigned(context.submissionId);
    if (stored?.rejection) return this.reissued(stored, payload, context, credentials);
    if (stored) return stored;
    const previous = context.previous;
    if (previous.signedInvoice && previous.zatcaHash && previous.zatcaIcv !== undefined) {
      return {
        egsUnitId: payload.egsUnitId,
        submissionId: context.submissionId,
        uuid: previous.zatcaUuid ?? payload.uuid,
        signedXml: previous.signedInvoice,
        hash: previous.zatcaHash,
        icv: previous.zatcaIcv,
        pih: '',
        generation: 0,
      };
    }
    return this.signInNextSlot(payload, credentials, {
      submissionId: context.submissionId,
      uuid: payload.uuid,
    });
  }

  /**
   * The corrected document signed as a new invoice after `rejected`. Keyed by submission and generation,
   * so a rerun after a crash gets the re-issue the first run stored instead of signing another one.
   */
  private async reissued(
    rejected: StoredSignedInvoice,
    payload: ZatcaPayload,
    context: SubmitContext<ZatcaSettings>,
    credentials: EgsSigningCredentials,
  ): Promise<StoredSignedInvoice> {
    if (!this.correctedSince(rejected, payload.invoice, credentials)) {
      const rejection = rejected.rejection!;
      throw new ComplianceError(
        'rejected',
        `ZATCA rejected invoice ${rejected.uuid} (ICV ${rejected.icv}) and nothing was corrected since: ` +
          `fix the document (override the fields ZATCA names) and retry. ZATCA said: ${rejection.message}`,
        { code: rejection.code, response: { rejectedInvoice: { uuid: rejected.uuid, icv: rejected.icv } } },
      );
    }
    const generation = rejected.generation + 1;
    return this.signInNextSlot(payload, credentials, {
      submissionId: context.submissionId,
      uuid: zatcaReissueUuid(payload.uuid, generation),
      generation,
    });
  }

  /**
   * ZATCA's own test: a correction changes the invoice hash. The document built into the rejected
   * invoice's slot (same UUID, ICV, PIH) hashes the same unless its content changed; a renewed CSID
   * (a certificate the rejected invoice was not signed with) is a correction too.
   */
  private correctedSince(
    rejected: StoredSignedInvoice,
    invoice: CanonicalInvoice,
    credentials: EgsSigningCredentials,
  ): boolean {
    if (!rejected.signedXml.includes(credentials.certificateBase64)) return true;
    const rebuilt = this.deps.buildXml(invoice, {
      icv: rejected.icv,
      pih: rejected.pih,
      uuid: rejected.uuid,
    });
    // unmappable now: signing reports why
    if (!rebuilt.ok) return true;
    return computeInvoiceHash(rebuilt.value).hashBase64 !== rejected.hash;
  }

  private async signInNextSlot(
    payload: ZatcaPayload,
    credentials: EgsSigningCredentials,
    owner: ChainSlotOwner,
  ): Promise<StoredSignedInvoice> {
    try {
      return await this.deps.chain.withNextChainSlot(
        payload.egsUnitId,
        (icv, pih) => {
          const built = this.deps.buildXml(payload.invoice, { icv, pih, uuid: owner.uuid });
          if (!built.ok) {
            const detail = built.errors.map((error) => `${error.path}: ${error.message}`).join('; ');
            return Promise.reject(
              new ComplianceError('validation', `invoice no longer maps to ZATCA UBL: ${detail}`),
            );
          }
          const result = this.deps.sign(built.value, {
            privateKeyPem: credentials.privateKeyPem,
            certificateBase64: credentials.certificateBase64,
            signingTime: this.now(),
          });
          return Promise.resolve({ signedXml: result.signedXml, hash: result.invoiceHash });
        },
        owner,
      );
    } catch (error) {
      throw chainSlotError(error);
    }
  }
}

export interface PendingReport {
  submissionId: string;
  egsUnitId: string;
  uuid: string;
  icv: number;
  hash: string;
  signedXml: string;
  /** The last report of it may have reached ZATCA (no answer): looked up first where the provider can. */
  outcomeUnknown?: boolean;
}

export interface PendingReportOutcome {
  submissionId: string;
  outcome?: SubmitOutcome;
  /** Transient/auth failure: the job retries this one later. */
  error?: ComplianceError;
}

/**
 * Reports signed simplified invoices, oldest ICV first per unit, each exactly as stored. Used by the
 * scheduled reporting job; one failure does not stop the others.
 */
export async function reportPendingInvoices(
  deps: Pick<ZatcaRegimeDependencies, 'provider' | 'providerForUnit' | 'credentials'>,
  pending: PendingReport[],
): Promise<PendingReportOutcome[]> {
  const ordered = [...pending].sort((a, b) => a.egsUnitId.localeCompare(b.egsUnitId) || a.icv - b.icv);
  const outcomes: PendingReportOutcome[] = [];
  for (const item of ordered) {
    const provider = deps.providerForUnit?.(item.egsUnitId) ?? deps.provider;
    try {
      const credentials = await deps.credentials.signingCredentials(item.egsUnitId);
      const submission = submissionOf(item);
      const held =
        item.outcomeUnknown && provider.heldResult
          ? await provider.heldResult(credentials.csid, submission, 'reporting')
          : undefined;
      const result = held ?? (await provider.report(credentials.csid, submission));
      outcomes.push({
        submissionId: item.submissionId,
        outcome: toSubmitOutcome(result, item, ZATCA_STATUS.reported),
      });
    } catch (error) {
      if (!(error instanceof ComplianceError)) throw error;
      if (isCsidRefusal(error, provider)) {
        const refused = await deps.credentials.signingCredentials(item.egsUnitId).catch(() => undefined);
        if (refused) await deps.credentials.csidRefused(item.egsUnitId, refused.certificateBase64);
      }
      outcomes.push({ submissionId: item.submissionId, error });
    }
  }
  return outcomes;
}

/**
 * ZATCA's own 401 on an invoice: the CSID is revoked or replaced. Through a GSP a 401 may be the GSP's
 * API key instead, which re-onboarding would not cure, so only Fatoora's own answer counts.
 */
export function isCsidRefusal(error: unknown, provider: Pick<ZatcaProvider, 'kind'>): boolean {
  return (
    provider.kind === 'fatoora' &&
    error instanceof ComplianceError &&
    error.errorClass === 'auth' &&
    error.options.code === '401'
  );
}

function toSubmitOutcome(
  result: ZatcaInvoiceResult,
  signed: Pick<StoredSignedInvoice, 'uuid' | 'hash' | 'icv' | 'signedXml'>,
  acceptedStatus: string,
): SubmitOutcome {
  const warnings = result.warnings.map((warning) => ({ code: warning.code, message: warning.message }));
  if (result.outcome === 'rejected') {
    const { signedInvoice: _xml, zatcaQr: _qr, ...used } = identifiersOf(signed, result.status);
    return {
      status: 'rejected',
      identifiers: used,
      code: result.errors.map((error) => error.code).join(',') || String(result.httpStatus),
      message:
        result.errors.map((error) => `${error.code}: ${error.message}`).join('; ') ||
        `HTTP ${result.httpStatus} ${result.status}`,
      response: result.response,
    };
  }
  const identifiers = identifiersOf(signed, acceptedStatus);
  const cleared = result.clearedInvoiceBase64 ?? clearedFromDuplicate(result.response);
  if (acceptedStatus === ZATCA_STATUS.cleared && cleared)
    identifiers.zatcaClearedXml = Buffer.from(cleared, 'base64').toString('utf8');
  return {
    status: 'registered',
    identifiers,
    response: result.response,
    warnings: warnings.length > 0 ? warnings : undefined,
    adopted: result.outcome === 'duplicate' || undefined,
  };
}

function withWarning(outcome: SubmitOutcome, warning: { code: string; message: string }): SubmitOutcome {
  if (outcome.status !== 'registered') return outcome;
  return { ...outcome, warnings: [...(outcome.warnings ?? []), warning] };
}

function identifiersOf(
  signed: Pick<StoredSignedInvoice, 'uuid' | 'hash' | 'icv' | 'signedXml'>,
  status: string,
): ComplianceIdentifiers {
  return {
    zatcaUuid: signed.uuid,
    zatcaHash: signed.hash,
    zatcaIcv: signed.icv,
    zatcaStatus: status,
    zatcaQr: qrOf(signed.signedXml),
    signedInvoice: signed.signedXml,
  };
}

function submissionOf(signed: Pick<StoredSignedInvoice, 'uuid' | 'hash' | 'signedXml'>): InvoiceSubmission {
  return {
    invoiceHash: signed.hash,
    uuid: signed.uuid,
    invoice: Buffer.from(signed.signedXml, 'utf8').toString('base64'),
  };
}

function clearedFromDuplicate(response: unknown): string | undefined {
  const cleared = (response as { clearedInvoice?: unknown } | undefined)?.clearedInvoice;
  return typeof cleared === 'string' ? cleared : undefined;
}

const QR_PATTERN =
  /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</;

function qrOf(signedXml: string): string | undefined {
  return QR_PATTERN.exec(signedXml)?.[1]?.trim();
}

function egsUnitOf(invoice: CanonicalInvoice, settings: ZatcaSettings): string | undefined {
  return invoice.ksa?.egsUnitId ?? (settings.egsUnitId || undefined);
}
