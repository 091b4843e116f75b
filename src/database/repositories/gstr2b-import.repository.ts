/**
 * Staging of a streamed GSTR-2B import: batches of documents are stored as they are read (one statement
 * per batch), then moved into `gstr2b_document` by one INSERT ... SELECT in the run's transaction, the
 * amendments applied in SQL (an original whose identity an amendment of the same import names is not
 * moved), the `#n` suffix of repeated identities numbered in file order. A refused or failed import is
 * discarded; stale staged imports (a crashed upload) are removed by age.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { columnLiterals } from './array-literal';
import type { Gstr2bRow } from './reconciliation.repository';

export interface StagedGstr2bRow extends Omit<Gstr2bRow, 'docKey'> {
  /** The document's identity in the return (`gstr2bKey`); repeated ones get `#2`, `#3`... when moved. */
  keyBase: string;
  /** Originals: supplier|section family|NUMBER, which an amendment's `amendsKey` may name. */
  identityKey: string | null;
  /** Amendments: the identity of the original they replace. */
  amendsKey: string | null;
}

const COLUMNS: [keyof StagedGstr2bRow, string, string][] = [
  ['keyBase', 'key_base', 'text'],
  ['identityKey', 'identity_key', 'text'],
  ['amendsKey', 'amends_key', 'text'],
  ['section', 'section', 'text'],
  ['kind', 'kind', 'text'],
  ['supplierGstin', 'supplier_gstin', 'text'],
  ['supplierName', 'supplier_name', 'text'],
  ['number', 'number', 'text'],
  ['date', 'date', 'date'],
  ['taxableValue', 'taxable_value', 'numeric'],
  ['igst', 'igst', 'numeric'],
  ['cgst', 'cgst', 'numeric'],
  ['sgst', 'sgst', 'numeric'],
  ['cess', 'cess', 'numeric'],
  ['itcAvailability', 'itc_availability', 'text'],
  ['itcUnavailableReason', 'itc_unavailable_reason', 'text'],
  ['reverseCharge', 'reverse_charge', 'boolean'],
  ['sourceType', 'source_type', 'text'],
  ['irn', 'irn', 'text'],
  ['placeOfSupply', 'place_of_supply', 'text'],
  ['portCode', 'port_code', 'text'],
  ['detail', 'detail', 'json'],
];

/** The columns staged as one array each: all but the detail (JSON). */
const SCALAR_COLUMNS = COLUMNS.filter(([key]) => key !== 'detail');

/** Columns of gstr2b_document filled from a staged row (all but the key). */
const MOVED = COLUMNS.filter(([key]) => !['keyBase', 'identityKey', 'amendsKey'].includes(key)).map(
  ([, column]) => column,
);

/** What an upsert compares to leave an unchanged document alone: every moved column and the source. */
const UNCHANGED = ['source', ...MOVED].map((column) => (column === 'detail' ? 'detail::text' : column));

@Injectable()
export class Gstr2bImportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stores one batch; `firstOrdinal` is the batch's first document's place in the file. One array per
   * column (unnest): PostgreSQL reads arrays far faster than a JSON document of the same rows.
   */
  async stage(importId: string, firstOrdinal: number, rows: readonly StagedGstr2bRow[]): Promise<void> {
    if (rows.length === 0) return;
    const arrays = columnLiterals(
      rows,
      SCALAR_COLUMNS.map(([key]) => key),
    );
    // The documents' detail goes as one JSON array (one native stringify), not as an array of JSON texts:
    // node-postgres escapes every quote of every element of a text array, which cost more than the rest.
    await this.dataSource.query(
      `INSERT INTO gstr2b_import_row (import_id, ordinal, ${SCALAR_COLUMNS.map(([, c]) => c).join(', ')}, detail)
       SELECT $1, $2 + r.ordinality - 1, ${SCALAR_COLUMNS.map(([, c]) => `r.${c}`).join(', ')}, d.detail
       FROM unnest(${SCALAR_COLUMNS.map(([, , type], i) => `$${i + 4}::${type}[]`).join(', ')})
         WITH ORDINALITY AS r(${SCALAR_COLUMNS.map(([, c]) => c).join(', ')}, ordinality)
       JOIN json_array_elements($3::json) WITH ORDINALITY AS d(detail, ordinality) USING (ordinality)`,
      [importId, firstOrdinal, JSON.stringify(rows.map((row) => row.detail)), ...arrays],
    );
  }

  /**
   * Fresh statistics of the staging table once an import is staged, outside the run's transaction (the
   * lock is released at once). The table's statistics otherwise describe an earlier import, whose id is
   * the only one they know: the planner then takes this import for a handful of rows and moves it into the
   * period by nested loops (a re-import of 1,000,000 documents ran for minutes in that statement). The
   * planner needs the import's size, not fine distributions: a sample of 3,000 rows (statistics target 10)
   * costs a tenth of the default's 30,000.
   */
  async analyzeStaged(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL default_statistics_target = 10`);
      await manager.query(`ANALYZE gstr2b_import_row`);
    });
  }

  async discard(importId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM gstr2b_import_row WHERE import_id = $1`, [importId]);
  }

  /** Staged imports older than `seconds` (an upload whose process died) are removed. */
  async discardStale(seconds: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM gstr2b_import_row WHERE staged_at < now() - make_interval(secs => $1)`,
      [seconds],
    );
  }

  /**
   * The period's GSTR-2B becomes the staged import: documents upserted by identity (their ids, and the
   * operator's decisions on them, stay), documents the import no longer holds removed, the staging emptied.
   */
  async moveIntoPeriod(
    manager: EntityManager,
    importId: string,
    gstin: string,
    period: string,
    source: string,
  ): Promise<number> {
    const rows: { moved: string }[] = await manager.query(
      `WITH amended AS (
         SELECT DISTINCT amends_key FROM gstr2b_import_row WHERE import_id = $1 AND amends_key IS NOT NULL
       ), keys AS MATERIALIZED (
         -- Narrow (position and key only): the numbering's sort and the later look-ups never carry the detail.
         SELECT ordinal, CASE WHEN repeat = 1 THEN key_base ELSE key_base || '#' || repeat END AS doc_key
         FROM (
           SELECT s.ordinal, s.key_base, row_number() OVER (PARTITION BY s.key_base ORDER BY s.ordinal) AS repeat
           FROM gstr2b_import_row s
           WHERE s.import_id = $1
             AND (s.identity_key IS NULL OR NOT EXISTS (SELECT 1 FROM amended a WHERE a.amends_key = s.identity_key))
         ) numbered
       ), upserted AS (
         INSERT INTO gstr2b_document AS t (gstin, period, source, doc_key, ${MOVED.join(', ')})
         SELECT $2, $3, $4, k.doc_key, ${MOVED.map((c) => `s.${c}`).join(', ')}
         -- In no particular order: the keys are unique once numbered, and sorting the wide rows (their detail)
         -- into file order spilled a million-document move to disk.
         FROM keys k JOIN gstr2b_import_row s ON s.import_id = $1 AND s.ordinal = k.ordinal
         ON CONFLICT (gstin, period, doc_key) DO UPDATE SET
           ${MOVED.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, source = EXCLUDED.source, fetched_at = now()
         -- A document imported again as it was is not rewritten (json compared as its text).
         WHERE (${UNCHANGED.map((c) => `t.${c}`).join(', ')}) IS DISTINCT FROM (${UNCHANGED.map((c) => `EXCLUDED.${c}`).join(', ')})
       ), removed AS (
         DELETE FROM gstr2b_document d WHERE d.gstin = $2 AND d.period = $3
           AND NOT EXISTS (SELECT 1 FROM keys k WHERE k.doc_key = d.doc_key)
       )
       SELECT count(*)::text AS moved FROM keys`,
      [importId, gstin, period, source],
    );
    await manager.query(`DELETE FROM gstr2b_import_row WHERE import_id = $1`, [importId]);
    return Number(rows[0]?.moved ?? 0);
  }
}
