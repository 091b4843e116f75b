import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** Per EGS unit: last invoice counter (ICV) and the hash of the last signed invoice (the next PIH). */
@Entity('zatca_chain')
export class ZatcaChainEntity {
  @PrimaryColumn({ name: 'egs_unit_id', type: 'text' })
  egsUnitId!: string;

  @Column({ type: 'int', default: 0 })
  icv!: number;

  @Column({ type: 'text' })
  pih!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
