import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Portal-size GSTR-2B imports (issue 28): the file is streamed into `gstr2b_import_row` in batches, checked
 * whole (header, every entry), and only then moved into `gstr2b_document` inside the run's transaction,
 * amendments applied there. Unlogged: a staged import is worth nothing after a crash (the upload is
 * repeated). The report pages by (supplier, category, id), which the new indexes serve without sorting
 * (`reco_match_period` is dropped: the category index starts with its columns).
 */
export class Gstr2bImportStaging1764600000000 implements MigrationInterface {
  name = 'Gstr2bImportStaging1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE UNLOGGED TABLE gstr2b_import_row (
        import_id uuid NOT NULL,
        ordinal bigint NOT NULL,
        key_base text NOT NULL,
        identity_key text,
        amends_key text,
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
        staged_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (import_id, ordinal)
      )`);
    await q.query(`CREATE INDEX reco_match_page ON reco_match (gstin, period, supplier_gstin, category, id)`);
    await q.query(
      `CREATE INDEX reco_match_category_page ON reco_match (gstin, period, category, supplier_gstin, id)`,
    );
    // Its prefix is the new index's: one index less to maintain on a run's 100,000 inserts.
    await q.query(`DROP INDEX reco_match_period`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX reco_match_period ON reco_match (gstin, period, category)`);
    await q.query(`DROP INDEX reco_match_category_page`);
    await q.query(`DROP INDEX reco_match_page`);
    await q.query(`DROP TABLE gstr2b_import_row`);
  }
}
