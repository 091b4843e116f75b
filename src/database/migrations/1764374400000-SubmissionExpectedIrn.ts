import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The IRN computed locally when a document is mapped is the IRN the IRP is expected to issue, not one it
 * issued: it moves to its own column, `expected_irn`, and `irn` (and `identifiers.irn`) are kept for the IRN
 * the IRP registered. Submissions not registered (no AckNo) lose the IRN they showed too early.
 */
export class SubmissionExpectedIrn1764374400000 implements MigrationInterface {
  name = 'SubmissionExpectedIrn1764374400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE submission ADD COLUMN expected_irn text`);
    await q.query(
      `UPDATE submission SET expected_irn = COALESCE(irn, identifiers->>'irn') WHERE regime = 'in-einvoice'`,
    );
    await q.query(
      `UPDATE submission SET irn = NULL, identifiers = identifiers - 'irn'
       WHERE ack_no IS NULL AND (irn IS NOT NULL OR identifiers ? 'irn')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE submission SET irn = expected_irn,
         identifiers = identifiers || jsonb_build_object('irn', expected_irn)
       WHERE irn IS NULL AND expected_irn IS NOT NULL`,
    );
    await q.query(`ALTER TABLE submission DROP COLUMN expected_irn`);
  }
}
