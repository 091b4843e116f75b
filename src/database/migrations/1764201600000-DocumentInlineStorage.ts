import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A document row holds the ERP's record twice as JSON (raw and canonical), a few kilobytes for a typical
 * invoice: just over the 2 KB at which PostgreSQL starts compressing a row's values with pglz, which
 * then costs more CPU than the rest of the insert (measured: ~114 µs a row against ~72 µs without it,
 * for the rows of the e-invoice benchmark; pglz was a tenth of PostgreSQL's CPU in that benchmark).
 * Documents are written once and rarely read in bulk, so rows up to a page are kept as they are, inline
 * and uncompressed (~1.5x the space). Larger documents are compressed and moved out of line as before.
 */
export class DocumentInlineStorage1764201600000 implements MigrationInterface {
  name = 'DocumentInlineStorage1764201600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE document SET (toast_tuple_target = 8160)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE document RESET (toast_tuple_target)`);
  }
}
