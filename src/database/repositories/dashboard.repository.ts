import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * One line of the dashboard: a seller (GSTIN / VAT number), a document type, a regime and a submission state, with the
 * count and value of its sales documents dated today and this month. Values are summed in SQL numeric and
 * kept as decimal text; each currency is a line of its own (rupees are not added to riyals). An operator's
 * override of the total or the currency counts, as the document list shows it.
 */
export interface DashboardLine {
  sellerTaxId: string | null;
  /** INV, CRN, DBN, ...: a credit note's value is not added to the invoices'. */
  docType: string | null;
  regime: string;
  state: string;
  currency: string | null;
  todayCount: number;
  todayValue: string;
  monthCount: number;
  monthValue: string;
}

/** The submission waiting longest for the authority or a fix (not registered, not cancelled). */
export interface OldestPending {
  submissionId: string;
  documentId: string;
  docNumber: string | null;
  docDate: string | null;
  sellerTaxId: string | null;
  regime: string;
  state: string;
  since: string;
  ageSeconds: number;
}

/** States in which a document is not yet registered with the authority: waiting, or needing a fix. */
export const PENDING_STATES = ['RECEIVED', 'MAPPING_FAILED', 'READY', 'SUBMITTING', 'RETRY', 'REJECTED'];

/** A document's total as the pipeline sends it: an operator's correction over the ERP's. */
const INVOICE_TOTAL = `COALESCE(d.overrides->>'totals.invoiceTotal', d.canonical->'totals'->>'invoiceTotal')::numeric`;

@Injectable()
export class DashboardRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Sales documents dated from `monthStart` to `today` (dates as the business counts them). */
  async lines(today: string, monthStart: string): Promise<DashboardLine[]> {
    const rows: DashboardLine[] = await this.dataSource.query(
      `SELECT d.seller_tax_id AS "sellerTaxId", d.doc_type AS "docType", s.regime, s.state,
              COALESCE(d.overrides->>'currency', d.canonical->>'currency') AS currency,
              (count(*) FILTER (WHERE d.doc_date = $1::date))::int AS "todayCount",
              COALESCE(sum(${INVOICE_TOTAL}) FILTER (WHERE d.doc_date = $1::date), 0)::text AS "todayValue",
              count(*)::int AS "monthCount",
              COALESCE(sum(${INVOICE_TOTAL}), 0)::text AS "monthValue"
         FROM submission s JOIN document d ON d.id = s.document_id
        WHERE d.direction = 'sales' AND d.doc_date BETWEEN $2::date AND $1::date
        GROUP BY 1, 2, 3, 4, 5
        ORDER BY 1, 2, 3, 4, 5`,
      [today, monthStart],
    );
    return rows;
  }

  async oldestPending(): Promise<OldestPending | null> {
    const rows: OldestPending[] = await this.dataSource.query(
      `SELECT s.id AS "submissionId", d.id AS "documentId", d.doc_number AS "docNumber",
              to_char(d.doc_date, 'YYYY-MM-DD') AS "docDate", d.seller_tax_id AS "sellerTaxId",
              s.regime, s.state, s.created_at AS since,
              floor(extract(epoch FROM now() - s.created_at))::int AS "ageSeconds"
         FROM submission s JOIN document d ON d.id = s.document_id
        WHERE s.state = ANY($1::text[])
        ORDER BY s.created_at ASC, s.id ASC
        LIMIT 1`,
      [PENDING_STATES],
    );
    return rows[0] ?? null;
  }
}
