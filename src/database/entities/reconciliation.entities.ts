/** GSTR-2B reconciliation tables (see the Reconciliation migration for what each holds). */
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { FieldError } from '../../domain/field-error';

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
  @Column({ name: 'reverse_charge', type: 'boolean', nullable: true }) reverseCharge!: boolean | null;
  @Column({ name: 'field_errors', type: 'jsonb', nullable: true }) fieldErrors!: FieldError[] | null;
  @Column({ name: 'pulled_at', type: 'timestamptz', default: () => 'now()' }) pulledAt!: Date;
}

@Entity('gstr2b_document')
export class Gstr2bDocumentEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) gstin!: string;
  @Column({ type: 'text' }) period!: string;
  @Column({ name: 'doc_key', type: 'text' }) docKey!: string;
  @Column({ type: 'text' }) section!: string;
  @Column({ type: 'text' }) kind!: string;
  @Column({ name: 'supplier_gstin', type: 'text', nullable: true }) supplierGstin!: string | null;
  @Column({ name: 'supplier_name', type: 'text', nullable: true }) supplierName!: string | null;
  @Column({ type: 'text' }) number!: string;
  @Column({ type: 'date' }) date!: string;
  @Column({ name: 'taxable_value', type: 'numeric', precision: 18, scale: 2 }) taxableValue!: string;
  @Column({ type: 'numeric', precision: 18, scale: 2 }) igst!: string;
  @Column({ type: 'numeric', precision: 18, scale: 2 }) cgst!: string;
  @Column({ type: 'numeric', precision: 18, scale: 2 }) sgst!: string;
  @Column({ type: 'numeric', precision: 18, scale: 2 }) cess!: string;
  @Column({ name: 'itc_availability', type: 'text' }) itcAvailability!: string;
  @Column({ name: 'itc_unavailable_reason', type: 'text', nullable: true }) itcUnavailableReason!:
    string | null;
  @Column({ name: 'reverse_charge', type: 'boolean' }) reverseCharge!: boolean;
  @Column({ name: 'source_type', type: 'text', nullable: true }) sourceType!: string | null;
  @Column({ type: 'text', nullable: true }) irn!: string | null;
  /** The whole parsed document (lines, original of an amendment, filing dates). */
  @Column({ type: 'json' }) detail!: Record<string, unknown>;
  /** api-A, api-B or import. */
  @Column({ type: 'text' }) source!: string;
  @Column({ name: 'fetched_at', type: 'timestamptz', default: () => 'now()' }) fetchedAt!: Date;
}

@Entity('reco_run')
export class RecoRunEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) gstin!: string;
  @Column({ type: 'text' }) period!: string;
  @Column({ type: 'text' }) trigger!: string;
  @Column({ type: 'text' }) state!: 'running' | 'completed' | 'failed';
  @Column({ name: 'started_at', type: 'timestamptz', default: () => 'now()' }) startedAt!: Date;
  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true }) finishedAt!: Date | null;
  @Column({ type: 'text', nullable: true }) error!: string | null;
  @Column({ name: 'error_class', type: 'text', nullable: true }) errorClass!: string | null;
  @Column({ type: 'jsonb', nullable: true }) summary!: Record<string, unknown> | null;
}

@Entity('reco_match')
export class RecoMatchEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'text' }) gstin!: string;
  @Column({ type: 'text' }) period!: string;
  @Column({ name: 'run_id', type: 'uuid', nullable: true }) runId!: string | null;
  @Column({ type: 'text' }) category!: string;
  @Column({ type: 'text' }) rule!: string;
  @Column({ name: 'purchase_id', type: 'uuid', nullable: true }) purchaseId!: string | null;
  @Column({ name: 'gstr2b_id', type: 'uuid', nullable: true }) gstr2bId!: string | null;
  @Column({ name: 'supplier_gstin', type: 'text' }) supplierGstin!: string;
  @Column({ type: 'jsonb' }) differences!: unknown[];
  @Column({ type: 'jsonb' }) explanation!: string[];
  @Column({ name: 'itc_at_stake', type: 'numeric', precision: 18, scale: 2 }) itcAtStake!: string;
  @Column({ type: 'text', nullable: true }) decision!: 'accepted' | 'linked' | 'unlinked' | 'ignored' | null;
  @Column({ name: 'decided_by', type: 'text', nullable: true }) decidedBy!: string | null;
  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true }) decidedAt!: Date | null;
  @Column({ name: 'decision_reason', type: 'text', nullable: true }) decisionReason!: string | null;
}
