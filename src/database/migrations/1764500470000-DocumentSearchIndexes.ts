import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The console's search (`GET /documents?q=`): an invoice number by its case-insensitive beginning, a buyer
 * by GSTIN / VAT number, a registration by IRN (the unique IRN index covers only registered rows).
 */
export class DocumentSearchIndexes1764500470000 implements MigrationInterface {
  name = 'DocumentSearchIndexes1764500470000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX document_doc_number_prefix ON document (lower(doc_number) text_pattern_ops)`);
    await q.query(`CREATE INDEX document_buyer_tax_id ON document (buyer_tax_id)`);
    await q.query(`CREATE INDEX submission_irn_search ON submission (irn) WHERE irn IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX submission_irn_search`);
    await q.query(`DROP INDEX document_buyer_tax_id`);
    await q.query(`DROP INDEX document_doc_number_prefix`);
  }
}
