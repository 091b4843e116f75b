import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A verdict's references to its purchase, its GSTR-2B document and its run stop being foreign keys (issue
 * 28, speed): their per-row checks (a look-up and a row lock on each referenced row) were half the cost of
 * writing a large month's verdicts, 1.5 s of 3 s for 100,000. Verdicts are only written by a run, from
 * the rows it read in the same transaction under the period's lock, so a reference cannot point nowhere
 * when it is written. What the keys also did is kept: when a purchase or a 2B document is removed (the
 * books or the return no longer hold it), its verdicts go with it, by one statement-level trigger per
 * table (one join with the removed rows, however many).
 */
export class RecoMatchReferences1764800100000 implements MigrationInterface {
  name = 'RecoMatchReferences1764800100000';

  async up(q: QueryRunner): Promise<void> {
    const keys = (await q.query(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'reco_match'::regclass AND contype = 'f'`,
    )) as { conname: string }[];
    for (const { conname } of keys) {
      await q.query(`ALTER TABLE reco_match DROP CONSTRAINT "${conname.replace(/"/g, '""')}"`);
    }
    for (const [table, column] of [
      ['purchase_record', 'purchase_id'],
      ['gstr2b_document', 'gstr2b_id'],
    ]) {
      await q.query(
        `CREATE FUNCTION ${table}_removed_verdicts() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           DELETE FROM reco_match m USING removed r WHERE m.${column} = r.id;
           RETURN NULL;
         END $$`,
      );
      await q.query(
        `CREATE TRIGGER ${table}_removed_verdicts AFTER DELETE ON ${table}
         REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION ${table}_removed_verdicts()`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['purchase_record', 'gstr2b_document']) {
      await q.query(`DROP TRIGGER ${table}_removed_verdicts ON ${table}`);
      await q.query(`DROP FUNCTION ${table}_removed_verdicts()`);
    }
    await q.query(`ALTER TABLE reco_match ADD FOREIGN KEY (run_id) REFERENCES reco_run(id)`);
    await q.query(
      `ALTER TABLE reco_match ADD FOREIGN KEY (purchase_id) REFERENCES purchase_record(id) ON DELETE CASCADE`,
    );
    await q.query(
      `ALTER TABLE reco_match ADD FOREIGN KEY (gstr2b_id) REFERENCES gstr2b_document(id) ON DELETE CASCADE`,
    );
  }
}
