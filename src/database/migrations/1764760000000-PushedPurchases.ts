import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Purchase bills pushed by an ERP to a webhook instance (issue 28): one row per instance and ERP id, read
 * back by bill date when a reconciliation pulls that instance's purchase register.
 */
export class PushedPurchases1764760000000 implements MigrationInterface {
  name = 'PushedPurchases1764760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE pushed_purchase (
         connector text NOT NULL,
         erp_id text NOT NULL,
         content_hash text NOT NULL,
         supplier_gstin text NOT NULL,
         supplier_name text,
         bill_number text NOT NULL,
         bill_date date NOT NULL,
         document_type text NOT NULL,
         port_code text,
         taxable_value numeric(18,2) NOT NULL,
         igst numeric(18,2) NOT NULL,
         cgst numeric(18,2) NOT NULL,
         sgst numeric(18,2) NOT NULL,
         cess numeric(18,2) NOT NULL,
         total numeric(18,2) NOT NULL,
         place_of_supply text,
         reverse_charge boolean,
         received_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (connector, erp_id)
       )`,
    );
    await q.query(`CREATE INDEX pushed_purchase_bill_date ON pushed_purchase (connector, bill_date, erp_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE pushed_purchase`);
  }
}
