import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { FieldError } from '../../domain';

/** A purchase-register entry as the ERP's connector gave it, per GSTIN and period; rows it could not read keep their field errors. */
@Entity('purchase_record')
export class PurchaseRecordEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) gstin!: string;
  @Column({ type: 'text' }) period!: string;
  @Column({ type: 'text' }) connector!: string;
  @Column({ name: 'erp_id', type: 'text' }) erpId!: string;
  @Column({ name: 'supplier_gstin', type: 'text', nullable: true }) supplierGstin!: string | null;
  @Column({ name: 'supplier_name', type: 'text', nullable: true }) supplierName!: string | null;
  @Column({ name: 'bill_number', type: 'text', nullable: true }) billNumber!: string | null;
  @Column({ name: 'bill_date', type: 'date', nullable: true }) billDate!: string | null;
  @Column({ name: 'document_type', type: 'text', nullable: true }) documentType!: string | null;
  @Column({ name: 'taxable_value', type: 'numeric', precision: 18, scale: 2, nullable: true }) taxableValue!:
    string | null;
  @Column({ type: 'numeric', precision: 18, scale: 2, nullable: true }) igst!: string | null;
  @Column({ type: 'numeric', precision: 18, scale: 2, nullable: true }) cgst!: string | null;
  @Column({ type: 'numeric', precision: 18, scale: 2, nullable: true }) sgst!: string | null;
  @Column({ type: 'numeric', precision: 18, scale: 2, nullable: true }) cess!: string | null;
  @Column({ type: 'numeric', precision: 18, scale: 2, nullable: true }) total!: string | null;
  @Column({ name: 'place_of_supply', type: 'text', nullable: true }) placeOfSupply!: string | null;
  @Column({ name: 'port_code', type: 'text', nullable: true }) portCode!: string | null;
  @Column({ name: 'reverse_charge', type: 'boolean', nullable: true }) reverseCharge!: boolean | null;
  @Column({ name: 'field_errors', type: 'jsonb', nullable: true }) fieldErrors!: FieldError[] | null;
  @Column({ name: 'pulled_at', type: 'timestamptz', default: () => 'now()' }) pulledAt!: Date;
}
