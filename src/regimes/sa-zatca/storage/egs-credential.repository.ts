/**
 * EGS unit credentials in `egs_unit`. Records come in clear and this repository seals the private key and
 * the CSID secrets (SecretBox, context = EGS unit id, so a sealed key copied to another unit's row does not
 * open) before anything reaches the table, and opens them on the way out: sealing is done here only.
 * Nothing here logs a record.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SecretBox } from '../../../security';
import {
  type ComplianceCheckRecord,
  type EgsCredentialRecord,
  type EgsCredentialStore,
  type EgsOnboardingState,
  type StoredCsid,
  isZatcaEnvironment,
} from '../../../ports';

interface EgsUnitRow {
  id: string;
  vat_number: string;
  environment: string;
  invoice_type: string;
  state: EgsOnboardingState;
  private_key_sealed: string;
  csr_base64: string;
  compliance_csid: SealedCsid | null;
  production_csid: SealedCsid | null;
  compliance_checks: ComplianceCheckRecord[];
  updated_at: Date;
}

/** A CSID as stored in its JSON column: the secret sealed. */
type SealedCsid = Omit<StoredCsid, 'secret'> & { secretSealed: string };

@Injectable()
export class PostgresEgsCredentialStore implements EgsCredentialStore {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async get(egsUnitId: string): Promise<EgsCredentialRecord | undefined> {
    const rows: EgsUnitRow[] = await this.dataSource.query(
      `SELECT id, vat_number, environment, invoice_type, state, private_key_sealed, csr_base64,
              compliance_csid, production_csid, compliance_checks, updated_at
         FROM egs_unit WHERE id = $1`,
      [egsUnitId],
    );
    const row = rows[0];
    return row ? this.toRecord(row) : undefined;
  }

  async save(record: EgsCredentialRecord): Promise<void> {
    const unit = record.egsUnitId;
    await this.dataSource.query(
      `INSERT INTO egs_unit (id, vat_number, environment, invoice_type, state, private_key_sealed, csr_base64,
                             compliance_csid, production_csid, production_expires_at, compliance_checks, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (id) DO UPDATE SET
         vat_number = EXCLUDED.vat_number, environment = EXCLUDED.environment,
         invoice_type = EXCLUDED.invoice_type, state = EXCLUDED.state,
         private_key_sealed = EXCLUDED.private_key_sealed, csr_base64 = EXCLUDED.csr_base64,
         compliance_csid = EXCLUDED.compliance_csid, production_csid = EXCLUDED.production_csid,
         production_expires_at = EXCLUDED.production_expires_at,
         compliance_checks = EXCLUDED.compliance_checks, updated_at = EXCLUDED.updated_at`,
      [
        record.egsUnitId,
        record.vatNumber,
        record.environment,
        record.invoiceType,
        record.state,
        this.box.seal(record.privateKeyPem, unit),
        record.csrBase64,
        this.sealedCsidJson(record.compliance, unit),
        this.sealedCsidJson(record.production, unit),
        record.production?.expiresAt ?? null,
        JSON.stringify(record.complianceChecks),
        record.updatedAt,
      ],
    );
  }

  /** Every unit, by id. */
  async list(): Promise<EgsCredentialRecord[]> {
    const rows: EgsUnitRow[] = await this.dataSource.query(
      `SELECT id, vat_number, environment, invoice_type, state, private_key_sealed, csr_base64,
              compliance_csid, production_csid, compliance_checks, updated_at
         FROM egs_unit ORDER BY id`,
    );
    return rows.map((row) => this.toRecord(row));
  }

  /** Units whose production certificate ends before `before`: their CSID renewal is due. */
  async renewalsDue(before: Date): Promise<{ egsUnitId: string; expiresAt: Date }[]> {
    const rows: { id: string; production_expires_at: Date }[] = await this.dataSource.query(
      `SELECT id, production_expires_at FROM egs_unit
        WHERE state = 'ACTIVE' AND production_expires_at < $1 ORDER BY production_expires_at`,
      [before],
    );
    return rows.map((row) => ({ egsUnitId: row.id, expiresAt: row.production_expires_at }));
  }

  private toRecord(row: EgsUnitRow): EgsCredentialRecord {
    if (!isZatcaEnvironment(row.environment)) {
      throw new Error(`egs_unit ${row.id}: unknown ZATCA environment ${row.environment}`);
    }
    return {
      egsUnitId: row.id,
      environment: row.environment,
      vatNumber: row.vat_number,
      invoiceType: row.invoice_type,
      state: row.state,
      privateKeyPem: this.box.open(row.private_key_sealed, row.id),
      csrBase64: row.csr_base64,
      compliance: this.openedCsid(row.compliance_csid, row.id),
      production: this.openedCsid(row.production_csid, row.id),
      complianceChecks: row.compliance_checks,
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  }

  private sealedCsidJson(csid: StoredCsid | undefined, unit: string): string | null {
    if (!csid) return null;
    const { secret, ...rest } = csid;
    const sealed: SealedCsid = { ...rest, secretSealed: this.box.seal(secret, unit) };
    return JSON.stringify(sealed);
  }

  private openedCsid(csid: SealedCsid | null, unit: string): StoredCsid | undefined {
    if (!csid) return undefined;
    const { secretSealed, ...rest } = csid;
    return { ...rest, secret: this.box.open(secretSealed, unit) };
  }
}
