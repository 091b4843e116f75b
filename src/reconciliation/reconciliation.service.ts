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
import { ConnectorError, type PurchasePeriod } from '../connectors';
import {
  Gstr2bImportRepository,
  ReconciliationRepository,
  type MatchRow,
  type PurchaseElsewhere,
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
import {
  amendedOriginals,
  gstr2bForMatching,
  purchaseForMatching,
  toGstr2bRows,
  toPurchaseRows,
  type AmendedOriginal,
} from './reconciliation-rows';
import { periodRange, purchaseRange, unreconcilablePeriod, unusablePurchaseRange } from './return-period';
import { PeriodPlacement } from './period-placement';
import { ReturnGatewaysService } from './return-gateways.service';
import { ArrivingImport, ImportRefused, type StagedImport } from './arriving-import';
import { StepTimer } from './step-timer';
import { SupplierShards, type Shard } from './supplier-shards';

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
    imported?: Gstr2bReturn | StagedImport | ArrivingImport,
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
      const summary = await this.repository.transaction(async (manager) => {
        // This period first, then every earlier one (whose verdicts a late bill or an amendment changes), in
        // descending order: every run takes them in the same order, so two runs never wait on each other.
        await this.repository.lockPeriod(manager, gstin, period);
        await this.repository.lockEarlierPeriods(manager, gstin, period);
        await this.repository.useRunMemory(manager);
        // The 2B is stored (PostgreSQL's work) while the register is pulled (the service's): the statements
        // share the transaction's connection, which takes them in the order they are sent.
        const stored2b = (async () => {
          // An import still arriving is stored as it arrives; the purchases are pulled meanwhile.
          if (gstr2b instanceof ArrivingImport) {
            await this.storeArriving(manager, gstin, period, gstr2b);
          } else if ('importId' in gstr2b) {
            await this.imports.moveIntoPeriod(manager, gstr2b.importId, gstin, period, 'import');
          } else {
            const source = imported ? 'import' : `api-${settings.gateway.gstr2bCatalog}`;
            await this.repository.replaceGstr2b(
              manager,
              gstin,
              period,
              source,
              toGstr2bRows(gstr2b.documents),
            );
          }
          // Amendments of earlier periods' documents supersede them there; pairings this period made of
          // earlier bills are released, to be made again (or not) by this matching.
          await this.repository.markAmendedOriginals(manager, gstin, period);
          await this.repository.releasePairedIn(manager, gstin, period);
        })();
        // A 2B that cannot be stored (a file refused while it arrived) ends the pull at its next batch.
        const abandoned = new AbortController();
        stored2b.catch(() => abandoned.abort());
        const purchases = await this.repository.purchasesWriter(manager, gstin, period, settings.connector);
        await this.pullPurchases(
          settings.connector,
          range,
          (rows) => purchases.write(rows),
          abandoned.signal,
        );
        timer.mark('pull and store purchases');
        await stored2b;
        await purchases.finish();
        timer.mark('store 2B');
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
      if (error instanceof ImportRefused) {
        // The file this run waited on was refused: nothing was reconciled, and the import says why.
        await this.repository.forgetRun(runId);
        throw error;
      }
      const wrapped = error instanceof ComplianceError ? error : ComplianceError.wrap(error);
      await this.repository.failRun(runId, wrapped.message, wrapped.errorClass);
      this.logger.warn(
        `reconciliation of ${gstin} ${period} failed (${wrapped.errorClass}): ${wrapped.message}`,
      );
      throw error;
    }
  }

  /**
   * An imported file's documents as they arrive, written straight into the period (upserted by identity,
   * one batch in flight): repeated identities numbered in file order across the batches, the documents the
   * file no longer holds removed, and originals an amendment of the same file names removed, as the staged
   * move does.
   */
  private async storeArriving(
    manager: EntityManager,
    gstin: string,
    period: string,
    arriving: ArrivingImport,
  ): Promise<void> {
    const writer = await this.repository.gstr2bWriter(manager, gstin, period, 'import');
    const repeats = new Map<string, number>();
    const amended: AmendedOriginal[] = [];
    let writing: Promise<void> = Promise.resolve();
    for await (const documents of arriving) {
      const rows = toGstr2bRows(documents, repeats);
      amended.push(...amendedOriginals(documents));
      await writing;
      writing = writer.write(rows);
      writing.catch(() => undefined);
    }
    await writing;
    await writer.finish();
    await this.repository.removeAmendedOriginals(manager, gstin, period, amended);
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

  /**
   * Pulls the register batch by batch into `store` (one batch stored while the next is pulled), so the
   * register is never held whole.
   */
  private async pullPurchases(
    connector: string,
    range: PurchasePeriod,
    store: (rows: PurchaseRow[]) => Promise<void>,
    abandoned?: AbortSignal,
  ): Promise<void> {
    const live = this.connectors.get(connector);
    if (!live)
      throw new ComplianceError('config', `connector ${connector} (reconciliation.gstins) is not configured`);
    const erpIds = new Map<string, number>();
    let storing: Promise<void> = Promise.resolve();
    try {
      for await (const batch of live.connector.pullPurchases(range)) {
        if (abandoned?.aborted) break;
        const rows = toPurchaseRows(batch, erpIds);
        await storing;
        storing = store(rows);
        storing.catch(() => undefined);
      }
      await storing;
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
  }

  /**
   * Matches the period a shard of suppliers at a time (SupplierShards): each shard's purchases and 2B
   * documents are read back with their own fetches, matched, and their verdicts written before the next
   * shard's; PostgreSQL reads the next shard and writes the last one's verdicts while this one is matched.
   */
  private async match(
    manager: EntityManager,
    runId: string,
    gstin: string,
    period: string,
    connector: string,
    range: PurchasePeriod,
    timer = new StepTimer(),
  ): Promise<RunSummary> {
    const decided = await this.repository.decidedMatches(manager, gstin, period);
    const elsewhere = new Map(
      (await this.repository.purchasesSettledElsewhere(manager, gstin, period, connector, range)).map((p) => [
        p.erpId,
        p,
      ]),
    );
    const monthStart = periodRange(period).from;
    const context: ShardContext = {
      decidedPurchases: new Set(decided.flatMap((m) => (m.purchaseId ? [m.purchaseId] : []))),
      decidedDocuments: new Set(decided.flatMap((m) => (m.gstr2bId ? [m.gstr2bId] : []))),
      elsewhere,
      monthStart,
      period,
    };
    // An amendment of a pair an operator decided takes the pair and the decision over (not matched again).
    const carried = await this.carryDecisions(manager, gstin, period, context);
    const expected = await this.repository.countPeriodRows(manager, gstin, period);
    await this.repository.openSupplierOrderedReads(manager, gstin, period);
    const shards = new SupplierShards(
      (rows) => this.repository.fetchOrderedPurchases(manager, rows),
      (rows) => this.repository.fetchOrderedGstr2b(manager, rows),
      this.config.reconciliation.matchShardRows,
    );
    const verdicts = await this.repository.undecidedMatchesWriter(manager, runId, gstin, period);
    // Verdicts are written one shard behind the matching; a failed write fails the run.
    let writing: Promise<void> = Promise.resolve();
    const counts = { purchases: 0, unreadablePurchases: 0, gstr2bDocuments: 0 };
    const lateBills: { erpId: string; category: string }[] = [];
    const categories = summarise([]);
    timer.mark('read back');
    // The steps add up over the shards; `read back` includes waiting for the previous shard's verdicts to
    // be written (one connection: PostgreSQL takes the statements in order).
    for (;;) {
      const shard = await shards.next();
      timer.mark('read back');
      if (!shard) break;
      const outcome = this.matchShard(shard, context);
      counts.purchases += shard.purchases.length;
      counts.unreadablePurchases += outcome.unreadable;
      counts.gstr2bDocuments += shard.documents.length;
      lateBills.push(...outcome.lateBills);
      addTo(categories, outcome.results);
      const rows = outcome.results.map(toMatchRow);
      // One shard's verdicts in flight at a time: memory stays bounded when PostgreSQL is the slower side.
      await writing;
      writing = verdicts.write(rows);
      writing.catch(() => undefined);
      timer.mark('match');
    }
    await writing;
    timer.mark('store verdicts');
    await this.repository.closeSupplierOrderedReads(manager);
    // Every row of the period in exactly one shard: the shards' checks add up to the period's.
    const read = shards.rowsRead;
    if (read.purchases !== expected.purchases || read.documents !== expected.gstr2b) {
      throw new ComplianceError(
        'rejected',
        `rows read do not equal rows reported: the shards read ${read.purchases} of ${expected.purchases} purchase row(s) and ${read.documents} of ${expected.gstr2b} GSTR-2B row(s)`,
        { code: 'row-accounting' },
      );
    }
    await this.repository.markPairedIn(manager, gstin, period, connector, lateBills, range);
    timer.mark('match');
    await verdicts.finish();
    await this.repository.insertMatches(manager, runId, gstin, period, carried.rows);
    timer.mark('store verdicts');
    addTo(categories, [...carried.rows, ...decided]);
    return { purchaseRange: range, ...counts, categories };
  }

  /** One shard matched: its verdicts (row accounting checked), its unreadable rows, its late bills. */
  private matchShard(
    shard: Shard<StoredPurchase, StoredGstr2b>,
    context: ShardContext,
  ): { results: MatchResult[]; unreadable: number; lateBills: { erpId: string; category: string }[] } {
    const { decidedPurchases, decidedDocuments, elsewhere, monthStart, carriedPurchases, carriedDocuments } =
      context;
    const periods = new PeriodPlacement(context.period, monthStart);
    const books: RecoDocument[] = [];
    const erpIds = new Map<string, string>();
    let unreadable = 0;
    for (const purchase of shard.purchases) {
      // The look-back's earlier months report their unreadable rows themselves.
      if (purchase.fieldErrors && (!purchase.billDate || purchase.billDate >= monthStart)) unreadable += 1;
      if (decidedPurchases.has(purchase.id) || carriedPurchases?.has(purchase.id)) continue;
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
    const portal: RecoDocument[] = [];
    // Only the documents GSTR-2B says something of (credit not simply available) are kept for the notes.
    const notes = new Map<string, string>();
    for (const document of shard.documents) {
      const note = itcNote(document);
      if (note) notes.set(document.id, note);
      if (decidedDocuments.has(document.id) || carriedDocuments?.has(document.id)) continue;
      if (document.amendedIn) periods.amendedLater(document);
      else portal.push(gstr2bForMatching(document));
    }
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
    for (const result of results) {
      const note = result.gstr2bId ? notes.get(result.gstr2bId) : undefined;
      if (note) result.explanation.push(note);
    }
    return {
      results,
      unreadable,
      lateBills: lateBills.map((r) => ({ erpId: erpIds.get(r.bookId!)!, category: r.category })),
    };
  }

  /**
   * Pairs of this period's amendments with the bill an operator decided against the original (same ERP id
   * in this period's books), the decision carried: both are kept out of the shards' matching
   * (`context.carriedPurchases`, `carriedDocuments`). An amendment whose bill is not in this period's books
   * (or is decided, unreadable, or settled in another period) is matched as usual.
   */
  private async carryDecisions(
    manager: EntityManager,
    gstin: string,
    period: string,
    context: ShardContext,
  ): Promise<{ rows: MatchRow[] }> {
    const decisions = await this.repository.decisionsOfAmendedPairs(manager, gstin, period);
    if (decisions.length === 0) return { rows: [] };
    const bills = new Map<string, RecoDocument>();
    for (const purchase of await this.repository.purchasesByErpIds(
      manager,
      gstin,
      period,
      decisions.map((d) => d.erpId),
    )) {
      if (context.decidedPurchases.has(purchase.id) || context.elsewhere.has(purchase.erpId)) continue;
      const document = purchaseForMatching(purchase);
      if (document) bills.set(purchase.erpId, document);
    }
    const amendments = new Map<string, RecoDocument>();
    for (const document of await this.repository.gstr2bByIds(
      manager,
      gstin,
      period,
      decisions.map((d) => d.amendmentId),
    )) {
      if (!context.decidedDocuments.has(document.id) && !document.amendedIn)
        amendments.set(document.id, gstr2bForMatching(document));
    }
    context.carriedPurchases = new Set();
    context.carriedDocuments = new Set();
    const rows: MatchRow[] = [];
    for (const carried of decisions) {
      const book = bills.get(carried.erpId);
      const amendment = amendments.get(carried.amendmentId);
      if (!book || !amendment) continue;
      if (context.carriedPurchases.has(book.id) || context.carriedDocuments.has(amendment.id)) continue;
      context.carriedPurchases.add(book.id);
      context.carriedDocuments.add(amendment.id);
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
    return { rows };
  }
}

/** What every shard's matching reads of the period as a whole. */
interface ShardContext {
  period: string;
  /** First day of the period's month (ISO). */
  monthStart: string;
  decidedPurchases: ReadonlySet<string>;
  decidedDocuments: ReadonlySet<string>;
  /** This period's bills paired or decided in another period, by ERP id. */
  elsewhere: ReadonlyMap<string, PurchaseElsewhere>;
  /** Bills and amendments a carried decision pairs (kept out of the matching). */
  carriedPurchases?: Set<string>;
  carriedDocuments?: Set<string>;
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
  addTo(totals, rows);
  return totals;
}

/** Adds `rows` to the category totals (a shard's verdicts to the run's). */
function addTo(
  totals: RunSummary['categories'],
  rows: readonly { category: string; itcAtStake: string }[],
): void {
  for (const row of rows) {
    const entry = (totals[row.category] ??= { count: 0, itcAtStake: '0.00' });
    entry.count += 1;
    entry.itcAtStake = new Dec(entry.itcAtStake).plus(row.itcAtStake).toFixed(2);
  }
}
