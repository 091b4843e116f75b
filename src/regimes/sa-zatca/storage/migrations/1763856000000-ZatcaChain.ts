import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * KSA (ZATCA) state that must survive restarts and be shared by every worker:
 * - `zatca_chain`: per EGS unit, the last invoice counter (ICV) and the hash of the last signed invoice
 *   (the next PIH). Locked with SELECT ... FOR UPDATE while an invoice is signed.
 * - `zatca_signed_invoice`: the signed XML of each submission, stored in the transaction that advances
 *   the chain; a retry resends exactly this. (egs_unit_id, icv) unique: the chain cannot fork.
 * - `egs_unit`: the unit's onboarding record; private key and CSID secrets only ever sealed.
 */
export class ZatcaChain1763856000000 implements MigrationInterface {
  name = 'ZatcaChain1763856000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE zatca_chain (
        egs_unit_id text PRIMARY KEY,
        icv int NOT NULL DEFAULT 0 CHECK (icv >= 0),
        pih text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE zatca_signed_invoice (
        submission_id uuid PRIMARY KEY REFERENCES submission(id) ON DELETE CASCADE,
        egs_unit_id text NOT NULL,
        icv int NOT NULL CHECK (icv > 0),
        pih text NOT NULL,
        uuid text NOT NULL,
        invoice_hash text NOT NULL,
        signed_xml text NOT NULL,
        qr text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT zatca_signed_invoice_uuid UNIQUE (uuid),
        CONSTRAINT zatca_signed_invoice_egs_icv UNIQUE (egs_unit_id, icv)
      )`);
    // the reporting job's scan: few rows are ever pending, so a small partial index
    await q.query(
      `CREATE INDEX submission_zatca_pending ON submission (id) WHERE zatca_status = 'SIGNED_PENDING_REPORTING'`,
    );
    await q.query(`
      CREATE TABLE egs_unit (
        id text PRIMARY KEY,
        vat_number text NOT NULL,
        environment text NOT NULL,
        invoice_type text NOT NULL,
        state text NOT NULL CHECK (state IN ('COMPLIANCE_CSID', 'COMPLIANCE_CHECKED', 'ACTIVE')),
        private_key_sealed text NOT NULL,
        csr_base64 text NOT NULL,
        compliance_csid jsonb,
        production_csid jsonb,
        production_expires_at timestamptz,
        compliance_checks jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS egs_unit`);
    await q.query(`DROP INDEX IF EXISTS submission_zatca_pending`);
    await q.query(`DROP TABLE IF EXISTS zatca_signed_invoice`);
    await q.query(`DROP TABLE IF EXISTS zatca_chain`);
  }
}
