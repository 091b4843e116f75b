/**
 * Storage of GSTR-2B reconciliation: purchases and 2B documents per GSTIN and period, runs, and match
 * rows with the operator's decisions. Bulk writes go as one JSON parameter per chunk (100,000 rows of a
 * large buyer's month in a few dozen statements).
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { FieldError } from '../../domain';
import type { RecoMatchEntity, RecoRunEntity } from '../entities';

export interface PurchaseRow {
  erpId: string;
  supplierGstin: string | null;
  supplierName: string | null;
  billNumber: string | null;
  billDate: string | null;
  documentType: string | null;
  taxableValue: string | null;
  igst: string | null;
  cgst: string | null;
  sgst: string | null;
  cess: string | null;
  total: string | null;
  placeOfSupply: string | null;
  reverseCharge: boolean | null;
  fieldErrors: FieldError[] | null;
}

export interface Gstr2bRow {
  docKey: string;
  section: string;
  kind: string;
  supplierGstin: string | null;
  supplierName: string | null;
  number: string;
  date: string;
  taxableValue: string;
  igst: string;
  cgst: string;
  sgst: string;
  cess: string;
  itcAvailability: string;
  itcUnavailableReason: string | null;
  reverseCharge: boolean;
  sourceType: string | null;
  irn: string | null;
  detail: Record<string, unknown>;
}

export interface StoredPurchase extends PurchaseRow {
  id: string;
}

export interface StoredGstr2b extends Omit<Gstr2bRow, 'detail'> {
  id: string;
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
  decision?: RecoMatchEntity['decision'];
  decidedBy?: string | null;
  decisionReason?: string | null;
}

const CHUNK = 2000;
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
    await this.replaceByKey(manager, PURCHASE_TABLE, [gstin, period, connector], rows);
  }

  /** The period's GSTR-2B as fetched now, replacing what an earlier fetch stored (by document identity). */
  async replaceGstr2b(
    manager: EntityManager,
    gstin: string,
    period: string,
    source: string,
    rows: readonly Gstr2bRow[],
  ): Promise<void> {
    await this.replaceByKey(manager, GSTR2B_TABLE, [gstin, period, source], rows);
  }

  /**
   * Upserts `rows` by the table's key within the scope ($1 gstin, $2 period, $3 connector or source) and
   * removes the scope's rows not among them. Rows go as JSON recordsets in chunks; the keys seen are
   * kept in a transaction-scoped temp table so the delete sees every chunk.
   */
  private async replaceByKey<Row extends object>(
    manager: EntityManager,
    table: ReplacedTable<Row>,
    scope: readonly [string, string, string],
    rows: readonly Row[],
  ): Promise<void> {
    const key = snake(table.key as string);
    const columns = table.columns.map((c) => snake(c as string));
    const names = columns.join(', ');
    const seen = `seen_${table.name}`;
    await manager.query(`CREATE TEMP TABLE IF NOT EXISTS ${seen} (${key} text) ON COMMIT DROP`);
    await manager.query(`TRUNCATE ${seen}`);
    // One array per column (unnest): PostgreSQL reads arrays far faster than JSON recordsets.
    const types = table.columns.map((c) => table.types[c] ?? 'text');
    const arrays = (chunk: readonly Row[]) =>
      table.columns.map((c, i) =>
        chunk.map((row) => {
          const value = row[c] as unknown;
          if (value === null || value === undefined) return null;
          return types[i] === 'json' || types[i] === 'jsonb' ? JSON.stringify(value) : value;
        }),
      );
    for (let start = 0; start < rows.length; start += BULK_CHUNK) {
      await manager.query(
        `WITH input AS (SELECT * FROM unnest(${types.map((t, i) => `$${i + 4}::${t}[]`).join(', ')}) AS r(${names})),
         seen AS (INSERT INTO ${seen} SELECT ${key} FROM input)
         INSERT INTO ${table.name} (gstin, period, ${table.scopeColumn}, ${names})
         SELECT $1, $2, $3, ${names} FROM input
         ON CONFLICT (${table.conflict}) DO UPDATE SET
           ${columns
             .filter((c) => c !== key)
             .map((c) => `${c} = EXCLUDED.${c}`)
             .join(', ')},
           ${table.onUpdate}`,
        [...scope, ...arrays(rows.slice(start, start + BULK_CHUNK))],
      );
    }
    const scopeFilter = table.conflict.includes(table.scopeColumn) ? `AND t.${table.scopeColumn} = $3` : '';
    await manager.query(
      `DELETE FROM ${table.name} t WHERE t.gstin = $1 AND t.period = $2 ${scopeFilter}
         AND NOT EXISTS (SELECT 1 FROM ${seen} s WHERE s.${key} = t.${key})`,
      scopeFilter ? [...scope] : scope.slice(0, 2),
    );
  }

  async purchases(manager: EntityManager, gstin: string, period: string): Promise<StoredPurchase[]> {
    return manager.query(
      `SELECT id, erp_id AS "erpId", supplier_gstin AS "supplierGstin", supplier_name AS "supplierName",
         bill_number AS "billNumber", to_char(bill_date, 'YYYY-MM-DD') AS "billDate", document_type AS "documentType",
         taxable_value::text AS "taxableValue", igst::text AS igst, cgst::text AS cgst, sgst::text AS sgst,
         cess::text AS cess, total::text AS total, place_of_supply AS "placeOfSupply",
         reverse_charge AS "reverseCharge", field_errors AS "fieldErrors"
       FROM purchase_record WHERE gstin = $1 AND period = $2`,
      [gstin, period],
    );
  }

  async gstr2bDocuments(manager: EntityManager, gstin: string, period: string): Promise<StoredGstr2b[]> {
    return manager.query(
      `SELECT id, doc_key AS "docKey", section, kind, supplier_gstin AS "supplierGstin", supplier_name AS "supplierName",
         number, to_char(date, 'YYYY-MM-DD') AS date, taxable_value::text AS "taxableValue", igst::text AS igst,
         cgst::text AS cgst, sgst::text AS sgst, cess::text AS cess, itc_availability AS "itcAvailability",
         itc_unavailable_reason AS "itcUnavailableReason", reverse_charge AS "reverseCharge",
         source_type AS "sourceType", irn
       FROM gstr2b_document WHERE gstin = $1 AND period = $2`,
      [gstin, period],
    );
  }

  async decidedMatches(manager: EntityManager, gstin: string, period: string): Promise<RecoMatchEntity[]> {
    const rows = await manager.query<Record<string, unknown>[]>(
      `SELECT ${MATCH_COLUMNS} FROM reco_match WHERE gstin = $1 AND period = $2 AND decision IS NOT NULL`,
      [gstin, period],
    );
    return rows.map(toMatch);
  }

  /** Replaces the period's undecided rows with `rows`; decided rows stay as the operator left them. */
  async replaceUndecidedMatches(
    manager: EntityManager,
    runId: string,
    gstin: string,
    period: string,
    rows: readonly MatchRow[],
  ): Promise<void> {
    await manager.query(`DELETE FROM reco_match WHERE gstin = $1 AND period = $2 AND decision IS NULL`, [
      gstin,
      period,
    ]);
    await this.insertMatchesBulk(manager, runId, gstin, period, rows);
  }

  /** Undecided verdicts of a run, as column arrays (unnest), without reading their ids back. */
  private async insertMatchesBulk(
    manager: EntityManager,
    runId: string,
    gstin: string,
    period: string,
    rows: readonly MatchRow[],
  ): Promise<void> {
    for (let start = 0; start < rows.length; start += BULK_CHUNK) {
      const chunk = rows.slice(start, start + BULK_CHUNK);
      await manager.query(
        `INSERT INTO reco_match (gstin, period, run_id, category, rule, purchase_id, gstr2b_id, supplier_gstin,
           differences, explanation, itc_at_stake)
         SELECT $1, $2, $3, r.category, r.rule, r.purchase_id, r.gstr2b_id, r.supplier_gstin, r.differences,
           r.explanation, r.itc_at_stake
         FROM unnest($4::text[], $5::text[], $6::uuid[], $7::uuid[], $8::text[], $9::jsonb[], $10::jsonb[],
           $11::numeric[]) AS r(category, rule, purchase_id, gstr2b_id, supplier_gstin, differences, explanation,
           itc_at_stake)`,
        [
          gstin,
          period,
          runId,
          chunk.map((r) => r.category),
          chunk.map((r) => r.rule),
          chunk.map((r) => r.purchaseId),
          chunk.map((r) => r.gstr2bId),
          chunk.map((r) => r.supplierGstin),
          chunk.map((r) => JSON.stringify(r.differences)),
          chunk.map((r) => JSON.stringify(r.explanation)),
          chunk.map((r) => r.itcAtStake),
        ],
      );
    }
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
      `UPDATE reco_run SET state = 'completed', finished_at = now(), summary = $2 WHERE id = $1`,
      [id, JSON.stringify(summary)],
    );
  }

  async failRun(id: string, error: string, errorClass: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE reco_run SET state = 'failed', finished_at = now(), error = $2, error_class = $3 WHERE id = $1`,
      [id, error, errorClass],
    );
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
  explanation, itc_at_stake::text AS itc_at_stake, decision, decided_by, decided_at, decision_reason`;

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
    decision: row.decision as RecoMatchEntity['decision'],
    decidedBy: row.decided_by as string | null,
    decidedAt: row.decided_at as Date | null,
    decisionReason: row.decision_reason as string | null,
  };
}
