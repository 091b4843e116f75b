import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Corrected re-issue of invoices ZATCA rejected. A submission may now own several signed invoices, one
 * per `generation`: 0 is its invoice, n the n-th re-issue after ZATCA rejected generation n - 1.
 * - `rejected_at`, `rejection`: ZATCA refused this signed invoice (NOT_CLEARED / NOT_REPORTED), its
 *   codes and message verbatim.
 * - `superseded_at`: a re-issue replaced it. Only a rejected invoice can be superseded, and at most one
 *   invoice per submission is not superseded: never two live signed invoices for one ERP document.
 * Rejected and superseded invoices stay stored: their slots remain in the unit's chain. Rejections
 * recorded before this migration (on the submission only) are copied onto their signed invoices.
 */
export class ZatcaReissue1764115200000 implements MigrationInterface {
  name = 'ZatcaReissue1764115200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE zatca_signed_invoice
        ADD COLUMN generation int NOT NULL DEFAULT 0 CHECK (generation >= 0),
        ADD COLUMN rejected_at timestamptz,
        ADD COLUMN rejection jsonb,
        ADD COLUMN superseded_at timestamptz,
        ADD CONSTRAINT zatca_signed_invoice_superseded_rejected
          CHECK (superseded_at IS NULL OR rejected_at IS NOT NULL)`);
    await q.query(`ALTER TABLE zatca_signed_invoice DROP CONSTRAINT zatca_signed_invoice_pkey`);
    await q.query(
      `ALTER TABLE zatca_signed_invoice ADD CONSTRAINT zatca_signed_invoice_pkey PRIMARY KEY (submission_id, generation)`,
    );
    await q.query(
      `CREATE UNIQUE INDEX zatca_signed_invoice_current ON zatca_signed_invoice (submission_id)
        WHERE superseded_at IS NULL`,
    );
    // error_class 'rejected' on a sa-zatca submission is ZATCA's verdict on its signed invoice
    await q.query(`
      UPDATE zatca_signed_invoice z
         SET rejected_at = s.updated_at,
             rejection = jsonb_build_object('code', coalesce(s.error_code, ''), 'message', coalesce(s.error_message, ''))
        FROM submission s
       WHERE s.id = z.submission_id AND s.regime = 'sa-zatca' AND s.error_class = 'rejected'
         AND (s.state = 'REJECTED' OR s.zatca_status = 'NOT_REPORTED')`);
  }

  async down(q: QueryRunner): Promise<void> {
    const reissued = (await q.query(
      `SELECT 1 FROM zatca_signed_invoice WHERE generation > 0 LIMIT 1`,
    )) as unknown[];
    if (reissued.length > 0) {
      // Dropping them would erase signed invoices that hold slots in a chain ZATCA has seen.
      throw new Error(
        'ZatcaReissue down: re-issued invoices are stored; they cannot be folded back into one',
      );
    }
    await q.query(`DROP INDEX IF EXISTS zatca_signed_invoice_current`);
    await q.query(`ALTER TABLE zatca_signed_invoice DROP CONSTRAINT zatca_signed_invoice_pkey`);
    await q.query(
      `ALTER TABLE zatca_signed_invoice ADD CONSTRAINT zatca_signed_invoice_pkey PRIMARY KEY (submission_id)`,
    );
    await q.query(`
      ALTER TABLE zatca_signed_invoice
        DROP CONSTRAINT zatca_signed_invoice_superseded_rejected,
        DROP COLUMN superseded_at,
        DROP COLUMN rejection,
        DROP COLUMN rejected_at,
        DROP COLUMN generation`);
  }
}
