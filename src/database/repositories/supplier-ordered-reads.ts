/**
 * A period's purchases and GSTR-2B documents read back in supplier order, a chunk at a time, through two
 * cursors of the run's transaction: the matching takes them a shard of suppliers at a time instead of
 * whole. The order is the matching's partition key (`shard_key`): every pairing the engine makes is within
 * one supplier PAN (the PAN rule joins a PAN's GSTINs), and bills of entry all share one key (the engine
 * keys them by BOE number, whatever GSTIN they name). The key is hex text so that PostgreSQL ("C"
 * collation) and JavaScript order it alike.
 */
import type { EntityManager } from 'typeorm';
import type { StoredGstr2b, StoredPurchase } from './reconciliation-rows';

export const PURCHASE_COLUMNS = `id, erp_id AS "erpId", supplier_gstin AS "supplierGstin",
  supplier_name AS "supplierName", bill_number AS "billNumber", to_char(bill_date, 'YYYY-MM-DD') AS "billDate",
  document_type AS "documentType", taxable_value::text AS "taxableValue", igst::text AS igst, cgst::text AS cgst,
  sgst::text AS sgst, cess::text AS cess, total::text AS total, place_of_supply AS "placeOfSupply",
  reverse_charge AS "reverseCharge", port_code AS "portCode", field_errors AS "fieldErrors"`;

export const GSTR2B_COLUMNS = `id, doc_key AS "docKey", section, kind, supplier_gstin AS "supplierGstin",
  supplier_name AS "supplierName", number, to_char(date, 'YYYY-MM-DD') AS date,
  taxable_value::text AS "taxableValue", igst::text AS igst, cgst::text AS cgst, sgst::text AS sgst,
  cess::text AS cess, itc_availability AS "itcAvailability", itc_unavailable_reason AS "itcUnavailableReason",
  reverse_charge AS "reverseCharge", source_type AS "sourceType", irn, place_of_supply AS "placeOfSupply",
  port_code AS "portCode", amended_in AS "amendedIn"`;

/** The partition key of a row whose document type is in `kind`: '' for bills of entry, else the PAN. */
const shardKey = (kind: string): string => `encode(convert_to(CASE WHEN ${kind} = 'BOE' THEN ''
  WHEN length(supplier_gstin) = 15 THEN substr(supplier_gstin, 3, 10)
  ELSE coalesce(supplier_gstin, '') END, 'UTF8'), 'hex')`;

/**
 * PostgreSQL's sort and hash memory for a run's transaction: the staged 2B's numbering and move, the
 * purchase upserts, both sides sorted by supplier for the reads (a large month's rows would spill the
 * default 4 MB to disk), the verdicts' anti-joins. For that transaction only.
 */
const RUN_WORK_MEMORY = '64MB';

export async function useRunMemory(manager: EntityManager): Promise<void> {
  await manager.query(`SET LOCAL work_mem = '${RUN_WORK_MEMORY}'`);
}

export type Keyed<Row> = Row & { shardKey: string };

export type OrderedSide = 'purchases' | 'gstr2b';

const CURSOR: Record<OrderedSide, string> = {
  purchases: 'reco_purchases_by_supplier',
  gstr2b: 'reco_gstr2b_by_supplier',
};

/** Opens both cursors in `manager`'s transaction (closed by its end, or by `close`). */
export async function openSupplierOrderedReads(
  manager: EntityManager,
  gstin: string,
  period: string,
): Promise<void> {
  await manager.query(
    `DECLARE ${CURSOR.purchases} NO SCROLL CURSOR FOR
       SELECT ${PURCHASE_COLUMNS}, ${shardKey('document_type')} AS "shardKey"
       FROM purchase_record WHERE gstin = $1 AND period = $2
       ORDER BY ${shardKey('document_type')} COLLATE "C", id`,
    [gstin, period],
  );
  await manager.query(
    `DECLARE ${CURSOR.gstr2b} NO SCROLL CURSOR FOR
       SELECT ${GSTR2B_COLUMNS}, ${shardKey('kind')} AS "shardKey"
       FROM gstr2b_document WHERE gstin = $1 AND period = $2
       ORDER BY ${shardKey('kind')} COLLATE "C", id`,
    [gstin, period],
  );
}

export function fetchPurchases(manager: EntityManager, rows: number): Promise<Keyed<StoredPurchase>[]> {
  return manager.query(`FETCH FORWARD ${Math.floor(rows)} FROM ${CURSOR.purchases}`);
}

export function fetchGstr2b(manager: EntityManager, rows: number): Promise<Keyed<StoredGstr2b>[]> {
  return manager.query(`FETCH FORWARD ${Math.floor(rows)} FROM ${CURSOR.gstr2b}`);
}

export async function closeSupplierOrderedReads(manager: EntityManager): Promise<void> {
  await manager.query(`CLOSE ${CURSOR.purchases}`);
  await manager.query(`CLOSE ${CURSOR.gstr2b}`);
}

/** How many rows each side holds: what the shards together must have read. */
export async function countPeriodRows(
  manager: EntityManager,
  gstin: string,
  period: string,
): Promise<{ purchases: number; gstr2b: number }> {
  const [row] = await manager.query<{ purchases: number; gstr2b: number }[]>(
    `SELECT (SELECT count(*) FROM purchase_record WHERE gstin = $1 AND period = $2)::int AS purchases,
       (SELECT count(*) FROM gstr2b_document WHERE gstin = $1 AND period = $2)::int AS gstr2b`,
    [gstin, period],
  );
  return row;
}
