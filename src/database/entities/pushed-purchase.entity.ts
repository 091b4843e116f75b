import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A purchase bill an ERP pushed to a webhook instance (`POST /webhooks/:instance/purchases`), one per
 * instance and ERP id: a changed re-push replaces it, a cancellation deletes it. Read back by bill date when
 * a reconciliation pulls the instance's purchase register.
 */
@Entity('pushed_purchase')
export class PushedPurchaseEntity {
  /** The connector instance's name, as purchase_record.connector. */
  @PrimaryColumn({ type: 'text' }) connector!: string;
  @PrimaryColumn({ name: 'erp_id', type: 'text' }) erpId!: string;
  /** Of the bill as read; a re-push with the same hash changes nothing. */
  @Column({ name: 'content_hash', type: 'text' }) contentHash!: string;
  /** Empty for a bill of entry of a supplier abroad. */
  @Column({ name: 'supplier_gstin', type: 'text' }) supplierGstin!: string;
  @Column({ name: 'supplier_name', type: 'text', nullable: true }) supplierName!: string | null;
  @Column({ name: 'bill_number', type: 'text' }) billNumber!: string;
  @Column({ name: 'bill_date', type: 'date' }) billDate!: string;
  @Column({ name: 'document_type', type: 'text' }) documentType!: string;
  @Column({ name: 'port_code', type: 'text', nullable: true }) portCode!: string | null;
  @Column({ name: 'taxable_value', type: 'numeric', precision: 18, scale: 2 }) taxableValue!: string;
  @Column({ type: 'numeric', precision: 18, scale: 2 }) igst!: string;
  @Column({ type: 'numeric', precision: 18, scale: 2 }) cgst!: string;
  @Column({ type: 'numeric', precision: 18, scale: 2 }) sgst!: string;
  @Column({ type: 'numeric', precision: 18, scale: 2 }) cess!: string;
  @Column({ type: 'numeric', precision: 18, scale: 2 }) total!: string;
  @Column({ name: 'place_of_supply', type: 'text', nullable: true }) placeOfSupply!: string | null;
  @Column({ name: 'reverse_charge', type: 'boolean', nullable: true }) reverseCharge!: boolean | null;
  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' }) receivedAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt!: Date;
}
