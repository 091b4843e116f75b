import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The two fields of a GSTR-2B document's detail the matching compares (place of supply; a bill of entry's
 * port code) become columns of their own (issue 28, speed): reading them back out of the detail parsed the
 * whole JSON of every document of the period on every run, most of the cost of the run's read-back.
 * Existing documents are filled from their detail.
 */
export class Gstr2bMatchedColumns1764800000000 implements MigrationInterface {
  name = 'Gstr2bMatchedColumns1764800000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['gstr2b_document', 'gstr2b_import_row']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN place_of_supply text, ADD COLUMN port_code text`);
    }
    await q.query(
      `UPDATE gstr2b_document SET place_of_supply = detail->>'placeOfSupply', port_code = detail->>'portCode'
       WHERE detail->>'placeOfSupply' IS NOT NULL OR detail->>'portCode' IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['gstr2b_document', 'gstr2b_import_row']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN place_of_supply, DROP COLUMN port_code`);
    }
  }
}
