/**
 * The `in-einvoice` regime: B2B/SEZ/export invoices of Indian sellers get an IRN from the IRP. Never two
 * IRNs for one document: after an unknown outcome the IRP is asked by document details first, and a
 * duplicate (2150) adopts the existing IRN once it is confirmed to be the one computed locally. An IRN
 * the IRP issued is never dropped: signatures that do not verify, or an IRN other than the local one in
 * the IRP's answer to our own request, are kept as REGISTERED with a warning for the operator.
 */
import { type CanonicalInvoice, type ComplianceIdentifiers, type Outcome, financialYear } from '../../domain';
import type { EwaybillRules } from '../../mappers/ewaybill';
import { computeIrn, irnForInvoice, mapToNicEinvoiceV11, type NicEinvoiceV11 } from '../../mappers/irn';
import {
  ComplianceError,
  type CancelRequest,
  type ComplianceRegime,
  type InstanceRegimes,
  type Registered,
  type Rejected,
  type SubmitContext,
  type SubmitOutcome,
} from '../../compliance';
import { blamesUnsyncedBuyer, syncBuyerGstin } from './buyer-gstin-sync';
import { irpFieldErrors } from './irp-field-errors';
import { IrpRejection, type DuplicateIrnInfo } from '../../compliance';
import type { SignatureCheck } from './irp-signatures';
import type { IrnCallback } from './irn-callback';
import { decodeNicJws } from './nic-jws';
import { ewaybillNotRequested } from './ewaybill-not-requested';
import type { RejectedDocument } from './rejected-documents';
import type { EinvoiceSettings } from './einvoice-settings';
import { BULK_GENERATE_LIMIT, type BulkRowResult, type EinvoiceProvider, type IrnResult } from './provider';
import { responseToStore } from './stored-response';

/** Builds (or returns a cached) provider for a connector instance's regime settings. */
export type EinvoiceProviderFactory = (settings: EinvoiceSettings) => EinvoiceProvider;

/**
 * What the IRN regime needs of the e-way bill API: cancelling the bill that blocks an IRN cancel (2230).
 * The in-ewaybill regime's providers are such a thing; the IRN regime does not depend on that regime.
 */
export interface EwaybillCanceller {
  cancel(request: { ewbNo: string | number; cancelRsnCode: string; cancelRmrk: string }): Promise<unknown>;
}

/**
 * The e-way bill API of an instance, where its settings name one (`ewaybill`), or undefined; the
 * module hands in the in-ewaybill regime's (einvoice.module.ts).
 */
export type EwaybillProviderFactory = (settings: EinvoiceSettings) => EwaybillCanceller | undefined;

/** E-invoice CnlRsn to the e-way bill system's cancelRsnCode: 2 and 3 are swapped between the two. */
const EWAYBILL_CANCEL_REASON: Record<string, string> = { '1': '1', '2': '3', '3': '2', '4': '4' };

const CANCEL_REASONS = ['1', '2', '3', '4'] as const;
type CancelReason = (typeof CANCEL_REASONS)[number];

export class EinvoiceRegime implements ComplianceRegime<NicEinvoiceV11, EinvoiceSettings> {
  readonly name = 'in-einvoice' as const;

  private readonly ewaybillFor: EwaybillProviderFactory;

  constructor(
    private readonly providerFor: EinvoiceProviderFactory,
    ewaybillFor?: EwaybillProviderFactory,
  ) {
    this.ewaybillFor = ewaybillFor ?? (() => undefined);
  }

  appliesTo(invoice: CanonicalInvoice): boolean {
    return invoice.country === 'IN' && invoice.supplyType !== 'B2C';
  }

  /**
   * EwbDtls go with the IRN only where the instance runs `in-ewaybill`, and then only when its rules (its
   * thresholds) say the document needs a bill: that regime adopts the bill the IRP issues as the
   * document's e-way bill (number, validity, Part-B, extension, cancel). Elsewhere nothing would track the
   * bill, so none is asked for; a document the legal defaults say needs one, transport given, carries
   * warning EWB_NOT_REQUESTED telling the operator to make it (docs/providers.md).
   */
  map(
    invoice: CanonicalInvoice,
    _settings: EinvoiceSettings,
    instance?: InstanceRegimes,
  ): Outcome<{
    payload: NicEinvoiceV11;
    identifiers?: ComplianceIdentifiers;
    submissionWarnings?: { code: string; message: string }[];
  }> {
    const ewaybillRules = instance?.regimes.includes('in-ewaybill')
      ? (instance.settingsOf('in-ewaybill') as EwaybillRules)
      : undefined;
    const withEwaybill = ewaybillRules !== undefined;
    const mapped = mapToNicEinvoiceV11(invoice, { ewaybillWithIrn: withEwaybill, ewaybillRules });
    if (!mapped.ok) return mapped;
    const notRequested = withEwaybill ? undefined : ewaybillNotRequested(invoice);
    const value = {
      payload: mapped.value,
      identifiers: { irn: irnForInvoice(invoice) },
      ...(notRequested ? { submissionWarnings: [notRequested] } : {}),
    };
    return mapped.warnings ? { ok: true, value, warnings: mapped.warnings } : { ok: true, value };
  }

  async submit(payload: NicEinvoiceV11, context: SubmitContext<EinvoiceSettings>): Promise<SubmitOutcome> {
    const provider = this.providerFor(context.settings);
    const expectedIrn = context.previous.irn ?? irnOfPayload(payload);
    const { Typ, No, Dt } = payload.DocDtls;
    if (context.outcomeUnknown) {
      const existing = await provider.getIrnByDocDetails(Typ, No, Dt);
      if (existing) return adoptOrRefuse(existing, expectedIrn, payload, existing.raw);
    }
    return this.generate(provider, payload, expectedIrn, true);
  }

  /** One GENERATE and what its answer means; `maySyncBuyer` allows one buyer sync and resend on 3028/3029. */
  private async generate(
    provider: EinvoiceProvider,
    payload: NicEinvoiceV11,
    expectedIrn: string,
    maySyncBuyer: boolean,
  ): Promise<SubmitOutcome> {
    try {
      return registeredByUs(await provider.generateIrn(payload), expectedIrn);
    } catch (error) {
      if (!(error instanceof IrpRejection)) throw error;
      return this.afterRejection(provider, error, expectedIrn, payload, maySyncBuyer);
    }
  }

  private async afterRejection(
    provider: EinvoiceProvider,
    rejection: IrpRejection,
    expectedIrn: string,
    payload: NicEinvoiceV11,
    maySyncBuyer: boolean,
  ): Promise<SubmitOutcome> {
    if (rejection.hasCode('2150')) return this.adoptDuplicate(provider, rejection, expectedIrn, payload);
    if (maySyncBuyer && provider.syncGstinFromCp && blamesUnsyncedBuyer(rejection, payload.BuyerDtls.Gstin)) {
      return this.resendAfterBuyerSync(
        provider,
        provider.syncGstinFromCp.bind(provider),
        rejection,
        expectedIrn,
        payload,
      );
    }
    return rejectedBy(rejection);
  }

  /**
   * 3028/3029 for the buyer: sync its GSTIN from the common portal once and, if active there, send once more.
   * Safe: the refusal registered nothing, and the resend follows the usual rules for its own answer.
   */
  private async resendAfterBuyerSync(
    provider: EinvoiceProvider,
    sync: NonNullable<EinvoiceProvider['syncGstinFromCp']>,
    rejection: IrpRejection,
    expectedIrn: string,
    payload: NicEinvoiceV11,
  ): Promise<SubmitOutcome> {
    const buyer = payload.BuyerDtls.Gstin;
    const synced = await syncBuyerGstin(sync, buyer);
    if (!synced.active) {
      return { ...rejectedBy(rejection), message: `${rejection.message}; ${synced.answer}` };
    }
    const outcome = await this.generate(provider, payload, expectedIrn, false);
    if (outcome.status !== 'registered') return outcome;
    return withWarning(outcome, {
      code: 'GSTIN_SYNCED',
      message: `${staleBuyerRecord(rejection, buyer)}; it was synced from the GST common portal (status ${synced.status}) and the document sent again`,
    });
  }

  /**
   * Documents of a provider with bulk generate go in calls of up to 1,000; the rest (and any document
   * whose earlier outcome is unknown, which must be looked up first) one by one through `submit`.
   * A call that fails as a whole fails each of its documents with the same error: a timeout is an
   * unknown outcome for every one of them, so each is looked up before it is sent again.
   */
  async submitMany(
    items: readonly { payload: NicEinvoiceV11; context: SubmitContext }[],
  ): Promise<(SubmitOutcome | ComplianceError)[]> {
    const outcomes: (SubmitOutcome | ComplianceError)[] = new Array<SubmitOutcome | ComplianceError>(
      items.length,
    );
    const bulk = new Map<EinvoiceProvider, number[]>();
    const single: number[] = [];
    for (const [i, item] of items.entries()) {
      let provider: EinvoiceProvider;
      try {
        provider = this.providerFor(item.context.settings);
      } catch (error) {
        outcomes[i] = ComplianceError.wrap(error);
        continue;
      }
      if (!provider.bulkGenerateIrn || item.context.outcomeUnknown) single.push(i);
      else {
        const list = bulk.get(provider);
        if (list) list.push(i);
        else bulk.set(provider, [i]);
      }
    }
    const settle = async (i: number, run: () => Promise<SubmitOutcome>): Promise<void> => {
      try {
        outcomes[i] = await run();
      } catch (error) {
        outcomes[i] = ComplianceError.wrap(error);
      }
    };
    const calls: Promise<void>[] = single.map((i) =>
      settle(i, () => this.submit(items[i].payload, items[i].context)),
    );
    for (const [provider, positions] of bulk) {
      for (let start = 0; start < positions.length; start += BULK_GENERATE_LIMIT) {
        const chunk = positions.slice(start, start + BULK_GENERATE_LIMIT);
        calls.push(this.bulkGenerate(provider, chunk, items, outcomes, settle));
      }
    }
    await Promise.all(calls);
    return outcomes;
  }

  private async bulkGenerate(
    provider: EinvoiceProvider,
    positions: readonly number[],
    items: readonly { payload: NicEinvoiceV11; context: SubmitContext }[],
    outcomes: (SubmitOutcome | ComplianceError)[],
    settle: (i: number, run: () => Promise<SubmitOutcome>) => Promise<void>,
  ): Promise<void> {
    let rows: BulkRowResult[];
    try {
      rows = await provider.bulkGenerateIrn!(positions.map((i) => items[i].payload));
    } catch (error) {
      for (const i of positions) outcomes[i] = ComplianceError.wrap(error);
      return;
    }
    const byIndex = new Map(rows.map((row) => [row.index, row]));
    await Promise.all(
      positions.map((i, index) =>
        settle(i, async () => {
          const row = byIndex.get(index);
          const payload = items[i].payload;
          const expectedIrn = items[i].context.previous.irn ?? irnOfPayload(payload);
          if (row?.result) return registeredByUs(row.result, expectedIrn);
          if (!row?.rejection) {
            throw new ComplianceError('unknown-outcome', 'the bulk answer has no row for this document');
          }
          return this.afterRejection(provider, row.rejection, expectedIrn, payload, true);
        }),
      ),
    );
  }

  /** GETREJECTEDIRNS through the instance's provider; undefined where its published API has none. */
  async rejectedIrns(settings: EinvoiceSettings, date: string): Promise<RejectedDocument[] | undefined> {
    const provider = this.providerFor(settings);
    return provider.getRejectedIrns ? provider.getRejectedIrns(date) : undefined;
  }

  /** An IRN webhook callback, verified with the instance's IRP key; throws ComplianceError otherwise. */
  readIrnCallback(settings: EinvoiceSettings, body: unknown): IrnCallback {
    const provider = this.providerFor(settings);
    if (!provider.readIrnCallback)
      throw new ComplianceError('config', 'this provider reads no IRN callbacks');
    return provider.readIrnCallback(body);
  }

  /** What the look-up after an unknown outcome makes of an IRN the IRP holds (same adoption checks). */
  settleUnknownOutcome(
    found: IrnResult,
    payload: NicEinvoiceV11,
    previous: ComplianceIdentifiers,
  ): SubmitOutcome {
    return adoptOrRefuse(found, previous.irn ?? irnOfPayload(payload), payload, found.raw);
  }

  async cancel(request: CancelRequest<EinvoiceSettings>): Promise<SubmitOutcome> {
    const irn = request.identifiers.irn;
    if (!irn) throw new ComplianceError('validation', 'no IRN to cancel');
    if (!(CANCEL_REASONS as readonly string[]).includes(request.reasonCode)) {
      throw new ComplianceError(
        'validation',
        'cancel reason must be 1 (duplicate), 2 (data entry mistake), 3 (order cancelled) or 4 (others)',
      );
    }
    if (request.remark.length > 100)
      throw new ComplianceError('validation', 'cancel remark must be at most 100 characters');
    const provider = this.providerFor(request.settings);
    const reasonCode = request.reasonCode as CancelReason;
    try {
      return await this.cancelIrn(provider, irn, reasonCode, request.remark);
    } catch (error) {
      if (!(error instanceof IrpRejection) || !error.hasCode('2230')) return cancelRefusal(irn, error);
      const ewaybill = this.ewaybillFor(request.settings);
      if (!ewaybill || !provider.getEwaybillByIrn) return ewaybillBlocksCancel(provider, irn, error);
      return this.cancelEwaybillThenIrn(provider, ewaybill, irn, reasonCode, request.remark, error);
    }
  }

  private async cancelIrn(
    provider: EinvoiceProvider,
    irn: string,
    reasonCode: CancelReason,
    remark: string,
  ): Promise<Registered> {
    const cancelled = await provider.cancelIrn({ irn, reasonCode, remark });
    return {
      status: 'registered',
      identifiers: { irn },
      response: { cancelDate: cancelled.cancelDate, raw: cancelled.raw },
    };
  }

  /**
   * 2230: the IRN has an active e-way bill, which must be cancelled first. Where the instance has the
   * e-way bill API configured, the e-way bill the IRP names for the IRN is cancelled (same reason, in
   * the e-way bill system's numbering) and the IRN cancel sent again.
   */
  private async cancelEwaybillThenIrn(
    provider: EinvoiceProvider,
    ewaybill: EwaybillCanceller,
    irn: string,
    reasonCode: CancelReason,
    remark: string,
    blocked: IrpRejection,
  ): Promise<SubmitOutcome> {
    const active = await provider.getEwaybillByIrn!(irn);
    if (active.status === 'CNL') return rejectedBy(blocked);
    try {
      await ewaybill.cancel({
        ewbNo: active.ewbNo,
        cancelRsnCode: EWAYBILL_CANCEL_REASON[reasonCode],
        cancelRmrk: remark || 'IRN cancelled',
      });
    } catch (error) {
      if (error instanceof ComplianceError && error.errorClass === 'rejected') {
        return {
          status: 'rejected',
          code: error.options.code ?? '2230',
          message: `IRN ${irn} has active e-way bill ${active.ewbNo} (2230) and the e-way bill system refused to cancel it: ${error.message}`,
          response: error.options.response,
        };
      }
      throw error;
    }
    try {
      const outcome = await this.cancelIrn(provider, irn, reasonCode, remark);
      return withWarning(outcome, {
        code: 'EWB_CANCELLED',
        message: `e-way bill ${active.ewbNo} generated with this IRN was cancelled first (the IRP refused the IRN cancel with 2230 while it was active)`,
      });
    } catch (error) {
      return cancelRefusal(irn, error);
    }
  }

  /**
   * The e-way bill generated with the IRN, as the IRP has it now (GETEWAYBILLIRN: ACT or CNL);
   * undefined when the IRP has none for the IRN.
   */
  async ewaybillOf(
    request: Pick<CancelRequest<EinvoiceSettings>, 'identifiers' | 'settings'>,
  ): Promise<{ ewbNo: string; status?: string } | undefined> {
    const irn = request.identifiers.irn;
    if (!irn) throw new ComplianceError('validation', 'no IRN to look its e-way bill up by');
    const provider = this.providerFor(request.settings);
    if (!provider.getEwaybillByIrn) {
      throw new ComplianceError(
        'config',
        `API catalog ${provider.catalog} cannot look e-way bills up by IRN`,
      );
    }
    try {
      const found = await provider.getEwaybillByIrn(irn);
      return { ewbNo: found.ewbNo, status: found.status };
    } catch (error) {
      if (error instanceof IrpRejection && error.isNotFound()) return undefined;
      throw error;
    }
  }

  private async adoptDuplicate(
    provider: EinvoiceProvider,
    rejection: IrpRejection,
    expectedIrn: string,
    payload: NicEinvoiceV11,
  ): Promise<SubmitOutcome> {
    const duplicate = rejection.duplicate();
    if (!duplicate) {
      const existing = await provider.getIrnByDocDetails(
        payload.DocDtls.Typ,
        payload.DocDtls.No,
        payload.DocDtls.Dt,
      );
      if (existing) return adoptOrRefuse(existing, expectedIrn, payload, existing.raw);
      return rejectedBy(rejection);
    }
    if (duplicate.irn !== expectedIrn)
      return mismatch(duplicate.irn, expectedIrn, rejection.options.response);
    // Catalog B publishes no get-by-IRN: its document lookup gives the same signed copy.
    if (!provider.getByIrn)
      return this.adoptAgedDuplicate(provider, duplicate, rejection, expectedIrn, payload);
    let full: IrnResult;
    try {
      full = await provider.getByIrn(duplicate.irn);
    } catch (error) {
      if (!(error instanceof IrpRejection)) throw error;
      if (!error.hasCode('2283')) return unreadableDuplicate(duplicate, error, rejection.options.response);
      return this.adoptAgedDuplicate(provider, duplicate, rejection, expectedIrn, payload);
    }
    return adoptOrRefuse(full, expectedIrn, payload, rejection.options.response);
  }

  /**
   * 2283: GETIRN serves an IRN for 2 days only. The document lookup may still give the signed copy to
   * check against; failing that, the IRN is adopted from the duplicate notice alone and flagged, since
   * after 2 days it can no longer be cancelled and the document number cannot be registered again.
   */
  private async adoptAgedDuplicate(
    provider: EinvoiceProvider,
    duplicate: DuplicateIrnInfo,
    rejection: IrpRejection,
    expectedIrn: string,
    payload: NicEinvoiceV11,
  ): Promise<SubmitOutcome> {
    const { Typ, No, Dt } = payload.DocDtls;
    const byDocument = await provider.getIrnByDocDetails(Typ, No, Dt).catch((error: unknown) => {
      if (error instanceof IrpRejection) return undefined;
      throw error;
    });
    if (byDocument) return adoptOrRefuse(byDocument, expectedIrn, payload, byDocument.raw);
    return {
      status: 'registered',
      identifiers: { irn: duplicate.irn, ackNo: duplicate.ackNo, ackDate: duplicate.ackDate },
      response: rejection.options.response,
      adopted: true,
      warnings: [
        {
          code: '2283',
          message:
            'IRN adopted from the IRP duplicate notice without its signed data (the IRP serves details for 2 days only): its buyer and total were not compared with this document and no signed QR is stored; check it on the IRP portal',
        },
      ],
    };
  }
}

/** 9999 "Invoice is not active": already cancelled, which is what was asked; other refusals kept. */
function cancelRefusal(irn: string, error: unknown): SubmitOutcome {
  if (error instanceof IrpRejection && error.hasCode('9999')) {
    return { status: 'registered', identifiers: { irn }, response: error.options.response, adopted: true };
  }
  if (error instanceof IrpRejection) return rejectedBy(error);
  throw error;
}

function irnOfPayload(payload: NicEinvoiceV11): string {
  const [day, month, year] = payload.DocDtls.Dt.split('/');
  return computeIrn(
    payload.SellerDtls.Gstin,
    financialYear(`${year}-${month}-${day}`),
    payload.DocDtls.Typ,
    payload.DocDtls.No,
  );
}

/** Adopt an IRN the IRP already holds, if it is ours and the signed copy matches this document. */
function adoptOrRefuse(
  found: IrnResult,
  expectedIrn: string,
  payload: NicEinvoiceV11,
  response: unknown,
): SubmitOutcome {
  if (found.irn !== expectedIrn) return mismatch(found.irn, expectedIrn, response);
  const signed = signedContent(found);
  if (!signed) {
    return withWarning(registered(found, true), {
      code: 'CONTENT_UNCHECKED',
      message:
        'the IRP signed invoice could not be read: its buyer and total were not compared with this document',
    });
  }
  const sameBuyer =
    signed.BuyerDtls?.Gstin === undefined || signed.BuyerDtls.Gstin === payload.BuyerDtls.Gstin;
  const sameTotal =
    signed.ValDtls?.TotInvVal === undefined ||
    Math.abs(Number(signed.ValDtls.TotInvVal) - Number(payload.ValDtls.TotInvVal)) < 0.005;
  if (!sameBuyer || !sameTotal) {
    return {
      status: 'rejected',
      code: '2150',
      message: `Duplicate IRN: ${found.irn} is registered for this document number with a different buyer or total; cancel it or change the document`,
      response,
    };
  }
  return registered(found, true);
}

type SignedContent = { BuyerDtls?: { Gstin?: string }; ValDtls?: { TotInvVal?: number } };

function signedContent(found: IrnResult): SignedContent | undefined {
  try {
    return decodeNicJws<SignedContent>(found.signedInvoice).data ?? undefined;
  } catch {
    return undefined;
  }
}

/** The IRP said 2150 but would not show the IRN: without its details it is not adopted. */
function unreadableDuplicate(
  duplicate: DuplicateIrnInfo,
  lookup: IrpRejection,
  response: unknown,
): SubmitOutcome {
  return {
    status: 'rejected',
    code: '2150',
    message: `Duplicate IRN ${duplicate.irn}: the IRP holds it but did not give its details (${lookup.message}), so it was not adopted; check it on the IRP portal`,
    response,
  };
}

function mismatch(foundIrn: string, expectedIrn: string, response: unknown): SubmitOutcome {
  return {
    status: 'rejected',
    code: '2150',
    message: `Duplicate IRN ${foundIrn} does not match the locally computed IRN ${expectedIrn}`,
    response,
  };
}

/**
 * The IRP's answer to our own generate: registered whatever else is wrong with it. An IRN other than the
 * local one is a real inconsistency (seller, type, number or financial year read differently), flagged.
 */
function registeredByUs(result: IrnResult, expectedIrn: string): Registered {
  const outcome = registered(result, false);
  if (result.irn === expectedIrn) return outcome;
  return withWarning(outcome, {
    code: 'IRN_MISMATCH',
    message: `the IRP registered this document as IRN ${result.irn}, not the locally computed ${expectedIrn}: check its seller GSTIN, type, number and date against the IRP`,
  });
}

function registered(result: IrnResult, adopted: boolean): Registered {
  const identifiers: ComplianceIdentifiers = {
    irn: result.irn,
    ackNo: result.ackNo,
    ackDate: result.ackDate,
    signedInvoice: result.signedInvoice,
    signedQrCode: result.signedQrCode,
  };
  if (result.ewbNo)
    Object.assign(identifiers, {
      ewbNo: result.ewbNo,
      ewbDate: result.ewbDate,
      ewbValidUpto: result.ewbValidUpto,
    });
  const warnings = result.info
    .filter((entry) => entry.InfCd !== 'DUPIRN')
    .map((entry) => ({
      code: entry.InfCd,
      message: typeof entry.Desc === 'string' ? entry.Desc : JSON.stringify(entry.Desc),
    }));
  const signature = signatureWarning(result.signature);
  if (signature) warnings.push(signature);
  return {
    status: 'registered',
    identifiers,
    response: responseToStore(result.raw),
    ...(adopted ? { adopted: true } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function signatureWarning(check: SignatureCheck): { code: string; message: string } | undefined {
  if (check.verified) return undefined;
  if (check.code === 'SIGNATURE_NOT_CHECKED') return { code: check.code, message: check.reason };
  return {
    code: 'SIGNATURE_UNVERIFIED',
    message: `the IRN is registered at the IRP, but its signed invoice or QR did not verify (${check.code}: ${check.reason}); check the IRP public key configured (publicKeyPem) before relying on the signed QR`,
  };
}

/** What the refusal a buyer sync cured said of the IRP's record of the buyer. */
function staleBuyerRecord(rejection: IrpRejection, buyer: string): string {
  return rejection.hasCode('3029')
    ? `the IRP had buyer GSTIN ${buyer} as not active (3029)`
    : `the IRP did not know buyer GSTIN ${buyer} (3028)`;
}

function withWarning(outcome: Registered, warning: { code: string; message: string }): Registered {
  return { ...outcome, warnings: [...(outcome.warnings ?? []), warning] };
}

function rejectedBy(rejection: IrpRejection): Rejected {
  const rejected: Rejected = {
    status: 'rejected',
    code: rejection.options.code ?? '',
    message: rejection.message,
    response: rejection.options.response,
  };
  const fieldErrors = irpFieldErrors(rejection);
  return fieldErrors.length > 0 ? { ...rejected, fieldErrors } : rejected;
}

/**
 * 2230 where this instance has no e-way bill API to cancel the bill with (a bill made on the portal, or
 * with the IRN before EwbDtls went only with in-ewaybill): the refusal names the bill, where the IRP says
 * which, and what to do.
 */
async function ewaybillBlocksCancel(
  provider: EinvoiceProvider,
  irn: string,
  blocked: IrpRejection,
): Promise<Rejected> {
  const active = await provider.getEwaybillByIrn?.(irn).catch(() => undefined);
  const bill = active?.ewbNo ? `e-way bill ${active.ewbNo}` : 'an e-way bill';
  return {
    ...rejectedBy(blocked),
    message:
      `IRN ${irn} has ${bill} generated for it that is still active, and the IRP cancels no IRN while its ` +
      `e-way bill is active (the IRP answered ${blocked.message}). Cancel the e-way bill first on the e-way bill portal ` +
      '(within 24 hours of its generation), then cancel the IRN again; or give this instance the e-way bill ' +
      'API (regimeSettings.in-einvoice.ewaybill) and the connector cancels the bill before the IRN',
  };
}
