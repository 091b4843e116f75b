/**
 * One reconciliation of a GSTIN and period: GSTR-2B fetched from the gateway (or imported), the
 * connector's purchases pulled, both stored, the engine run on the documents no operator has decided,
 * its verdicts stored. At most one run per GSTIN and period at a time across all instances (a running
 * `reco_run` row, and the period's advisory lock while writing). Re-running is idempotent: the same
 * inputs give the same undecided rows, and decided rows stay as the operator left them.
 */
import { Injectable, Logger } from '@nestjs/common';
import { parseGstr2b, type Gstr2bReturn } from '../compliance/returns';
import { ComplianceError } from '../compliance';
import { AppConfig } from '../config';
import { ConnectorError, type PurchasePeriod, type PurchaseRecord } from '../connectors';
import {
  Gstr2bImportRepository,
  ReconciliationRepository,
  type MatchRow,
  type PurchaseRow,
  type StoredGstr2b,
  type StoredPurchase,
} from '../database/repositories';
import type { EntityManager } from 'typeorm';
import { ConnectorRuntimeService } from '../sync';
import {
  assertEveryRowReported,
  RowAccountingError,
  DEFAULT_MATCH_CONFIG,
  MATCH_CATEGORIES,
  comparePair,
  reconcile,
  type MatchConfig,
  type MatchResult,
  type RecoDocument,
} from './matching';
import { Dec } from '../domain';
import { gstr2bForMatching, purchaseForMatching, toGstr2bRows, toPurchaseRows } from './reconciliation-rows';
import { periodRange, purchaseRange, unreconcilablePeriod, unusablePurchaseRange } from './return-period';
import { PeriodPlacement } from './period-placement';
import { ReturnGatewaysService } from './return-gateways.service';
import { StepTimer } from './step-timer';

/** A GSTR-2B import already staged (Gstr2bImportService): moved into the period by the run. */
export interface StagedImport {
  importId: string;
  documents: number;
}

/** How a run reads the books: the purchase bill dates, when an operator chooses them apart from the 2B period. */
export interface RunOptions {
  purchases?: PurchasePeriod;
}

export interface RunOutcome {
  runId?: string;
  /** Why nothing ran (another run of the period is in progress). */
  skipped?: string;
  summary?: RunSummary;
  /** Wall time per step (fetch, pull, store, match, store verdicts), in milliseconds. */
  timingsMs?: Record<string, number>;
}

export interface RunSummary {
  /** Bill dates read from the books (the 2B month and the look-back, or the operator's range). */
  purchaseRange: PurchasePeriod;
  purchases: number;
  unreadablePurchases: number;
  gstr2bDocuments: number;
  categories: Record<string, { count: number; itcAtStake: string }>;
}

@Injectable()
export class ReconciliationService {
  private readonly logger = new Logger('Reconciliation');

  constructor(
    private readonly config: AppConfig,
    private readonly repository: ReconciliationRepository,
    private readonly gateways: ReturnGatewaysService,
    private readonly connectors: ConnectorRuntimeService,
    private readonly imports: Gstr2bImportRepository,
  ) {}

  matchConfig(): MatchConfig {
    const c = this.config.reconciliation;
    return {
      ...DEFAULT_MATCH_CONFIG,
      amountTolerance: c.amountTolerance,
      dateWindowDays: c.dateWindowDays,
      minNumberSimilarity: c.minNumberSimilarity,
      minFuzzyLength: c.minFuzzyLength,
    };
  }

  /** Fetches (unless `imported` is given), pulls and reconciles. Throws, with the run recorded failed, when a step fails. */
  async run(
    gstin: string,
    period: string,
    trigger: string,
    imported?: Gstr2bReturn | StagedImport,
    options: RunOptions = {},
  ): Promise<RunOutcome> {
    // A malformed, pre-GST or not yet ended period is refused (issue 28, finding 10).
    const refused = unreconcilablePeriod(period, new Date());
    if (refused) throw new ComplianceError('validation', refused);
    const range =
      options.purchases ?? purchaseRange(period, this.config.reconciliation.purchaseLookBackMonths);
    const rangeRefused = unusablePurchaseRange(range);
    if (rangeRefused) throw new ComplianceError('validation', rangeRefused);
    const settings = this.gateways.settingsOf(gstin);
    const runId = await this.repository.startRun(gstin, period, trigger);
    if (!runId) return { skipped: `a reconciliation of ${gstin} for ${period} is already running` };
    const timer = new StepTimer();
    try {
      const gstr2b = imported ?? (await this.fetch(gstin, period));
      timer.mark('fetch');
      // Rows only, and released once stored: the pulled records are not kept through the matching.
      let purchaseRows: PurchaseRow[] | undefined = toPurchaseRows(
        await this.pullPurchases(settings.connector, range),
      );
      timer.mark('pull');
      const summary = await this.repository.transaction(async (manager) => {
        // This period first, then every earlier one (whose verdicts a late bill or an amendment changes), in
        // descending order: every run takes them in the same order, so two runs never wait on each other.
        await this.repository.lockPeriod(manager, gstin, period);
        await this.repository.lockEarlierPeriods(manager, gstin, period);
        if (gstr2b && 'importId' in gstr2b) {
          await this.imports.moveIntoPeriod(manager, gstr2b.importId, gstin, period, 'import');
        } else if (gstr2b) {
          const source = imported ? 'import' : `api-${settings.gateway.gstr2bCatalog}`;
          await this.repository.replaceGstr2b(manager, gstin, period, source, toGstr2bRows(gstr2b.documents));
        }
        timer.mark('store 2B');
        // Amendments of earlier periods' documents supersede them there; pairings this period made of
        // earlier bills are released, to be made again (or not) by this matching.
        await this.repository.markAmendedOriginals(manager, gstin, period);
        await this.repository.releasePairedIn(manager, gstin, period);
        await this.repository.replacePurchases(
          manager,
          gstin,
          period,
          settings.connector,
          purchaseRows ?? [],
        );
        purchaseRows = undefined;
        timer.mark('store purchases');
        const result = await this.match(manager, runId, gstin, period, settings.connector, range, timer);
        await this.repository.finishRun(runId, result as unknown as Record<string, unknown>, manager);
        return result;
      });
      timer.mark('commit');
      this.logger.log(
        `reconciled ${gstin} ${period} (${timer.toString()}): ${JSON.stringify(summary.categories)}`,
      );
      return { runId, summary, timingsMs: timer.steps };
    } catch (error) {
      const wrapped = error instanceof ComplianceError ? error : ComplianceError.wrap(error);
      await this.repository.failRun(runId, wrapped.message, wrapped.errorClass);
      this.logger.warn(
        `reconciliation of ${gstin} ${period} failed (${wrapped.errorClass}): ${wrapped.message}`,
      );
      throw error;
    }
  }

  private async fetch(gstin: string, period: string): Promise<Gstr2bReturn> {
    const parsed = readReturn(await this.gateways.client(gstin).fetchGstr2b(period));
    if (parsed.gstin !== gstin || parsed.period !== period) {
      throw new ComplianceError(
        'rejected',
        `the gateway answered with GSTR-2B of ${parsed.gstin} ${parsed.period}`,
      );
    }
    return parsed;
  }

  private async pullPurchases(connector: string, range: PurchasePeriod): Promise<PurchaseRecord[]> {
    const live = this.connectors.get(connector);
    if (!live)
      throw new ComplianceError('config', `connector ${connector} (reconciliation.gstins) is not configured`);
    const records: PurchaseRecord[] = [];
    try {
      for await (const batch of live.connector.pullPurchases(range)) records.push(...batch);
    } catch (error) {
      // A register read in part is not reconciled: its bills' 2B documents would read as missing in books.
      if (error instanceof ConnectorError && error.errorClass === 'config') {
        throw new ComplianceError(
          'rejected',
          `purchases of connector ${connector} not reconciled: ${error.message}`,
          { code: 'purchases-incomplete', cause: error },
        );
      }
      throw error;
    }
    return records;
  }

  private async match(
    manager: EntityManager,
    runId: string,
    gstin: string,
    period: string,
    connector: string,
    range: PurchasePeriod,
    timer = new StepTimer(),
  ): Promise<RunSummary> {
    // One after another: they share the transaction's connection. Released once converted (below), so
    // the stored rows and the engine's documents are not both held through the matching and the storing.
    let purchases: StoredPurchase[] | undefined = await this.repository.purchases(manager, gstin, period);
    let documents: StoredGstr2b[] | undefined = await this.repository.gstr2bDocuments(manager, gstin, period);
    const decided = await this.repository.decidedMatches(manager, gstin, period);
    const elsewhere = new Map(
      (await this.repository.purchasesSettledElsewhere(manager, gstin, period, connector, range)).map((p) => [
        p.erpId,
        p,
      ]),
    );
    timer.mark('read back');
    const monthStart = periodRange(period).from;
    const counts = {
      purchaseRange: range,
      purchases: purchases.length,
      // The look-back's earlier months report their unreadable rows themselves.
      unreadablePurchases: purchases.filter((p) => p.fieldErrors && (!p.billDate || p.billDate >= monthStart))
        .length,
      gstr2bDocuments: documents.length,
    };
    const decidedPurchases = new Set(decided.flatMap((m) => (m.purchaseId ? [m.purchaseId] : [])));
    const decidedDocuments = new Set(decided.flatMap((m) => (m.gstr2bId ? [m.gstr2bId] : [])));
    const periods = new PeriodPlacement(period, monthStart);
    const books: RecoDocument[] = [];
    const erpIds = new Map<string, string>();
    for (const purchase of purchases) {
      if (decidedPurchases.has(purchase.id)) continue;
      const document = purchaseForMatching(purchase);
      if (!document) continue;
      const settled = elsewhere.get(purchase.erpId);
      if (settled) {
        // Paired or decided in another period: this month's bill says where; an earlier month's is not shown.
        if (document.date >= monthStart) periods.pairedElsewhere(document, settled);
        continue;
      }
      books.push(document);
      erpIds.set(document.id, purchase.erpId);
    }
    purchases = undefined;
    const portal: RecoDocument[] = [];
    for (const document of documents) {
      if (decidedDocuments.has(document.id)) continue;
      if (document.amendedIn) periods.amendedLater(document);
      else portal.push(gstr2bForMatching(document));
    }
    // An amendment of a pair an operator decided takes the pair and the decision over (not matched again).
    const carried = await this.carryDecisions(manager, gstin, period, books, portal, erpIds);
    // Only the documents GSTR-2B says something of (credit not simply available) are kept for the notes.
    const notes = new Map<string, string>();
    for (const document of documents) {
      const note = itcNote(document);
      if (note) notes.set(document.id, note);
    }
    documents = undefined;
    const matched = reconcile(books, portal, this.matchConfig());
    // Earlier months' bills read for the look-back are reported here only when this 2B pairs them.
    const { results, reportedBooks, lateBills } = periods.keepLookBackPairs(books, matched);
    try {
      assertEveryRowReported(reportedBooks, portal, results);
    } catch (error) {
      // A defect of the engine, not of the books: running again gives the same answer, so it is not retried.
      if (error instanceof RowAccountingError) {
        throw new ComplianceError('rejected', error.message, { code: 'row-accounting', cause: error });
      }
      throw error;
    }
    results.push(...periods.elsewhere);
    await this.repository.markPairedIn(
      manager,
      gstin,
      period,
      connector,
      lateBills.map((r) => ({ erpId: erpIds.get(r.bookId!)!, category: r.category })),
      range,
    );
    timer.mark('match');
    for (const result of results) {
      const note = result.gstr2bId ? notes.get(result.gstr2bId) : undefined;
      if (note) result.explanation.push(note);
    }
    await this.repository.replaceUndecidedMatches(manager, runId, gstin, period, results.map(toMatchRow));
    await this.repository.insertMatches(manager, runId, gstin, period, carried);
    timer.mark('store verdicts');
    const categories = summarise([
      ...results,
      ...carried,
      ...decided.map((m) => ({ category: m.category, itcAtStake: m.itcAtStake })),
    ]);
    return { ...counts, categories };
  }

  /**
   * Pairs of this period's amendments with the bill an operator decided against the original (same ERP id
   * in this period's books), the decision carried: both leave `books` and `portal`. An amendment whose
   * bill is not in this period's books is matched as usual.
   */
  private async carryDecisions(
    manager: EntityManager,
    gstin: string,
    period: string,
    books: RecoDocument[],
    portal: RecoDocument[],
    erpIds: ReadonlyMap<string, string>,
  ): Promise<MatchRow[]> {
    const decisions = await this.repository.decisionsOfAmendedPairs(manager, gstin, period);
    if (decisions.length === 0) return [];
    const bookByErpId = new Map([...erpIds].map(([id, erpId]) => [erpId, id]));
    const rows: MatchRow[] = [];
    for (const carried of decisions) {
      const bookIndex = books.findIndex((b) => b.id === bookByErpId.get(carried.erpId));
      const portalIndex = portal.findIndex((d) => d.id === carried.amendmentId);
      if (bookIndex < 0 || portalIndex < 0) continue;
      const [book] = books.splice(bookIndex, 1);
      const [amendment] = portal.splice(portalIndex, 1);
      const compared = comparePair(book, amendment, this.matchConfig());
      rows.push({
        ...toMatchRow(compared),
        rule: 'amendment-of-decided-pair',
        explanation: [
          `amends a document whose pair with this bill was decided in ${carried.period} (${carried.decision}); the decision carries over. Compared again: ${compared.category === 'exact' ? 'nothing differs beyond tolerance' : 'values differ'}`,
        ],
        decision: carried.decision,
        decidedBy: carried.decidedBy,
        decisionReason: carried.decisionReason,
      });
    }
    return rows;
  }
}

const ITC_REASONS: Record<string, string> = {
  P: "place of supply in the supplier's state (section 16)",
  C: 'the supplier filed after the time limit (section 16(4))',
};

/** What GSTR-2B says of the credit when it is not simply available: the tax team cannot claim it as is. */
function itcNote(document: StoredGstr2b | undefined): string | undefined {
  if (!document) return undefined;
  const reason = document.itcUnavailableReason
    ? `: ${ITC_REASONS[document.itcUnavailableReason] ?? document.itcUnavailableReason}`
    : '';
  if (document.itcAvailability === 'N') return `GSTR-2B marks the input tax credit not available${reason}`;
  if (document.itcAvailability === 'T') return 'GSTR-2B marks the input tax credit temporarily unavailable';
  if (document.reverseCharge) return "reverse charge: the credit follows the buyer's own tax payment";
  return undefined;
}

function readReturn(body: unknown): Gstr2bReturn {
  const parsed = parseGstr2b(body);
  if (parsed.errors.length > 0 || !parsed.return) {
    // Nothing is stored from a return with entries it cannot read: a partial 2B would show credit as missing.
    const shown = parsed.errors
      .slice(0, 20)
      .map((e) => `${e.path}: ${e.message}${e.value !== undefined ? ` (${e.value})` : ''}`);
    throw new ComplianceError(
      'validation',
      `GSTR-2B has ${parsed.errors.length} unreadable entr${parsed.errors.length === 1 ? 'y' : 'ies'}: ${shown.join('; ')}`,
      {
        response: parsed.errors,
      },
    );
  }
  return parsed.return;
}

export function toMatchRow(result: MatchResult): MatchRow {
  return {
    category: result.category,
    rule: result.rule,
    purchaseId: result.bookId ?? null,
    gstr2bId: result.gstr2bId ?? null,
    supplierGstin: result.supplierGstin,
    differences: result.differences,
    explanation: result.explanation,
    itcAtStake: result.itcAtStake,
    otherPeriod: result.otherPeriod ?? null,
  };
}

export function summarise(
  rows: readonly { category: string; itcAtStake: string }[],
): RunSummary['categories'] {
  const totals: RunSummary['categories'] = {};
  for (const category of MATCH_CATEGORIES) totals[category] = { count: 0, itcAtStake: '0.00' };
  for (const row of rows) {
    const entry = (totals[row.category] ??= { count: 0, itcAtStake: '0.00' });
    entry.count += 1;
    entry.itcAtStake = new Dec(entry.itcAtStake).plus(row.itcAtStake).toFixed(2);
  }
  return totals;
}
