import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A GSTR-2B document per GSTIN and period, as fetched or imported (amendments applied). */
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
  /** Superseded by an amendment (b2ba, cdnra, isda) reported in this later period's 2B. */
  @Column({ name: 'amended_in', type: 'text', nullable: true }) amendedIn!: string | null;
  @Column({ name: 'amended_by', type: 'uuid', nullable: true }) amendedBy!: string | null;
  @Column({ type: 'text' }) source!: string;
  @Column({ name: 'fetched_at', type: 'timestamptz', default: () => 'now()' }) fetchedAt!: Date;
}
