import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reconciliation across periods (issue 28): a bill of entry's port code; a 2B document superseded by an
 * amendment reported in a later period (which period, which document); a verdict that points to another
 * period (a bill paired in a later period's 2B, a document amended there).
 */
export class RecoAcrossPeriods1764700000000 implements MigrationInterface {
  name = 'RecoAcrossPeriods1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE purchase_record ADD COLUMN port_code text`);
    await q.query(`ALTER TABLE gstr2b_document ADD COLUMN amended_in text, ADD COLUMN amended_by uuid`);
    await q.query(`ALTER TABLE reco_match ADD COLUMN other_period text`);
    await q.query(`CREATE INDEX purchase_record_bill_date ON purchase_record (gstin, connector, bill_date)`);
    await q.query(
      `CREATE INDEX gstr2b_document_amendments ON gstr2b_document (gstin)
       WHERE section IN ('b2ba', 'cdnra', 'isda')
         OR (section IN ('impg', 'impgsez') AND detail->>'amendedAtCustoms' = 'true')`,
    );
    await q.query(
      `CREATE INDEX gstr2b_document_amended ON gstr2b_document (gstin, amended_in) WHERE amended_in IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX reco_match_other_period ON reco_match (gstin, other_period) WHERE other_period IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX reco_match_other_period`);
    await q.query(`DROP INDEX gstr2b_document_amended`);
    await q.query(`DROP INDEX gstr2b_document_amendments`);
    await q.query(`DROP INDEX purchase_record_bill_date`);
    await q.query(`ALTER TABLE reco_match DROP COLUMN other_period`);
    await q.query(`ALTER TABLE gstr2b_document DROP COLUMN amended_in, DROP COLUMN amended_by`);
    await q.query(`ALTER TABLE purchase_record DROP COLUMN port_code`);
  }
}
