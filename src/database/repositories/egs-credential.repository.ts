/**
 * EGS unit credentials in `egs_unit`. The onboarding service hands records over with the private key and
 * CSID secrets already sealed (SecretBox, context = EGS unit id); this store keeps them as they come and
 * refuses anything that is not a sealed value, so a plaintext key can never reach the table. Nothing
 * here logs a record.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type {
  ComplianceCheckRecord,
  EgsCredentialRecord,
  EgsCredentialStore,
  EgsOnboardingState,
  StoredCsid,
} from '../../compliance/ksa/egs-credential-store';
import { isZatcaEnvironment } from '../../compliance/ksa/zatca-environment';

interface EgsUnitRow {
  id: string;
  vat_number: string;
  environment: string;
  invoice_type: string;
  state: EgsOnboardingState;
  private_key_sealed: string;
  csr_base64: string;
  compliance_csid: StoredCsid | null;
  production_csid: StoredCsid | null;
  compliance_checks: ComplianceCheckRecord[];
  updated_at: Date;
}

/** SecretBox's format, `v1.<iv>.<tag>.<ciphertext>` in base64url. */
const SEALED = /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

@Injectable()
export class PostgresEgsCredentialStore implements EgsCredentialStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async get(egsUnitId: string): Promise<EgsCredentialRecord | undefined> {
    const rows: EgsUnitRow[] = await this.dataSource.query(
      `SELECT id, vat_number, environment, invoice_type, state, private_key_sealed, csr_base64,
              compliance_csid, production_csid, compliance_checks, updated_at
         FROM egs_unit WHERE id = $1`,
      [egsUnitId],
    );
    const row = rows[0];
    return row ? toRecord(row) : undefined;
  }

  async save(record: EgsCredentialRecord): Promise<void> {
    assertSealed(record);
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
        record.privateKeySealed,
        record.csrBase64,
        jsonOrNull(record.compliance),
        jsonOrNull(record.production),
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
    return rows.map(toRecord);
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
}

function toRecord(row: EgsUnitRow): EgsCredentialRecord {
  if (!isZatcaEnvironment(row.environment)) {
    throw new Error(`egs_unit ${row.id}: unknown ZATCA environment ${row.environment}`);
  }
  return {
    egsUnitId: row.id,
    environment: row.environment,
    vatNumber: row.vat_number,
    invoiceType: row.invoice_type,
    state: row.state,
    privateKeySealed: row.private_key_sealed,
    csrBase64: row.csr_base64,
    compliance: row.compliance_csid ?? undefined,
    production: row.production_csid ?? undefined,
    complianceChecks: row.compliance_checks,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The message names the field, never its value. */
function assertSealed(record: EgsCredentialRecord): void {
  const secrets: [string, string | undefined][] = [
    ['privateKeySealed', record.privateKeySealed],
    ['compliance.secretSealed', record.compliance?.secretSealed],
    ['production.secretSealed', record.production?.secretSealed],
  ];
  for (const [field, value] of secrets) {
    if (value !== undefined && !SEALED.test(value)) {
      throw new Error(`egs_unit ${record.egsUnitId}: ${field} is not a sealed value; refusing to store it`);
    }
  }
}

function jsonOrNull(value: StoredCsid | undefined): string | null {
  return value ? JSON.stringify(value) : null;
}
