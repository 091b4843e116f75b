import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GSTR-2B reconciliation, per recipient GSTIN and return period (MMYYYY):
 * - `purchase_record`: the purchase register as the ERP's connector gave it, rows it could not read
 *   included (their `field_errors` kept, so the operator sees every purchase the books hold).
 * - `gstr2b_document`: GSTR-2B as fetched (or imported), amendments applied; `doc_key` is the
 *   document's identity in the return, so a re-fetch updates rather than duplicates.
 * - `reco_run`: one execution (scheduled or operator); at most one running per GSTIN and period.
 * - `reco_match`: the engine's verdict per document or pair, and the operator's decision on it.
 *   Decided rows survive re-runs; undecided ones are replaced by each run.
 */
export class Reconciliation1764400000000 implements MigrationInterface {
  name = 'Reconciliation1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE purchase_record (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        gstin text NOT NULL,
        period text NOT NULL CHECK (period ~ '^(0[1-9]|1[0-2])[0-9]{4}$'),
        connector text NOT NULL,
        erp_id text NOT NULL,
        supplier_gstin text,
        supplier_name text,
        bill_number text,
        bill_date date,
        document_type text,
        taxable_value numeric(18,2),
        igst numeric(18,2),
        cgst numeric(18,2),
        sgst numeric(18,2),
        cess numeric(18,2),
        total numeric(18,2),
        place_of_supply text,
        reverse_charge boolean,
        field_errors jsonb,
        pulled_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (gstin, period, connector, erp_id)
      )`);
    await q.query(`
      CREATE TABLE gstr2b_document (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        gstin text NOT NULL,
        period text NOT NULL CHECK (period ~ '^(0[1-9]|1[0-2])[0-9]{4}$'),
        doc_key text NOT NULL,
        section text NOT NULL,
        kind text NOT NULL,
        supplier_gstin text,
        supplier_name text,
        number text NOT NULL,
        date date NOT NULL,
        taxable_value numeric(18,2) NOT NULL,
        igst numeric(18,2) NOT NULL,
        cgst numeric(18,2) NOT NULL,
        sgst numeric(18,2) NOT NULL,
        cess numeric(18,2) NOT NULL,
        itc_availability text NOT NULL,
        itc_unavailable_reason text,
        reverse_charge boolean NOT NULL,
        source_type text,
        irn text,
        detail json NOT NULL,
        source text NOT NULL,
        fetched_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (gstin, period, doc_key)
      )`);
    await q.query(`
      CREATE TABLE reco_run (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        gstin text NOT NULL,
        period text NOT NULL,
        trigger text NOT NULL,
        state text NOT NULL CHECK (state IN ('running', 'completed', 'failed')),
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        error text,
        error_class text,
        summary jsonb
      )`);
    await q.query(`CREATE INDEX reco_run_period ON reco_run (gstin, period, started_at)`);
    await q.query(
      `CREATE UNIQUE INDEX reco_run_one_running ON reco_run (gstin, period) WHERE state = 'running'`,
    );
    await q.query(`
      CREATE TABLE reco_match (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        gstin text NOT NULL,
        period text NOT NULL,
        run_id uuid REFERENCES reco_run(id),
        category text NOT NULL,
        rule text NOT NULL,
        purchase_id uuid REFERENCES purchase_record(id) ON DELETE CASCADE,
        gstr2b_id uuid REFERENCES gstr2b_document(id) ON DELETE CASCADE,
        supplier_gstin text NOT NULL,
        differences jsonb NOT NULL DEFAULT '[]',
        explanation jsonb NOT NULL DEFAULT '[]',
        itc_at_stake numeric(18,2) NOT NULL DEFAULT 0,
        decision text CHECK (decision IN ('accepted', 'linked', 'unlinked', 'ignored')),
        decided_by text,
        decided_at timestamptz,
        decision_reason text,
        CHECK (purchase_id IS NOT NULL OR gstr2b_id IS NOT NULL)
      )`);
    await q.query(`CREATE INDEX reco_match_period ON reco_match (gstin, period, category)`);
    await q.query(
      `CREATE UNIQUE INDEX reco_match_purchase ON reco_match (purchase_id) WHERE purchase_id IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX reco_match_gstr2b ON reco_match (gstr2b_id) WHERE gstr2b_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reco_match`);
    await q.query(`DROP TABLE reco_run`);
    await q.query(`DROP TABLE gstr2b_document`);
    await q.query(`DROP TABLE purchase_record`);
  }
}
