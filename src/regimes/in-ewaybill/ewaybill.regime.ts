/**
 * The `in-ewaybill` regime: goods moving over the value threshold get an e-way bill, by IRN when the
 * document's e-invoice is registered, directly otherwise. Never two bills for one document: after an
 * unknown outcome the bill is looked up before anything is sent again (never re-sent blind, single or
 * bulk), and a duplicate (604) adopts the bill the system already holds. Failures the system says left
 * nothing done are retried 3 times (1 s, 2 s, 4 s), then surfaced; a 502/503 comes after the provider's own
 * retries of the same kind (seed 001) and is an unknown outcome, read back rather than sent again.
 *
 * Settings (`regimeSettings.in-ewaybill`): the e-way bill provider (EwaybillProviderConfig), the rules of
 * EwaybillRules, and optionally `lookup` (a catalog A config, for reads where the provider has none),
 * `einvoice` (the e-invoice GSP settings GENERATE_EWAYBILL by IRN goes through) and `byIrn: false`.
 *
 * By IRN: the descriptor depends on `in-einvoice`, so where the document gets an IRN, sync/ holds the e-way
 * bill until that registration and hands its identifiers in `context.upstream['in-einvoice']`; an `irn`
 * in `context.previous` (set by an operator or a migration) does the same.
 */
import { istDateTime, type CanonicalInvoice, type ComplianceIdentifiers, type Outcome } from '../../domain';
import {
  ewaybillApplicability,
  ewaybillRules,
  mapToEwaybillByIrnDetails,
  mapToNicEwaybillV103,
} from '../../mappers/ewaybill';
import type { EwaybillByIrnRequest, EwaybillByIrnResult, EwaybillOfIrn } from '../in-einvoice';
import {
  type CancelRequest,
  ComplianceError,
  type ComplianceRegime,
  type Registered,
  type Rejected,
  type SubmitContext,
  type SubmitOutcome,
} from '../../compliance';
import { ewaybillDateTime } from './ewaybill-date';
import type { EwaybillPayload } from './ewaybill-payload';
import type { EwaybillSettings } from './ewaybill-settings';
import { EWAYBILL_RETRY_DELAYS_MS, realSleep, type Sleep } from './ewaybill-retry';
import type { EwaybillGenerated, EwaybillGenerateRequest, EwaybillProvider } from './ewaybill-types';

/** Documents per bulk-generate call catalog B accepts. */
export const EWAYBILL_BULK_LIMIT = 1000;

/** GENERATE_EWAYBILL by IRN on the e-invoice API (the GSP client, catalog A). */
export interface EwaybillByIrnProvider {
  generateEwaybillByIrn(request: EwaybillByIrnRequest): Promise<EwaybillByIrnResult>;
  getEwaybillByIrn?(irn: string): Promise<EwaybillOfIrn>;
}

export interface EwaybillRegimeDependencies {
  /** The instance's e-way bill provider; throws ComplianceError('config') when settings lack one. */
  ewaybillFor(settings: EwaybillSettings): EwaybillProvider;
  /** A provider that can read bills by document (catalog A), where the main one cannot. */
  lookupFor?(settings: EwaybillSettings): EwaybillProvider | undefined;
  byIrnFor?(settings: EwaybillSettings): EwaybillByIrnProvider | undefined;
  sleep?: Sleep;
}

interface Found {
  ewbNo: string;
  ewbDate?: string;
  validUpto?: string;
  raw: unknown;
}

export class EwaybillRegime implements ComplianceRegime<EwaybillPayload, EwaybillSettings> {
  readonly name = 'in-ewaybill' as const;
  private readonly sleep: Sleep;

  constructor(private readonly deps: EwaybillRegimeDependencies) {
    this.sleep = deps.sleep ?? realSleep;
  }

  /** The instance's e-way bill provider, handed to the descriptor's operations on its bills. */
  operationProvider(settings: EwaybillSettings): EwaybillProvider {
    return this.deps.ewaybillFor(settings);
  }

  /**
   * Cancels the bill (the descriptor's cancel policy has checked the 24 h window). A lost answer is
   * resolved by reading the bill: cancelled is adopted, active is cancelled again (the read said nothing
   * was done). A 312 (not active) otherwise stays the system's refusal: someone else cancelled it.
   */
  async cancel(request: CancelRequest<EwaybillSettings>): Promise<SubmitOutcome> {
    const ewbNo = request.identifiers.ewbNo;
    if (!ewbNo)
      throw new ComplianceError('validation', 'this submission holds no e-way bill number to cancel');
    const provider = this.deps.ewaybillFor(request.settings);
    const cancelOnce = () =>
      this.withRetries(async () => {
        try {
          const cancelled = await provider.cancel({
            ewbNo,
            cancelRsnCode: request.reasonCode,
            cancelRmrk: request.remark,
          });
          return { status: 'registered', identifiers: {}, response: cancelled.raw } satisfies Registered;
        } catch (error) {
          if (!(error instanceof ComplianceError) || error.errorClass !== 'rejected') throw error;
          return rejectedBy(error);
        }
      });
    try {
      return await cancelOnce();
    } catch (error) {
      const failure = ComplianceError.wrap(error);
      const reader = provider.getEwaybill ? provider : this.deps.lookupFor?.(request.settings);
      if (failure.errorClass !== 'unknown-outcome' || !reader?.getEwaybill) throw failure;
      await this.sleep(EWAYBILL_RETRY_DELAYS_MS[0]);
      const held = await reader.getEwaybill(ewbNo).catch(() => undefined);
      if (!held) throw failure;
      if (text(held.status) === 'CNL')
        return { status: 'registered', identifiers: {}, response: held, adopted: true };
      return cancelOnce();
    }
  }

  /** The instance's own thresholds where the caller passes its settings; the legal defaults otherwise. */
  appliesTo(invoice: CanonicalInvoice, settings?: EwaybillSettings): boolean {
    return ewaybillApplicability(invoice, ewaybillRules(settings)).needed;
  }

  map(
    invoice: CanonicalInvoice,
    settings: EwaybillSettings,
  ): Outcome<{ payload: EwaybillPayload; identifiers?: ComplianceIdentifiers }> {
    const rules = ewaybillRules(settings);
    const direct = mapToNicEwaybillV103(invoice, rules);
    if (!direct.ok) return direct;
    const byIrn = mapToEwaybillByIrnDetails(invoice, rules);
    if (!byIrn.ok) return byIrn;
    return { ok: true, value: { payload: { direct: direct.value, byIrn: byIrn.value } } };
  }

  async submit(payload: EwaybillPayload, context: SubmitContext<EwaybillSettings>): Promise<SubmitOutcome> {
    const withIrn = withTheIrn(context);
    if (withIrn) return withIrn;
    const irn = this.irnFor(context);
    const byIrn =
      irn && context.settings.byIrn !== false ? this.deps.byIrnFor?.(context.settings) : undefined;
    if (irn && byIrn) return this.generateByIrn(byIrn, irn, payload, context.outcomeUnknown);
    return this.generateDirect(payload.direct, context);
  }

  /**
   * Catalog B's bulk generate, up to 1,000 a call. Documents going by IRN, or whose last send has an
   * unknown outcome, go one by one (they are looked up first).
   */
  async submitMany(
    items: readonly { payload: EwaybillPayload; context: SubmitContext<EwaybillSettings> }[],
  ): Promise<(SubmitOutcome | ComplianceError)[]> {
    const outcomes: (SubmitOutcome | ComplianceError)[] = new Array<SubmitOutcome | ComplianceError>(
      items.length,
    );
    const bulk: number[] = [];
    const single: number[] = [];
    for (const [index, { context }] of items.entries()) {
      const provider = this.providerOrError(context.settings);
      const byBulk =
        !(provider instanceof ComplianceError) &&
        provider.bulkGenerate !== undefined &&
        !context.outcomeUnknown &&
        !context.previous.irn &&
        !context.upstream?.['in-einvoice']?.irn &&
        !withTheIrn(context);
      (byBulk ? bulk : single).push(index);
    }
    await Promise.all(
      single.map(async (index) => {
        outcomes[index] = await this.submit(items[index].payload, items[index].context).catch(
          (error: unknown) => ComplianceError.wrap(error),
        );
      }),
    );
    // One call per settings object (per provider) and per 1,000 documents.
    const bySettings = new Map<EwaybillSettings, number[]>();
    for (const index of bulk) {
      const settings = items[index].context.settings;
      const list = bySettings.get(settings);
      if (list) list.push(index);
      else bySettings.set(settings, [index]);
    }
    for (const [settings, indexes] of bySettings) {
      for (let start = 0; start < indexes.length; start += EWAYBILL_BULK_LIMIT) {
        const chunk = indexes.slice(start, start + EWAYBILL_BULK_LIMIT);
        const answers = await this.bulkGenerate(
          settings,
          chunk.map((index) => items[index]),
        );
        chunk.forEach((index, position) => (outcomes[index] = answers[position]));
      }
    }
    return outcomes;
  }

  /** The document's IRN: the e-invoice registration sync/ hands over (dependsOn), else one stored earlier. */
  private irnFor(context: SubmitContext<EwaybillSettings>): string | undefined {
    return context.upstream?.['in-einvoice']?.irn ?? context.previous.irn;
  }

  private providerOrError(settings: EwaybillSettings): EwaybillProvider | ComplianceError {
    try {
      return this.deps.ewaybillFor(settings);
    } catch (error) {
      return ComplianceError.wrap(error);
    }
  }

  /**
   * Generates the bill. After an unknown outcome (this attempt's or an earlier one's) the bill is read back
   * by document first, and the generate is only ever sent again once the read says there is none. A
   * provider that cannot read (catalog B without `lookup`) leaves the document waiting for an operator.
   */
  private async generateDirect(
    request: EwaybillGenerateRequest,
    context: SubmitContext<EwaybillSettings>,
  ): Promise<SubmitOutcome> {
    const provider = this.deps.ewaybillFor(context.settings);
    if (context.outcomeUnknown) {
      const found = await this.lookUpAfterLostAnswer(context.settings, request);
      if (found) return registered(found, true);
    }
    try {
      return await this.withRetries(async () => {
        try {
          return registered(await provider.generate(request));
        } catch (error) {
          return this.resolveRefusal(error, context.settings, request);
        }
      });
    } catch (error) {
      return this.afterUnknownOutcome(ComplianceError.wrap(error), context.settings, request);
    }
  }

  /**
   * A generate whose answer was lost (a timeout, a 502/503 the provider surfaces after its own retries, a
   * gateway's "Gateway Time-out"): the bill is read once after the first back-off and adopted when there;
   * otherwise the failure stands as an unknown outcome, and the next attempt reads again before sending.
   */
  private async afterUnknownOutcome(
    failure: ComplianceError,
    settings: EwaybillSettings,
    request: EwaybillGenerateRequest,
  ): Promise<SubmitOutcome> {
    if (failure.errorClass !== 'unknown-outcome' || failure.options.waitsForOperator) throw failure;
    if (!this.readerFor(settings)) throw lookupRequired(request, failure);
    await this.sleep(EWAYBILL_RETRY_DELAYS_MS[0]);
    const found = await this.lookUp(settings, request).catch(() => undefined);
    if (found) return registered(found, true);
    throw failure;
  }

  /** The bill held for a document whose last send may have made one; waits for an operator without a read. */
  private async lookUpAfterLostAnswer(
    settings: EwaybillSettings,
    request: EwaybillGenerateRequest,
  ): Promise<Found | undefined> {
    if (!this.readerFor(settings)) throw lookupRequired(request);
    return this.lookUp(settings, request);
  }

  /** By IRN; after an unknown outcome the IRN's bill is read first (GETEWAYBILLIRN), as for direct bills. */
  private async generateByIrn(
    provider: EwaybillByIrnProvider,
    irn: string,
    payload: EwaybillPayload,
    outcomeUnknown: boolean,
  ): Promise<SubmitOutcome> {
    const held = async (): Promise<EwaybillOfIrn | undefined> => {
      if (!provider.getEwaybillByIrn) return undefined;
      const existing = await provider.getEwaybillByIrn(irn).catch((error: unknown) => {
        if (error instanceof ComplianceError && error.errorClass === 'rejected') return undefined;
        throw error;
      });
      return existing && existing.status !== 'CNL' ? existing : undefined;
    };
    if (outcomeUnknown) {
      const existing = await held();
      if (existing) return registered(existing, true);
    }
    try {
      return await this.withRetries(async () => {
        try {
          const result = await provider.generateEwaybillByIrn({ Irn: irn, ...payload.byIrn });
          return registered(result, result.adopted);
        } catch (error) {
          if (error instanceof ComplianceError && error.errorClass === 'rejected') return rejectedBy(error);
          throw error;
        }
      });
    } catch (error) {
      const failure = ComplianceError.wrap(error);
      if (failure.errorClass !== 'unknown-outcome' || !provider.getEwaybillByIrn) throw failure;
      await this.sleep(EWAYBILL_RETRY_DELAYS_MS[0]);
      const existing = await held().catch(() => undefined);
      if (existing) return registered(existing, true);
      throw failure;
    }
  }

  /**
   * One bulk call; a failure the system says left nothing done is retried whole. A lost answer is never
   * answered by sending the bulk again: each row's bill is read back and adopted, and a row with none
   * stays an unknown outcome (its next attempt goes alone, reading first).
   */
  private async bulkGenerate(
    settings: EwaybillSettings,
    items: readonly { payload: EwaybillPayload; context: SubmitContext<EwaybillSettings> }[],
  ): Promise<(SubmitOutcome | ComplianceError)[]> {
    const provider = this.deps.ewaybillFor(settings);
    const requests = items.map((item) => item.payload.direct);
    let rows;
    try {
      rows = await this.withRetries(() => provider.bulkGenerate!(requests));
    } catch (error) {
      const failure = ComplianceError.wrap(error);
      if (failure.errorClass === 'rejected') return items.map(() => rejectedBy(failure));
      if (failure.errorClass !== 'unknown-outcome') return items.map(() => failure);
      return Promise.all(
        requests.map((request) =>
          this.afterUnknownOutcome(failure, settings, request).catch((lost: unknown) =>
            ComplianceError.wrap(lost),
          ),
        ),
      );
    }
    const byIndex = new Map(rows.map((row) => [row.index, row]));
    return Promise.all(
      requests.map(async (request, index) => {
        const row = byIndex.get(index);
        if (!row)
          return new ComplianceError('unknown-outcome', `bulk-generate: no row for document ${index}`);
        if (row.result) return registered(row.result);
        return this.resolveRefusal(row.error, settings, request).catch((error: unknown) =>
          ComplianceError.wrap(error),
        );
      }),
    );
  }

  /** A refusal becomes `rejected` with the system's codes; 604 adopts the existing bill; the rest is thrown. */
  private async resolveRefusal(
    error: unknown,
    settings: EwaybillSettings,
    request: EwaybillGenerateRequest,
  ): Promise<SubmitOutcome> {
    if (!(error instanceof ComplianceError) || error.errorClass !== 'rejected') throw error;
    if (!hasCode(error, '604')) return rejectedBy(error);
    if (!this.readerFor(settings)) throw lookupRequired(request, error);
    const found = await this.lookUp(settings, request);
    if (found) return registered(found, true);
    // 604 and yet no active bill to read: the system's read lags its write; read again next attempt.
    throw new ComplianceError(
      'unknown-outcome',
      `the e-way bill system already has a bill for ${request.docType} ${request.docNo} (604) but does not show it yet: it is read again before anything is sent`,
      { code: '604', response: error.options.response },
    );
  }

  /** What reads bills by document: the provider itself (catalog A), else the configured `lookup`. */
  private readerFor(settings: EwaybillSettings): EwaybillProvider | undefined {
    const main = this.deps.ewaybillFor(settings);
    const reader = main.getEwaybillByDocument ? main : this.deps.lookupFor?.(settings);
    return reader?.getEwaybillByDocument ? reader : undefined;
  }

  /** The bill the system holds for the document, active; undefined when none or when it cannot be asked. */
  private async lookUp(
    settings: EwaybillSettings,
    request: EwaybillGenerateRequest,
  ): Promise<Found | undefined> {
    const reader = this.readerFor(settings);
    if (!reader?.getEwaybillByDocument) return undefined;
    const data = await reader.getEwaybillByDocument(request.docType, request.docNo);
    if (!data) return undefined;
    const ewbNo = text(data.ewbNo ?? data.ewayBillNo);
    const status = text(data.status);
    if (!ewbNo || status === 'CNL') return undefined;
    return {
      ewbNo,
      ewbDate: text(data.ewayBillDate ?? data.ewbDate),
      validUpto: istDateTime(text(data.validUpto)),
      raw: data,
    };
  }

  /**
   * Runs `attempt`, retrying after 1 s, 2 s and 4 s a transient failure, one the system says left nothing
   * done; then surfaces it. An unknown outcome is never retried here: the request may have been applied.
   */
  private async withRetries<T>(attempt: () => Promise<T>): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await attempt();
      } catch (error) {
        const failure = ComplianceError.wrap(error);
        const waiting = failure.options.code === 'WAITING_FOR_EINVOICE';
        const again = failure.errorClass === 'transient' && !waiting;
        if (!again || retry >= EWAYBILL_RETRY_DELAYS_MS.length) throw failure;
        await this.sleep(EWAYBILL_RETRY_DELAYS_MS[retry]);
      }
    }
  }
}

function registered(
  result: Pick<EwaybillGenerated, 'ewbNo' | 'validUpto' | 'raw'> & { ewbDate?: string; alert?: string },
  adopted?: boolean,
): Registered {
  const identifiers: ComplianceIdentifiers = { ewbNo: result.ewbNo };
  const ewbDate = ewaybillDateTime(result.ewbDate);
  const validUpto = ewaybillDateTime(result.validUpto);
  if (ewbDate) identifiers.ewbDate = ewbDate;
  if (validUpto) identifiers.ewbValidUpto = validUpto;
  const outcome: Registered = { status: 'registered', identifiers, response: result.raw };
  if (result.alert) outcome.warnings = [{ message: result.alert }];
  if (adopted) outcome.adopted = true;
  return outcome;
}

/**
 * An e-way bill whose generate may have been applied, with nothing here able to read it back: sending it
 * again blind is never done, so the document waits for an operator to configure a read.
 */
function lookupRequired(request: EwaybillGenerateRequest, cause?: ComplianceError): ComplianceError {
  const exists = cause !== undefined && hasCode(cause, '604');
  return new ComplianceError(
    'unknown-outcome',
    `${exists ? 'the e-way bill system already has a bill' : 'the e-way bill system may have made a bill (its answer was lost)'} ` +
      `for ${request.docType} ${request.docNo}, and this provider cannot read bills by document: configure ` +
      "`lookup` (a catalog A e-way bill API) in this instance's in-ewaybill settings and retry; it is read, never sent again blind",
    {
      code: exists ? '604' : 'EWB_LOOKUP_REQUIRED',
      waitsForOperator: true,
      response: cause?.options.response,
      cause,
    },
  );
}

function rejectedBy(error: ComplianceError, message = error.message): Rejected {
  return {
    status: 'rejected',
    code: error.options.code ?? 'REJECTED',
    message,
    response: error.options.response ?? null,
  };
}

function hasCode(error: ComplianceError, code: string): boolean {
  return (error.options.code ?? '').split(',').includes(code);
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/**
 * The bill the IRP generated together with the IRN (the IRN request carried EwbDtls): this regime's bill
 * for the document, adopted without another request, so the document never gets a second one.
 */
function withTheIrn(context: SubmitContext<EwaybillSettings>): Registered | undefined {
  const upstream = context.upstream?.['in-einvoice'];
  if (!upstream?.ewbNo) return undefined;
  return {
    status: 'registered',
    adopted: true,
    identifiers: {
      ewbNo: upstream.ewbNo,
      ...(upstream.ewbDate ? { ewbDate: upstream.ewbDate } : {}),
      ...(upstream.ewbValidUpto ? { ewbValidUpto: upstream.ewbValidUpto } : {}),
    },
    response: { generatedWith: 'in-einvoice', irn: upstream.irn },
  };
}
