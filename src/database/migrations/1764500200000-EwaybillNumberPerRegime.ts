import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An e-way bill generated with the IRN (the IRN request's EwbDtls) is held by two submissions of one
 * document: the e-invoice's, which got it in the IRP's answer, and the e-way bill regime's, which adopts
 * it. The number stays unique within a regime: no regime ever records one bill for two documents.
 */
export class EwaybillNumberPerRegime1764500200000 implements MigrationInterface {
  name = 'EwaybillNumberPerRegime1764500200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX submission_ewb_no`);
    await q.query(
      `CREATE UNIQUE INDEX submission_ewb_no ON submission (regime, ewb_no) WHERE ewb_no IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX submission_ewb_no`);
    await q.query(`CREATE UNIQUE INDEX submission_ewb_no ON submission (ewb_no) WHERE ewb_no IS NOT NULL`);
  }
}
