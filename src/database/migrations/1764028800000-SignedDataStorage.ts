import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The authority's answer and the identifiers of a registration are mostly signed tokens (NIC's JWS,
 * ZATCA's signed XML in base64): text that PostgreSQL's default TOAST compression (pglz) tries to
 * compress on every write and then stores as is, because base64 does not shrink by the 25% pglz asks
 * for. Measured in the e-invoice benchmark, that attempt was the largest single cost in PostgreSQL
 * (~17% of its CPU). EXTERNAL keeps these values out of line, uncompressed, without the attempt.
 */
export class SignedDataStorage1764028800000 implements MigrationInterface {
  name = 'SignedDataStorage1764028800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE submission
         ALTER COLUMN response SET STORAGE EXTERNAL,
         ALTER COLUMN identifiers SET STORAGE EXTERNAL,
         ALTER COLUMN signed_qr SET STORAGE EXTERNAL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE submission
         ALTER COLUMN response SET STORAGE EXTENDED,
         ALTER COLUMN identifiers SET STORAGE EXTENDED,
         ALTER COLUMN signed_qr SET STORAGE EXTENDED`,
    );
  }
}
