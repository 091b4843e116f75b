/**
 * Storage of GSTR-2B reconciliation: purchases and 2B documents per GSTIN and period, runs, and match
 * rows with the operator's decisions. Bulk writes go as one JSON parameter per chunk (100,000 rows of a
 * large buyer's month in a few dozen statements).
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { columnLiterals } from './array-literal';
import { returnedRows } from './returned-rows';
import {
  closeSupplierOrderedReads,
  useRunMemory,
  countPeriodRows,
  fetchGstr2b,
  fetchPurchases,
  GSTR2B_COLUMNS,
  openSupplierOrderedReads,
  PURCHASE_COLUMNS,
  type Keyed,
} from './supplier-ordered-reads';
import type { FieldError } from '../../domain';
import type { RecoMatchEntity, RecoRunEntity } from '../entities';
import type { Gstr2bRow, PurchaseRow, StoredGstr2b, StoredPurchase } from './reconciliation-rows';

export type { Gstr2bRow, PurchaseRow, StoredGstr2b, StoredPurchase } from './reconciliation-rows';

/** An operator's decision on a pair whose 2B document a later amendment superseded. */
export interface CarriedDecision {
  amendmentId: string;
  erpId: string;
  /** The period of the decided pair. */
  period: string;
  decision: NonNullable<RecoMatchEntity['decision']>;
  decidedBy: string | null;
  decisionReason: string | null;
}

/** A purchase of another period's books, by the ERP's id: paired or decided there, or not. */
export interface PurchaseElsewhere {
  erpId: string;
  period: string;
  category: string;
  decided: boolean;
}

export interface MatchRow {
  category: string;
  rule: string;
  purchaseId: string | null;
  gstr2bId: string | null;
  supplierGstin: string;
  differences: unknown[];
  explanation: string[];
  itcAtStake: string;
  otherPeriod?: string | null;
  decision?: RecoMatchEntity['decision'];
  decidedBy?: string | null;
  decisionReason?: string | null;
}

const CHUNK = 2000;

/** Rows written in batches (`write`, in order) and the replacement completed by `finish`. */
export interface ReplacingWriter<Row> {
  write(rows: readonly Row[]): Promise<void>;
  finish(): Promise<void>;
}

/**
 * One text per verdict of every column a report shows (category to other period, `itc_at_stake` as its
 * text so 1.0 and 1.00 differ): equal fingerprints, equal verdicts. Hashable, so the comparison of a
 * period's verdicts is one hash join.
 */
const VERDICT_FINGERPRINT = (t: string): string =>
  `md5(row(${t}.category, ${t}.rule, ${t}.purchase_id, ${t}.gstr2b_id, ${t}.supplier_gstin, ${t}.differences,
    ${t}.explanation, ${t}.itc_at_stake::text, ${t}.other_period)::text)`;
/** Rows per statement of the column-array (unnest) writes. */
const BULK_CHUNK = 10_000;

const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A table `replaceByKey` keeps equal to a fresh pull: its columns, their SQL types (text unless named). */
interface ReplacedTable<Row> {
  name: string;
  /** The third scope column: which pull the rows came from. */
  scopeColumn: string;
  key: keyof Row;
  columns: readonly (keyof Row)[];
  types: Partial<Record<keyof Row, string>>;
  conflict: string;
  onUpdate: string;
  /** True: a pull removes only its own rows (one connector's books); false: the whole period's. */
  deletesWithinScopeColumn: boolean;
}

const PURCHASE_TABLE: ReplacedTable<PurchaseRow> = {
  name: 'purchase_record',
  scopeColumn: 'connector',
  key: 'erpId',
  columns: [
    'erpId',
    'supplierGstin',
    'supplierName',
    'billNumber',
    'billDate',
    'documentType',
    'taxableValue',
    'igst',
    'cgst',
    'sgst',
    'cess',
    'total',
    'placeOfSupply',
    'reverseCharge',
    'portCode',
    'fieldErrors',
  ],
  types: {
    billDate: 'date',
    taxableValue: 'numeric',
    igst: 'numeric',
    cgst: 'numeric',
    sgst: 'numeric',
    cess: 'numeric',
    total: 'numeric',
    reverseCharge: 'boolean',
    fieldErrors: 'jsonb',
  },
  conflict: 'gstin, period, connector, erp_id',
  onUpdate: 'pulled_at = now()',
  deletesWithinScopeColumn: true,
};

// The document's detail stays json (not jsonb): it is kept as the gateway sent it, key order included.
const GSTR2B_TABLE: ReplacedTable<Gstr2bRow> = {
  name: 'gstr2b_document',
  scopeColumn: 'source',
  key: 'docKey',
  columns: [
    'docKey',
    'section',
    'kind',
    'supplierGstin',
    'supplierName',
    'number',
    'date',
    'taxableValue',
    'igst',
    'cgst',
    'sgst',
    'cess',
    'itcAvailability',
    'itcUnavailableReason',
    'reverseCharge',
    'sourceType',
    'irn',
    'placeOfSupply',
    'portCode',
    'detail',
  ],
  types: {
    date: 'date',
    taxableValue: 'numeric',
    igst: 'numeric',
    cgst: 'numeric',
    sgst: 'numeric',
    cess: 'numeric',
    reverseCharge: 'boolean',
    detail: 'json',
  },
  conflict: 'gstin, period, doc_key',
  onUpdate: 'source = EXCLUDED.source, fetched_at = now()',
  deletesWithinScopeColumn: false,
};

/**
 * Amendments in GSTR-2B: b2ba, cdnra and isda name the original they replace (`original.number`, section
 * without its "a"); a bill of entry amended at customs (impg/impgsez `isamd` Y) replaces the earlier entry of
 * its own BOE number in its own section.
 */
const IS_AMENDMENT = `(section IN ('b2ba', 'cdnra', 'isda')
  OR (section IN ('impg', 'impgsez') AND detail->>'amendedAtCustoms' = 'true'))`;
const ORIGINAL_SECTION = `CASE WHEN section IN ('impg', 'impgsez') THEN section ELSE left(section, length(section) - 1) END`;
const ORIGINAL_NUMBER = `upper(CASE WHEN section IN ('impg', 'impgsez') THEN number ELSE detail->'original'->>'number' END)`;

@Injectable()
export class ReconciliationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One holder per GSTIN and period across every process, for the length of `manager`'s transaction. */
  async lockPeriod(manager: EntityManager, gstin: string, period: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`reco:${gstin}:${period}`]);
  }

  /** PostgreSQL's sort and hash memory for the rest of the run's transaction (see `RUN_WORK_MEMORY`). */
  async useRunMemory(manager: EntityManager): Promise<void> {
    await useRunMemory(manager);
  }

  /**
   * Every earlier period of the GSTIN with stored verdicts or documents, newest first: a run changes their
   * verdicts (late bills, amendments) and takes their locks after its own, in this one order.
   */
  async lockEarlierPeriods(manager: EntityManager, gstin: string, period: string): Promise<void> {
    const earlier: { period: string }[] = await manager.query(
      `SELECT period FROM (SELECT DISTINCT period FROM reco_run WHERE gstin = $1
         AND period ~ '^(0[1-9]|1[0-2])[0-9]{4}$' AND to_date(period, 'MMYYYY') < to_date($2, 'MMYYYY')) p
       ORDER BY to_date(period, 'MMYYYY') DESC`,
      [gstin, period],
    );
    for (const { period: other } of earlier) await this.lockPeriod(manager, gstin, other);
  }

  /**
   * The connector's purchases of the period, as pulled now: rows are updated in place (their ids, and
   * so the operator's decisions on them, stay); rows the books no longer hold are removed.
   */
  async replacePurchases(
    manager: EntityManager,
    gstin: string,
    period: string,
    connector: string,
    rows: readonly PurchaseRow[],
  ): Promise<void> {
    const writer = await this.purchasesWriter(manager, gstin, period, connector);
    await writer.write(rows);
    await writer.finish();
  }

  /**
   * `replacePurchases` batch by batch, as the pull gives them: `write` each batch (in order), then
   * `finish` removes the rows no batch held. Nothing of the register is held whole.
   */
  purchasesWriter(
    manager: EntityManager,
    gstin: string,
    period: string,
    connector: string,
  ): Promise<ReplacingWriter<PurchaseRow>> {
    return this.replacingWriter(manager, PURCHASE_TABLE, [gstin, period, connector]);
  }

  /** The period's GSTR-2B as fetched now, replacing what an earlier fetch stored (by document identity). */
  async replaceGstr2b(
    manager: EntityManager,
    gstin: string,
    period: string,
    source: string,
    rows: readonly Gstr2bRow[],
  ): Promise<void> {
    const writer = await this.gstr2bWriter(manager, gstin, period, source);
    await writer.write(rows);
    await writer.finish();
  }

  /**
   * `replaceGstr2b` batch by batch, as an imported file arrives: `write` each batch (in order, keys already
   * numbered), then `finish` removes the period's documents no batch held.
   */
  gstr2bWriter(
    manager: EntityManager,
    gstin: string,
    period: string,
    source: string,
  ): Promise<ReplacingWriter<Gstr2bRow>> {
    return this.replacingWriter(manager, GSTR2B_TABLE, [gstin, period, source]);
  }

  /**
   * Removes the period's originals that amendments of the same return replace (same supplier, section and
   * number, case aside): the amendment stands in their place.
   */
  async removeAmendedOriginals(
    manager: EntityManager,
    gstin: string,
    period: string,
    originals: readonly { supplierGstin: string; section: string; number: string }[],
  ): Promise<void> {
    if (originals.length === 0) return;
    await manager.query(
      `DELETE FROM gstr2b_document d
       USING unnest($3::text[], $4::text[], $5::text[]) AS a(supplier_gstin, section, number)
       WHERE d.gstin = $1 AND d.period = $2 AND d.section = a.section
         AND coalesce(d.supplier_gstin, '') = a.supplier_gstin AND upper(d.number) = upper(a.number)`,
      [gstin, period, ...columnLiterals(originals, ['supplierGstin', 'section', 'number'])],
    );
  }

  /**
   * Upserts rows by the table's key within the scope ($1 gstin, $2 period, $3 connector or source) and, on
   * `finish`, removes the scope's rows not among them. Rows go as column arrays in chunks; the keys seen
   * are kept in a transaction-scoped temp table so the delete sees every chunk.
   */
  private async replacingWriter<Row extends object>(
    manager: EntityManager,
    table: ReplacedTable<Row>,
    scope: readonly [string, string, string],
  ): Promise<ReplacingWriter<Row>> {
    const key = snake(table.key as string);
    const columns = table.columns.map((c) => snake(c as string));
    const names = columns.join(', ');
    const seen = `seen_${table.name}`;
    await manager.query(`CREATE TEMP TABLE IF NOT EXISTS ${seen} (${key} text) ON COMMIT DROP`);
    await manager.query(`TRUNCATE ${seen}`);
    // One array per column (unnest): PostgreSQL reads arrays far faster than JSON recordsets. JSON columns go
    // as one JSON array each (one native stringify), joined by position: node-postgres would escape every
    // quote of every element of a text array.
    const types = table.columns.map((c) => table.types[c] ?? 'text');
    const isJson = (type: string) => type === 'json' || type === 'jsonb';
    const scalars = table.columns.filter((_, i) => !isJson(types[i]));
    const jsons = table.columns.filter((_, i) => isJson(types[i]));
    const scalarTypes = types.filter((t) => !isJson(t));
    const jsonTypes = types.filter(isJson);
    const params = (chunk: readonly Row[]) => [
      ...columnLiterals(chunk, scalars),
      ...jsons.map((c) => JSON.stringify(chunk.map((row) => (row[c] as unknown) ?? null))),
    ];
    const scalarNames = scalars.map((c) => snake(c as string));
    const jsonNames = jsons.map((c) => snake(c as string));
    const input = `SELECT ${[
      ...scalarNames.map((c) => `r.${c}`),
      ...jsonNames.map(
        (c, j) =>
          `CASE WHEN json_typeof(j${j}.v) = 'null' THEN NULL ELSE j${j}.v::${jsonTypes[j]} END AS ${c}`,
      ),
    ].join(', ')}
      FROM unnest(${scalarTypes.map((t, i) => `$${i + 4}::${t}[]`).join(', ')})
        WITH ORDINALITY AS r(${[...scalarNames, 'ordinality'].join(', ')})
      ${jsonNames
        .map(
          (_, j) =>
            `JOIN json_array_elements($${scalars.length + j + 4}::json) WITH ORDINALITY AS j${j}(v, ordinality) USING (ordinality)`,
        )
        .join('\n')}`;
    // A row pulled again as it was is not rewritten (no dead row, no index entry): a re-run of an unchanged
    // month writes nothing here. json has no equality: compared as its text.
    const compared = [table.scopeColumn, ...columns.filter((c) => c !== key)].map(
      (c, i) =>
        `${c}${i > 0 && types[table.columns.findIndex((k) => snake(k as string) === c)] === 'json' ? '::text' : ''}`,
    );
    const unchanged = `(${compared.map((c) => `t.${c}`).join(', ')}) IS DISTINCT FROM (${compared.map((c) => `EXCLUDED.${c}`).join(', ')})`;
    const upsert = `WITH input AS (${input}),
         seen AS (INSERT INTO ${seen} SELECT ${key} FROM input)
         INSERT INTO ${table.name} AS t (gstin, period, ${table.scopeColumn}, ${names})
         SELECT $1, $2, $3, ${names} FROM input
         ON CONFLICT (${table.conflict}) DO UPDATE SET
           ${columns
             .filter((c) => c !== key)
             .map((c) => `${c} = EXCLUDED.${c}`)
             .join(', ')},
           ${table.onUpdate}
         WHERE ${unchanged}`;
    const scopeFilter = table.conflict.includes(table.scopeColumn) ? `AND t.${table.scopeColumn} = $3` : '';
    return {
      // Every chunk's statement is sent at once: PostgreSQL takes them in order while the caller goes on.
      write: async (rows) => {
        const statements: Promise<unknown>[] = [];
        for (let start = 0; start < rows.length; start += BULK_CHUNK) {
          statements.push(
            manager.query(upsert, [...scope, ...params(rows.slice(start, start + BULK_CHUNK))]),
          );
        }
        await Promise.all(statements);
      },
      finish: async () => {
        await manager.query(
          `DELETE FROM ${table.name} t WHERE t.gstin = $1 AND t.period = $2 ${scopeFilter}
             AND NOT EXISTS (SELECT 1 FROM ${seen} s WHERE s.${key} = t.${key})`,
          scopeFilter ? [...scope] : scope.slice(0, 2),
        );
      },
    };
  }

  async purchases(manager: EntityManager, gstin: string, period: string): Promise<StoredPurchase[]> {
    return manager.query(`SELECT ${PURCHASE_COLUMNS} FROM purchase_record WHERE gstin = $1 AND period = $2`, [
      gstin,
      period,
    ]);
  }

  async gstr2bDocuments(manager: EntityManager, gstin: string, period: string): Promise<StoredGstr2b[]> {
    return manager.query(`SELECT ${GSTR2B_COLUMNS} FROM gstr2b_document WHERE gstin = $1 AND period = $2`, [
      gstin,
      period,
    ]);
  }

  /** The period's purchases with these ERP ids (a carried decision's bill). */
  async purchasesByErpIds(
    manager: EntityManager,
    gstin: string,
    period: string,
    erpIds: readonly string[],
  ): Promise<StoredPurchase[]> {
    return manager.query(
      `SELECT ${PURCHASE_COLUMNS} FROM purchase_record WHERE gstin = $1 AND period = $2 AND erp_id = ANY($3::text[])`,
      [gstin, period, erpIds],
    );
  }

  /** The period's 2B documents with these ids (a carried decision's amendment). */
  async gstr2bByIds(
    manager: EntityManager,
    gstin: string,
    period: string,
    ids: readonly string[],
  ): Promise<StoredGstr2b[]> {
    return manager.query(
      `SELECT ${GSTR2B_COLUMNS} FROM gstr2b_document WHERE gstin = $1 AND period = $2 AND id = ANY($3::uuid[])`,
      [gstin, period, ids],
    );
  }

  /** Both sides of the period in supplier order, a chunk at a time (the matching's shards). */
  async openSupplierOrderedReads(manager: EntityManager, gstin: string, period: string): Promise<void> {
    await openSupplierOrderedReads(manager, gstin, period);
  }

  fetchOrderedPurchases(manager: EntityManager, rows: number): Promise<Keyed<StoredPurchase>[]> {
    return fetchPurchases(manager, rows);
  }

  fetchOrderedGstr2b(manager: EntityManager, rows: number): Promise<Keyed<StoredGstr2b>[]> {
    return fetchGstr2b(manager, rows);
  }

  async closeSupplierOrderedReads(manager: EntityManager): Promise<void> {
    await closeSupplierOrderedReads(manager);
  }

  countPeriodRows(
    manager: EntityManager,
    gstin: string,
    period: string,
  ): Promise<{ purchases: number; gstr2b: number }> {
    return countPeriodRows(manager, gstin, period);
  }

  async decidedMatches(manager: EntityManager, gstin: string, period: string): Promise<RecoMatchEntity[]> {
    const rows = await manager.query<Record<string, unknown>[]>(
      `SELECT ${MATCH_COLUMNS} FROM reco_match WHERE gstin = $1 AND period = $2 AND decision IS NOT NULL`,
      [gstin, period],
    );
    return rows.map(toMatch);
  }

  /**
   * Makes the period's undecided rows equal to `rows`; decided rows stay as the operator left them. Only what
   * changed is written: the run's verdicts go to a scratch table, the undecided rows not among them are
   * deleted and the verdicts not already stored are inserted (by a fingerprint of every column shown). A
   * verdict a re-run gives again is kept as it was, with the run that first gave it (`run_id`).
   */
  async replaceUndecidedMatches(
    manager: EntityManager,
    runId: string,
    gstin: string,
    period: string,
    rows: readonly MatchRow[],
  ): Promise<void> {
    const writer = await this.undecidedMatchesWriter(manager, runId, gstin, period);
    await writer.write(rows);
    await writer.finish();
  }

  /**
   * `replaceUndecidedMatches` in parts: the verdicts of each shard written as they come (`write`, in
   * order), the stored rows the run no longer gives removed by `finish` once every shard is written.
   */
  async undecidedMatchesWriter(
    manager: EntityManager,
    runId: string,
    gstin: string,
    period: string,
  ): Promise<{ write(rows: readonly MatchRow[]): Promise<void>; finish(): Promise<void> }> {
    const [stored] = await manager.query<{ any: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM reco_match WHERE gstin = $1 AND period = $2 AND decision IS NULL) AS any`,
      [gstin, period],
    );
    if (!stored.any) {
      // The period's first run (or every verdict decided): nothing to compare with.
      return {
        write: (rows) => this.insertMatchesBulk(manager, rows, { gstin, period, runId }),
        finish: () => Promise.resolve(),
      };
    }
    await manager.query(
      `CREATE TEMP TABLE IF NOT EXISTS reco_match_new (category text, rule text, purchase_id uuid, gstr2b_id uuid,
         supplier_gstin text, differences jsonb, explanation jsonb, itc_at_stake numeric, other_period text,
         fingerprint text)
       ON COMMIT DROP`,
    );
    await manager.query(`TRUNCATE reco_match_new`);
    return {
      write: (rows) => this.insertMatchesBulk(manager, rows, 'reco_match_new'),
      finish: async () => {
        // Each side's fingerprints computed once (the new verdicts' as they were written), then two hash
        // anti-joins on them: the stored verdicts the run no longer gives go, the new ones not stored come in.
        await manager.query(
          `CREATE TEMP TABLE IF NOT EXISTS reco_match_stored (id uuid, fingerprint text) ON COMMIT DROP`,
        );
        await manager.query(`TRUNCATE reco_match_stored`);
        await manager.query(
          `INSERT INTO reco_match_stored SELECT m.id, ${VERDICT_FINGERPRINT('m')} FROM reco_match m
           WHERE m.gstin = $1 AND m.period = $2 AND m.decision IS NULL`,
          [gstin, period],
        );
        await manager.query(`ANALYZE reco_match_new`);
        await manager.query(`ANALYZE reco_match_stored`);
        await manager.query(
          `DELETE FROM reco_match m USING reco_match_stored s
           WHERE m.id = s.id AND NOT EXISTS (SELECT 1 FROM reco_match_new n WHERE n.fingerprint = s.fingerprint)`,
        );
        await manager.query(
          `INSERT INTO reco_match (gstin, period, run_id, category, rule, purchase_id, gstr2b_id, supplier_gstin,
             differences, explanation, itc_at_stake, other_period)
           SELECT $1, $2, $3, n.category, n.rule, n.purchase_id, n.gstr2b_id, n.supplier_gstin, n.differences,
             n.explanation, n.itc_at_stake, n.other_period
           FROM reco_match_new n
           WHERE NOT EXISTS (SELECT 1 FROM reco_match_stored s WHERE s.fingerprint = n.fingerprint)`,
          [gstin, period, runId],
        );
      },
    };
  }

  /**
   * Verdicts as column arrays (unnest): into the scratch table of `replaceUndecidedMatches`, or (`into` a
   * period) straight into `reco_match` as the run's.
   */
  private async insertMatchesBulk(
    manager: EntityManager,
    rows: readonly MatchRow[],
    into: 'reco_match_new' | { gstin: string; period: string; runId: string },
  ): Promise<void> {
    const [table, scopeColumns, scopeValues, scope] =
      into === 'reco_match_new'
        ? [into, '', '', []]
        : ['reco_match', 'gstin, period, run_id, ', '$10, $11, $12, ', [into.gstin, into.period, into.runId]];
    // The scratch table keeps each verdict's fingerprint, computed here once.
    const [fingerprintColumn, fingerprint] =
      into === 'reco_match_new' ? [', fingerprint', `, ${VERDICT_FINGERPRINT('v')}`] : ['', ''];
    for (let start = 0; start < rows.length; start += BULK_CHUNK) {
      const chunk = rows.slice(start, start + BULK_CHUNK);
      // The JSON columns go as one JSON array each (one native stringify): node-postgres would escape every
      // quote of every element of a text array.
      await manager.query(
        `INSERT INTO ${table} (${scopeColumns}category, rule, purchase_id, gstr2b_id, supplier_gstin, differences,
           explanation, itc_at_stake, other_period${fingerprintColumn})
         SELECT ${scopeValues}v.category, v.rule, v.purchase_id, v.gstr2b_id, v.supplier_gstin, v.differences,
           v.explanation, v.itc_at_stake, v.other_period${fingerprint}
         FROM (SELECT r.category, r.rule, r.purchase_id, r.gstr2b_id, r.supplier_gstin,
             d.differences::jsonb AS differences, e.explanation::jsonb AS explanation, r.itc_at_stake, r.other_period
           FROM unnest($1::text[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::numeric[], $7::text[])
             WITH ORDINALITY AS r(category, rule, purchase_id, gstr2b_id, supplier_gstin, itc_at_stake, other_period,
               ordinality)
           JOIN json_array_elements($8::json) WITH ORDINALITY AS d(differences, ordinality) USING (ordinality)
           JOIN json_array_elements($9::json) WITH ORDINALITY AS e(explanation, ordinality) USING (ordinality)) v`,
        [
          ...columnLiterals(chunk, [
            'category',
            'rule',
            'purchaseId',
            'gstr2bId',
            'supplierGstin',
            'itcAtStake',
            'otherPeriod',
          ]),
          JSON.stringify(chunk.map((r) => r.differences)),
          JSON.stringify(chunk.map((r) => r.explanation)),
          ...scope,
        ],
      );
    }
  }

  /**
   * How the connector's purchases with these ERP ids stand in other periods' verdicts: paired with a 2B
   * document there (any category with a counterpart, other than one pointing elsewhere) or decided by an
   * operator. A bill already settled in one period is not paired again in another.
   */
  async purchasesSettledElsewhere(
    manager: EntityManager,
    gstin: string,
    period: string,
    connector: string,
    range: { from: string; to: string },
  ): Promise<PurchaseElsewhere[]> {
    // Driven by the other periods' rows of the same bill dates (few periods overlap a range), materialised
    // so that fresh rows without statistics never send the planner into a nested loop over both sides.
    return manager.query(
      `WITH here AS MATERIALIZED (
         SELECT erp_id FROM purchase_record WHERE gstin = $1 AND period = $2 AND connector = $3),
       other AS MATERIALIZED (
         SELECT id, erp_id FROM purchase_record
         WHERE gstin = $1 AND connector = $3 AND period <> $2 AND bill_date BETWEEN $4::date AND $5::date)
       SELECT DISTINCT ON (o.erp_id) o.erp_id AS "erpId", m.period, m.category,
         m.decision IS NOT NULL AS decided
       FROM other o
       JOIN here h ON h.erp_id = o.erp_id
       JOIN reco_match m ON m.purchase_id = o.id
       WHERE m.category NOT IN ('in-other-period', 'amended')
         AND (m.decision IS NOT NULL OR m.gstr2b_id IS NOT NULL)
       ORDER BY o.erp_id, m.decision IS NOT NULL DESC, m.period DESC`,
      [gstin, period, connector, range.from, range.to],
    );
  }

  /**
   * Decisions an operator took on pairs whose 2B document this period's amendments superseded: the
   * amendment, the ERP id of the bill decided, and the decision, to be carried over to the amendment's pair.
   */
  async decisionsOfAmendedPairs(
    manager: EntityManager,
    gstin: string,
    period: string,
  ): Promise<CarriedDecision[]> {
    return manager.query(
      `SELECT o.amended_by AS "amendmentId", p.erp_id AS "erpId", m.period, m.category, m.decision,
         m.decided_by AS "decidedBy", m.decision_reason AS "decisionReason"
       FROM gstr2b_document o
       JOIN reco_match m ON m.gstr2b_id = o.id AND m.decision IS NOT NULL AND m.category = 'amended'
       JOIN purchase_record p ON p.id = m.purchase_id
       WHERE o.gstin = $1 AND o.amended_in = $2`,
      [gstin, period],
    );
  }

  /**
   * Verdicts of other periods that say a bill was paired in `period`: put back to missing-in-2b before
   * `period` is matched again (the pairing may not hold this time). Decided rows are not touched.
   */
  async releasePairedIn(manager: EntityManager, gstin: string, period: string): Promise<void> {
    await manager.query(
      `UPDATE reco_match m SET category = 'missing-in-2b', rule = 'unmatched', other_period = NULL,
         explanation = '["no invoice of this supplier in GSTR-2B matches by number or values"]'::jsonb,
         itc_at_stake = abs(coalesce(p.igst, 0)) + abs(coalesce(p.cgst, 0)) + abs(coalesce(p.sgst, 0))
           + abs(coalesce(p.cess, 0))
       FROM purchase_record p
       WHERE p.id = m.purchase_id AND m.gstin = $1 AND m.other_period = $2 AND m.category = 'in-other-period'
         AND m.decision IS NULL`,
      [gstin, period],
    );
  }

  /**
   * The bills of other periods' books (same connector and ERP id) paired in `period`: their undecided
   * missing-in-2b verdicts there now say where they were paired. Returns the periods touched.
   */
  async markPairedIn(
    manager: EntityManager,
    gstin: string,
    period: string,
    connector: string,
    paired: readonly { erpId: string; category: string }[],
    range: { from: string; to: string },
  ): Promise<void> {
    if (paired.length === 0) return;
    await manager.query(
      `UPDATE reco_match m SET category = 'in-other-period', rule = 'paired-in-other-period', other_period = $2,
         itc_at_stake = 0,
         explanation = jsonb_build_array('paired with GSTR-2B of ' || $2 || ' (' || x.category || '): see that period')
       FROM purchase_record p, unnest($4::text[], $5::text[]) AS x(erp_id, category)
       WHERE p.gstin = $1 AND p.connector = $3 AND p.bill_date BETWEEN $6::date AND $7::date
         AND p.erp_id = x.erp_id AND p.period <> $2
         AND m.purchase_id = p.id AND m.period = p.period AND m.category = 'missing-in-2b' AND m.decision IS NULL`,
      [
        gstin,
        period,
        connector,
        paired.map((p) => p.erpId),
        paired.map((p) => p.category),
        range.from,
        range.to,
      ],
    );
  }

  /**
   * 2B documents of earlier periods that this period's amendments (b2ba, cdnra, isda) supersede: marked
   * with the period and the amending document; marks this period no longer makes are cleared. This
   * period's documents a later period's stored amendment names are marked too (periods imported out of
   * order). Their
   * undecided verdicts there become `amended`, and a purchase paired with one is missing again (it is
   * paired with the amendment, if anywhere, in this period). Returns how many were marked.
   */
  async markAmendedOriginals(manager: EntityManager, gstin: string, period: string): Promise<number> {
    await manager.query(
      `UPDATE gstr2b_document SET amended_in = NULL, amended_by = NULL WHERE gstin = $1 AND amended_in = $2`,
      [gstin, period],
    );
    // This period's own documents that a later period's amendment (stored before this one) already names.
    // Amendments are few against a period's documents: read them once (materialised), then one hash join
    // on section, supplier and number (IS NOT DISTINCT FROM would keep the planner from hashing).
    await manager.query(
      `WITH later AS MATERIALIZED (
         SELECT id, period, ${ORIGINAL_SECTION} AS original_section, coalesce(supplier_gstin, '') AS supplier,
           ${ORIGINAL_NUMBER} AS original_number
         FROM gstr2b_document
         WHERE gstin = $1 AND ${IS_AMENDMENT} AND to_date(period, 'MMYYYY') > to_date($2, 'MMYYYY'))
       UPDATE gstr2b_document o SET amended_in = a.period, amended_by = a.id
       FROM later a
       WHERE o.gstin = $1 AND o.period = $2 AND o.amended_in IS NULL
         AND o.section = a.original_section AND coalesce(o.supplier_gstin, '') = a.supplier
         AND upper(o.number) = a.original_number`,
      [gstin, period],
    );
    const marked = returnedRows<{ id: string; period: string; amendment: string; section: string }>(
      await manager.query(
        `WITH amendments AS MATERIALIZED (
           SELECT id, number, section, ${ORIGINAL_SECTION} AS original_section,
             coalesce(supplier_gstin, '') AS supplier, ${ORIGINAL_NUMBER} AS original_number
           FROM gstr2b_document WHERE gstin = $1 AND period = $2 AND ${IS_AMENDMENT})
         UPDATE gstr2b_document o SET amended_in = $2, amended_by = a.id
         FROM amendments a
         WHERE o.gstin = $1 AND to_date(o.period, 'MMYYYY') < to_date($2, 'MMYYYY')
           AND o.section = a.original_section AND coalesce(o.supplier_gstin, '') = a.supplier
           AND upper(o.number) = a.original_number
         RETURNING o.id, o.period, a.number AS amendment, a.section`,
        [gstin, period],
      ),
    );
    if (marked.length === 0) return 0;
    // Their verdicts: an undecided pair or missing row becomes `amended` for the document; the purchase it
    // was paired with is missing again in its own period until this period pairs it. Two statements, in
    // this order: a purchase has one verdict at a time (unique index), so the pair lets go of it first.
    const released = returnedRows<{ purchaseId: string; period: string; supplierGstin: string }>(
      await manager.query(
        `WITH superseded AS (
           SELECT m.id, m.purchase_id, x.amendment, x.section
           FROM reco_match m JOIN unnest($3::uuid[], $4::text[], $5::text[]) AS x(id, amendment, section)
             ON m.gstr2b_id = x.id
           WHERE m.gstin = $1 AND m.category <> 'amended')
         UPDATE reco_match m SET category = 'amended', rule = 'amended-in-later-period',
           -- A decided pair keeps its purchase and its decision: the amendment's pair takes the decision over.
           purchase_id = CASE WHEN m.decision IS NULL THEN NULL ELSE m.purchase_id END,
           other_period = $2, itc_at_stake = 0, differences = '[]'::jsonb,
           explanation = jsonb_build_array('amended by ' || upper(s.section) || ' ' || s.amendment
             || ' in GSTR-2B of ' || $2 || ': the amendment takes over this document''s match there')
         FROM superseded s WHERE m.id = s.id
         RETURNING CASE WHEN m.decision IS NULL THEN s.purchase_id END AS "purchaseId", m.period,
           m.supplier_gstin AS "supplierGstin"`,
        [
          gstin,
          period,
          marked.map((m) => m.id),
          marked.map((m) => m.amendment),
          marked.map((m) => m.section),
        ],
      ),
    ).filter((row) => row.purchaseId !== null);
    if (released.length > 0) {
      await manager.query(
        `INSERT INTO reco_match (gstin, period, run_id, category, rule, purchase_id, supplier_gstin, differences,
           explanation, itc_at_stake)
         SELECT $1, r.period, NULL, 'missing-in-2b', 'unmatched', p.id, r.supplier_gstin, '[]'::jsonb,
           '["its GSTR-2B document was amended in a later period; see that period"]'::jsonb,
           abs(coalesce(p.igst, 0)) + abs(coalesce(p.cgst, 0)) + abs(coalesce(p.sgst, 0)) + abs(coalesce(p.cess, 0))
         FROM unnest($2::uuid[], $3::text[], $4::text[]) AS r(purchase_id, period, supplier_gstin)
         JOIN purchase_record p ON p.id = r.purchase_id`,
        [
          gstin,
          released.map((r) => r.purchaseId),
          released.map((r) => r.period),
          released.map((r) => r.supplierGstin),
        ],
      );
    }
    return marked.length;
  }

  async insertMatches(
    manager: EntityManager,
    runId: string | null,
    gstin: string,
    period: string,
    rows: readonly MatchRow[],
  ): Promise<string[]> {
    const ids: string[] = [];
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK).map((row) => ({
        category: row.category,
        rule: row.rule,
        purchase_id: row.purchaseId,
        gstr2b_id: row.gstr2bId,
        supplier_gstin: row.supplierGstin,
        differences: row.differences,
        explanation: row.explanation,
        itc_at_stake: row.itcAtStake,
        decision: row.decision ?? null,
        decided_by: row.decidedBy ?? null,
        decision_reason: row.decisionReason ?? null,
      }));
      const inserted: { id: string }[] = await manager.query(
        `INSERT INTO reco_match (gstin, period, run_id, category, rule, purchase_id, gstr2b_id, supplier_gstin,
           differences, explanation, itc_at_stake, decision, decided_by, decided_at, decision_reason)
         SELECT $1, $2, $3, category, rule, purchase_id, gstr2b_id, supplier_gstin, differences, explanation,
           itc_at_stake, decision, decided_by, CASE WHEN decision IS NULL THEN NULL ELSE now() END, decision_reason
         FROM ROWS FROM (jsonb_to_recordset($4::jsonb) AS (category text, rule text, purchase_id uuid,
           gstr2b_id uuid, supplier_gstin text, differences jsonb, explanation jsonb, itc_at_stake numeric,
           decision text, decided_by text, decision_reason text)) WITH ORDINALITY AS r(category, rule,
           purchase_id, gstr2b_id, supplier_gstin, differences, explanation, itc_at_stake, decision,
           decided_by, decision_reason, position)
         ORDER BY position
         RETURNING id`,
        [gstin, period, runId, JSON.stringify(chunk)],
      );
      ids.push(...inserted.map((row) => row.id));
    }
    return ids;
  }

  async matchesByIds(manager: EntityManager, ids: readonly string[]): Promise<RecoMatchEntity[]> {
    const rows = await manager.query<Record<string, unknown>[]>(
      `SELECT ${MATCH_COLUMNS} FROM reco_match WHERE id = ANY($1::uuid[]) FOR UPDATE`,
      [ids],
    );
    return rows.map(toMatch);
  }

  async matchesOfDocuments(
    manager: EntityManager,
    purchaseId: string,
    gstr2bId: string,
  ): Promise<RecoMatchEntity[]> {
    const rows = await manager.query<Record<string, unknown>[]>(
      `SELECT ${MATCH_COLUMNS} FROM reco_match WHERE purchase_id = $1 OR gstr2b_id = $2 FOR UPDATE`,
      [purchaseId, gstr2bId],
    );
    return rows.map(toMatch);
  }

  async decide(
    manager: EntityManager,
    id: string,
    decision: NonNullable<RecoMatchEntity['decision']>,
    by: string,
    reason: string | null,
  ): Promise<void> {
    await manager.query(
      `UPDATE reco_match SET decision = $2, decided_by = $3, decided_at = now(), decision_reason = $4 WHERE id = $1`,
      [id, decision, by, reason],
    );
  }

  async deleteMatches(manager: EntityManager, ids: readonly string[]): Promise<void> {
    await manager.query(`DELETE FROM reco_match WHERE id = ANY($1::uuid[])`, [ids]);
  }

  async purchaseById(
    manager: EntityManager,
    id: string,
  ): Promise<(StoredPurchase & { gstin: string; period: string }) | undefined> {
    const rows: (StoredPurchase & { gstin: string; period: string })[] = await manager.query(
      `SELECT id, gstin, period, erp_id AS "erpId", supplier_gstin AS "supplierGstin", bill_number AS "billNumber",
         to_char(bill_date, 'YYYY-MM-DD') AS "billDate", document_type AS "documentType",
         taxable_value::text AS "taxableValue", igst::text AS igst, cgst::text AS cgst, sgst::text AS sgst,
         cess::text AS cess, field_errors AS "fieldErrors"
       FROM purchase_record WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  async gstr2bById(
    manager: EntityManager,
    id: string,
  ): Promise<(StoredGstr2b & { gstin: string; period: string }) | undefined> {
    const rows: (StoredGstr2b & { gstin: string; period: string })[] = await manager.query(
      `SELECT id, gstin, period, kind, section, supplier_gstin AS "supplierGstin", number, to_char(date, 'YYYY-MM-DD') AS date,
         taxable_value::text AS "taxableValue", igst::text AS igst, cgst::text AS cgst, sgst::text AS sgst,
         cess::text AS cess
       FROM gstr2b_document WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  // Runs
  /** A new running run, or undefined when one is already running for the GSTIN and period. */
  async startRun(gstin: string, period: string, trigger: string): Promise<string | undefined> {
    const rows: { id: string }[] = await this.dataSource.query(
      `INSERT INTO reco_run (gstin, period, trigger, state) VALUES ($1, $2, $3, 'running')
       ON CONFLICT (gstin, period) WHERE state = 'running' DO NOTHING RETURNING id`,
      [gstin, period, trigger],
    );
    return rows[0]?.id;
  }

  async finishRun(
    id: string,
    summary: Record<string, unknown>,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `UPDATE reco_run SET state = 'completed', finished_at = clock_timestamp(), summary = $2 WHERE id = $1`,
      [id, JSON.stringify(summary)],
    );
  }

  async failRun(id: string, error: string, errorClass: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE reco_run SET state = 'failed', finished_at = now(), error = $2, error_class = $3 WHERE id = $1`,
      [id, error, errorClass],
    );
  }

  /** A run that reconciled nothing (the file it waited on was refused) leaves no record. */
  async forgetRun(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM reco_run WHERE id = $1 AND state = 'running'`, [id]);
  }

  /** Runs left `running` by a process that died (older than `seconds`) are failed so the period can run again. */
  async failStaleRuns(seconds: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE reco_run SET state = 'failed', finished_at = now(), error = 'abandoned: the process running it stopped',
         error_class = 'transient'
       WHERE state = 'running' AND started_at < now() - make_interval(secs => $1)`,
      [seconds],
    );
  }

  async runs(filter: { gstin?: string; period?: string; limit?: number }): Promise<RecoRunEntity[]> {
    return this.dataSource.query(
      `SELECT id, gstin, period, trigger, state, started_at AS "startedAt", finished_at AS "finishedAt", error,
         error_class AS "errorClass", summary
       FROM reco_run WHERE ($1::text IS NULL OR gstin = $1) AND ($2::text IS NULL OR period = $2)
       ORDER BY started_at DESC LIMIT $3`,
      [filter.gstin ?? null, filter.period ?? null, filter.limit ?? 50],
    );
  }

  async completedRun(gstin: string, period: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM reco_run WHERE gstin = $1 AND period = $2 AND state = 'completed' LIMIT 1`,
      [gstin, period],
    );
    return rows.length > 0;
  }
}

export interface ReportRow {
  id: string;
  category: string;
  rule: string;
  supplierGstin: string;
  supplierName: string | null;
  differences: unknown[];
  explanation: string[];
  itcAtStake: string;
  /** in-other-period / amended: the period where the bill was paired or the document amended. */
  otherPeriod: string | null;
  decision: string | null;
  decidedBy: string | null;
  decisionReason: string | null;
  purchaseId: string | null;
  gstr2bId: string | null;
  erpId: string | null;
  billNumber: string | null;
  billDate: string | null;
  purchaseType: string | null;
  purchaseTaxable: string | null;
  purchaseTax: string | null;
  fieldErrors: FieldError[] | null;
  section: string | null;
  gstr2bKind: string | null;
  gstr2bNumber: string | null;
  gstr2bDate: string | null;
  gstr2bTaxable: string | null;
  gstr2bTax: string | null;
  itcAvailability: string | null;
  itcUnavailableReason: string | null;
  reverseCharge: boolean | null;
}

const MATCH_COLUMNS = `id, gstin, period, run_id, category, rule, purchase_id, gstr2b_id, supplier_gstin, differences,
  explanation, itc_at_stake::text AS itc_at_stake, other_period, decision, decided_by, decided_at, decision_reason`;

function toMatch(row: Record<string, unknown>): RecoMatchEntity {
  return {
    id: row.id as string,
    gstin: row.gstin as string,
    period: row.period as string,
    runId: row.run_id as string | null,
    category: row.category as string,
    rule: row.rule as string,
    purchaseId: row.purchase_id as string | null,
    gstr2bId: row.gstr2b_id as string | null,
    supplierGstin: row.supplier_gstin as string,
    differences: row.differences as unknown[],
    explanation: row.explanation as string[],
    itcAtStake: row.itc_at_stake as string,
    otherPeriod: (row.other_period as string | null) ?? null,
    decision: row.decision as RecoMatchEntity['decision'],
    decidedBy: row.decided_by as string | null,
    decidedAt: row.decided_at as Date | null,
    decisionReason: row.decision_reason as string | null,
  };
}
