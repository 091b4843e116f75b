/**
 * The reconciliation report read in pages, never the whole period at once: matches in keyset pages
 * ordered by (supplier, category, id), which the `reco_match_page` indexes serve without a sort; totals
 * per category and per supplier computed by PostgreSQL; unreadable purchases paged the same way.
 * Exports and supplier statements walk the pages (`pages`) so memory stays one page whatever the size.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ReportRow, StoredPurchase } from './reconciliation.repository';

export interface ReportPageQuery {
  category?: string;
  /** Only this supplier's rows. */
  supplierGstin?: string;
  /** Only rows still waiting for someone (not exact, no decision): what a supplier statement lists. */
  openOnly?: boolean;
  limit: number;
  /** The last row of the previous page. */
  after?: ReportCursor;
}

export interface ReportCursor {
  supplierGstin: string;
  category: string;
  id: string;
}

export interface CategoryTotal {
  category: string;
  count: number;
  itcAtStake: string;
}

export interface SupplierTotal {
  supplierGstin: string;
  supplierName: string | null;
  documents: number;
  categories: Record<string, number>;
  booksTax: string;
  gstr2bTax: string;
  itcAtStake: string;
  open: number;
}

const REPORT_COLUMNS = `m.id, m.category, m.rule, m.supplier_gstin AS "supplierGstin", m.differences, m.explanation,
  m.itc_at_stake::text AS "itcAtStake", m.other_period AS "otherPeriod", m.decision, m.decided_by AS "decidedBy",
  m.decision_reason AS "decisionReason", m.purchase_id AS "purchaseId", m.gstr2b_id AS "gstr2bId",
  p.erp_id AS "erpId", p.bill_number AS "billNumber", to_char(p.bill_date, 'YYYY-MM-DD') AS "billDate",
  p.document_type AS "purchaseType", p.taxable_value::text AS "purchaseTaxable",
  (coalesce(abs(p.igst), 0) + coalesce(abs(p.cgst), 0) + coalesce(abs(p.sgst), 0) + coalesce(abs(p.cess), 0))::text AS "purchaseTax",
  p.field_errors AS "fieldErrors", coalesce(p.supplier_name, g.supplier_name) AS "supplierName",
  g.section, g.kind AS "gstr2bKind", g.number AS "gstr2bNumber", to_char(g.date, 'YYYY-MM-DD') AS "gstr2bDate",
  g.taxable_value::text AS "gstr2bTaxable",
  (g.igst + g.cgst + g.sgst + g.cess)::text AS "gstr2bTax", g.itc_availability AS "itcAvailability",
  g.itc_unavailable_reason AS "itcUnavailableReason", g.reverse_charge AS "reverseCharge"`;

/** Rows waiting for the operator: not exact, not settled in another period (late bills, amendments), undecided. */
const OPEN = `m.category NOT IN ('exact', 'in-other-period', 'amended') AND m.decision IS NULL`;
/** Unreadable rows of this month (or undated): the look-back's earlier months report theirs themselves. */
const OF_THE_MONTH = `(bill_date IS NULL OR bill_date >= to_date($2, 'MMYYYY'))`;

@Injectable()
export class RecoReportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One page of report rows; the filter columns are constants of the statement, so one index serves it. */
  async page(gstin: string, period: string, query: ReportPageQuery): Promise<ReportRow[]> {
    const after = query.after;
    return this.dataSource.query(
      `SELECT ${REPORT_COLUMNS}
       FROM (
         SELECT * FROM reco_match m
         WHERE m.gstin = $1 AND m.period = $2
           AND ($3::text IS NULL OR m.category = $3)
           AND ($4::text IS NULL OR m.supplier_gstin = $4)
           ${query.openOnly ? `AND ${OPEN}` : ''}
           AND ($5::text IS NULL OR (m.supplier_gstin, m.category, m.id) > ($5, $6, $7::uuid))
         ORDER BY m.supplier_gstin, m.category, m.id
         LIMIT $8
       ) m
       LEFT JOIN purchase_record p ON p.id = m.purchase_id
       LEFT JOIN gstr2b_document g ON g.id = m.gstr2b_id
       ORDER BY m.supplier_gstin, m.category, m.id`,
      [
        gstin,
        period,
        query.category ?? null,
        query.supplierGstin ?? null,
        after?.supplierGstin ?? null,
        after?.category ?? null,
        after?.id ?? null,
        query.limit,
      ],
    );
  }

  /** Every page in order, `size` rows at a time (exports, statements). */
  async *pages(
    gstin: string,
    period: string,
    query: Omit<ReportPageQuery, 'limit' | 'after'>,
    size = 5000,
  ): AsyncGenerator<ReportRow[]> {
    let after: ReportCursor | undefined;
    for (;;) {
      const rows = await this.page(gstin, period, { ...query, limit: size, after });
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
      const last = rows[rows.length - 1];
      after = { supplierGstin: last.supplierGstin, category: last.category, id: last.id };
    }
  }

  async categoryTotals(gstin: string, period: string, category?: string): Promise<CategoryTotal[]> {
    const rows: { category: string; count: string; itcAtStake: string }[] = await this.dataSource.query(
      `SELECT category, count(*)::text AS count, sum(itc_at_stake)::text AS "itcAtStake"
       FROM reco_match WHERE gstin = $1 AND period = $2 AND ($3::text IS NULL OR category = $3)
       GROUP BY category`,
      [gstin, period, category ?? null],
    );
    return rows.map((r) => ({ category: r.category, count: Number(r.count), itcAtStake: r.itcAtStake }));
  }

  /** Per supplier, most ITC at stake first. */
  async supplierTotals(gstin: string, period: string, openOnly = false): Promise<SupplierTotal[]> {
    const rows: (Omit<SupplierTotal, 'documents' | 'open'> & { documents: string; open: string })[] =
      await this.dataSource.query(
        `WITH per AS (
           SELECT m.supplier_gstin, m.category, count(*) AS n,
             count(*) FILTER (WHERE ${OPEN}) AS open,
             max(coalesce(p.supplier_name, g.supplier_name)) AS supplier_name,
             sum(coalesce(abs(p.igst), 0) + coalesce(abs(p.cgst), 0) + coalesce(abs(p.sgst), 0) + coalesce(abs(p.cess), 0)) AS books_tax,
             sum(coalesce(g.igst + g.cgst + g.sgst + g.cess, 0)) AS gstr2b_tax,
             sum(m.itc_at_stake) AS itc
           FROM reco_match m
           LEFT JOIN purchase_record p ON p.id = m.purchase_id
           LEFT JOIN gstr2b_document g ON g.id = m.gstr2b_id
           WHERE m.gstin = $1 AND m.period = $2
           GROUP BY m.supplier_gstin, m.category
         )
         SELECT supplier_gstin AS "supplierGstin", max(supplier_name) AS "supplierName",
           sum(n)::text AS documents, jsonb_object_agg(category, n) AS categories,
           to_char(sum(books_tax), 'FM999999999999999990.00') AS "booksTax",
           to_char(sum(gstr2b_tax), 'FM999999999999999990.00') AS "gstr2bTax",
           to_char(sum(itc), 'FM999999999999999990.00') AS "itcAtStake", sum(open)::text AS open
         FROM per GROUP BY supplier_gstin
         ${openOnly ? 'HAVING sum(open) > 0' : ''}
         ORDER BY sum(itc) DESC, supplier_gstin`,
        [gstin, period],
      );
    return rows.map((r) => ({ ...r, documents: Number(r.documents), open: Number(r.open) }));
  }

  async unreadableCount(gstin: string, period: string): Promise<number> {
    const rows: { n: string }[] = await this.dataSource.query(
      `SELECT count(*)::text AS n FROM purchase_record WHERE gstin = $1 AND period = $2 AND field_errors IS NOT NULL
         AND ${OF_THE_MONTH}`,
      [gstin, period],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Purchase rows the connector could not read, with their field errors, by ERP id from `afterErpId`. */
  async unreadablePage(
    gstin: string,
    period: string,
    limit: number,
    afterErpId?: string,
  ): Promise<StoredPurchase[]> {
    return this.dataSource.query(
      `SELECT id, erp_id AS "erpId", supplier_gstin AS "supplierGstin", bill_number AS "billNumber",
         to_char(bill_date, 'YYYY-MM-DD') AS "billDate", field_errors AS "fieldErrors"
       FROM purchase_record WHERE gstin = $1 AND period = $2 AND field_errors IS NOT NULL
         AND ${OF_THE_MONTH} AND ($3::text IS NULL OR erp_id > $3)
       ORDER BY erp_id LIMIT $4`,
      [gstin, period, afterErpId ?? null, limit],
    );
  }
}
