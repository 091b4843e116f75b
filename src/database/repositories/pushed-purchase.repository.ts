/**
 * Purchase bills pushed to webhook instances (`pushed_purchase`): stored per instance and ERP id (a re-push
 * of the same content changes nothing, a changed one replaces the row), deleted when the ERP cancels a bill,
 * and read back in pages by bill date (the connector's PushedPurchaseStore).
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { PurchasePageKey, PurchasePeriod, PurchaseRecord, PushedPurchaseStore } from '../../connectors';
import { returnedRows } from './returned-rows';

/** What one pushed bill did to the stored register. */
export type PushedPurchaseResult = 'created' | 'updated' | 'unchanged';

export interface PushedBill {
  record: PurchaseRecord;
  contentHash: string;
}

interface PushedPurchaseRow {
  erp_id: string;
  supplier_gstin: string;
  supplier_name: string | null;
  bill_number: string;
  bill_date: string;
  document_type: PurchaseRecord['documentType'];
  port_code: string | null;
  taxable_value: string;
  igst: string;
  cgst: string;
  sgst: string;
  cess: string;
  total: string;
  place_of_supply: string | null;
  reverse_charge: boolean | null;
}

@Injectable()
export class PushedPurchaseRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The store an instance's connector reads its pushed purchases from (ConnectorContext.pushedPurchases). */
  forInstance(connector: string): PushedPurchaseStore {
    return { page: (range, after, limit) => this.page(connector, range, after, limit) };
  }

  /**
   * Keeps the bills (erpIds distinct), in one statement: a new one is inserted, one whose content changed
   * replaces the stored row, one with the same content is left alone. Returns each bill's result by erpId.
   */
  async store(
    connector: string,
    bills: readonly PushedBill[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, PushedPurchaseResult>> {
    const results = new Map<string, PushedPurchaseResult>(
      bills.map((bill) => [bill.record.erpId, 'unchanged']),
    );
    if (bills.length === 0) return results;
    // In one order (erpId), so two batches holding the same bills lock their rows alike and cannot deadlock.
    const ordered = [...bills].sort((a, b) => (a.record.erpId < b.record.erpId ? -1 : 1));
    const rows = ordered.map(({ record, contentHash }) => ({
      erp_id: record.erpId,
      content_hash: contentHash,
      supplier_gstin: record.supplierGstin,
      supplier_name: record.supplierName ?? null,
      bill_number: record.billNumber,
      bill_date: record.billDate,
      document_type: record.documentType,
      port_code: record.portCode ?? null,
      taxable_value: record.taxableValue,
      igst: record.igst,
      cgst: record.cgst,
      sgst: record.sgst,
      cess: record.cess,
      total: record.total,
      place_of_supply: record.placeOfSupply ?? null,
      reverse_charge: record.reverseCharge ?? null,
    }));
    // xmax is 0 on a row this statement inserted and set on one it updated: it tells the two apart.
    const written: { erp_id: string; inserted: boolean }[] = await manager.query(
      `INSERT INTO pushed_purchase AS p (connector, erp_id, content_hash, supplier_gstin, supplier_name,
         bill_number, bill_date, document_type, port_code, taxable_value, igst, cgst, sgst, cess, total,
         place_of_supply, reverse_charge)
       SELECT $1, r.erp_id, r.content_hash, r.supplier_gstin, r.supplier_name, r.bill_number, r.bill_date,
         r.document_type, r.port_code, r.taxable_value, r.igst, r.cgst, r.sgst, r.cess, r.total,
         r.place_of_supply, r.reverse_charge
         FROM jsonb_to_recordset($2::jsonb) AS r(erp_id text, content_hash text, supplier_gstin text,
           supplier_name text, bill_number text, bill_date date, document_type text, port_code text,
           taxable_value numeric, igst numeric, cgst numeric, sgst numeric, cess numeric, total numeric,
           place_of_supply text, reverse_charge boolean)
       ON CONFLICT (connector, erp_id) DO UPDATE SET
         content_hash = EXCLUDED.content_hash, supplier_gstin = EXCLUDED.supplier_gstin,
         supplier_name = EXCLUDED.supplier_name, bill_number = EXCLUDED.bill_number,
         bill_date = EXCLUDED.bill_date, document_type = EXCLUDED.document_type,
         port_code = EXCLUDED.port_code, taxable_value = EXCLUDED.taxable_value, igst = EXCLUDED.igst,
         cgst = EXCLUDED.cgst, sgst = EXCLUDED.sgst, cess = EXCLUDED.cess, total = EXCLUDED.total,
         place_of_supply = EXCLUDED.place_of_supply, reverse_charge = EXCLUDED.reverse_charge,
         updated_at = now()
       WHERE p.content_hash <> EXCLUDED.content_hash
       RETURNING p.erp_id, (p.xmax = 0) AS inserted`,
      [connector, JSON.stringify(rows)],
    );
    for (const row of written) results.set(row.erp_id, row.inserted ? 'created' : 'updated');
    return results;
  }

  /** Deletes the bills the ERP cancelled; returns the erpIds that were stored. */
  async cancel(
    connector: string,
    erpIds: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Set<string>> {
    if (erpIds.length === 0) return new Set();
    const rows = returnedRows<{ erp_id: string }>(
      await manager.query(
        `DELETE FROM pushed_purchase WHERE connector = $1 AND erp_id = ANY($2::text[]) RETURNING erp_id`,
        [connector, erpIds],
      ),
    );
    return new Set(rows.map((row) => row.erp_id));
  }

  private async page(
    connector: string,
    range: PurchasePeriod,
    after: PurchasePageKey | undefined,
    limit: number,
  ): Promise<PurchaseRecord[]> {
    const rows: PushedPurchaseRow[] = await this.dataSource.query(
      `SELECT erp_id, supplier_gstin, supplier_name, bill_number, bill_date::text AS bill_date, document_type,
              port_code, taxable_value::text AS taxable_value, igst::text AS igst, cgst::text AS cgst,
              sgst::text AS sgst, cess::text AS cess, total::text AS total, place_of_supply, reverse_charge
         FROM pushed_purchase
        WHERE connector = $1 AND bill_date BETWEEN $2::date AND $3::date
          AND ($4::date IS NULL OR (bill_date, erp_id) > ($4::date, $5::text))
        ORDER BY bill_date, erp_id
        LIMIT $6`,
      [connector, range.from, range.to, after?.billDate ?? null, after?.erpId ?? null, limit],
    );
    return rows.map(toRecord);
  }
}

function toRecord(row: PushedPurchaseRow): PurchaseRecord {
  return {
    erpId: row.erp_id,
    supplierGstin: row.supplier_gstin,
    supplierName: row.supplier_name ?? undefined,
    billNumber: row.bill_number,
    billDate: row.bill_date,
    documentType: row.document_type,
    ...(row.port_code === null ? {} : { portCode: row.port_code }),
    taxableValue: row.taxable_value,
    igst: row.igst,
    cgst: row.cgst,
    sgst: row.sgst,
    cess: row.cess,
    total: row.total,
    placeOfSupply: row.place_of_supply ?? undefined,
    reverseCharge: row.reverse_charge ?? undefined,
  };
}
