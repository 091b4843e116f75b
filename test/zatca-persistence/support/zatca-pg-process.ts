/** One process's view of KSA on Postgres: its own pool, stores, onboarding service, regime and reporting. */
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { FatooraClient } from '../../../src/regimes/sa-zatca/fatoora.client';
import type {
  CsidCredentials,
  InvoiceSubmission,
  ZatcaInvoiceResult,
} from '../../../src/regimes/sa-zatca/fatoora.types';
import { ZatcaOnboardingService } from '../../../src/regimes/sa-zatca/onboarding.service';
import { zatcaXmlTools } from '../../../src/regimes/sa-zatca/zatca-xml-tools';
import { ZatcaRegime, type ZatcaRegimeDependencies } from '../../../src/regimes/sa-zatca/zatca.regime';
import { AuditRepository } from '../../../src/database/repositories/audit.repository';
import { PostgresEgsCredentialStore } from '../../../src/regimes/sa-zatca/storage/egs-credential.repository';
import { PostgresZatcaChainStore } from '../../../src/regimes/sa-zatca/storage/zatca-chain.repository';
import type { ZatcaSimulator } from '@erp-connector/sandbox/zatca';
import type { SecretBox } from '../../../src/security/secret-box';
import { ZatcaReportingJob } from '../../../src/regimes/sa-zatca/reporting';
import { ZatcaReportingRepository } from '../../../src/regimes/sa-zatca/storage/zatca-reporting.repository';

/** The real client, counting what it sends (the simulator answers a repeat 409 without recording it). */
export class CountingFatooraClient extends FatooraClient {
  readonly reportedUuids: string[] = [];
  readonly clearedUuids: string[] = [];

  override report(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult> {
    this.reportedUuids.push(submission.uuid);
    return super.report(credentials, submission);
  }

  override clear(credentials: CsidCredentials, submission: InvoiceSubmission): Promise<ZatcaInvoiceResult> {
    this.clearedUuids.push(submission.uuid);
    return super.clear(credentials, submission);
  }
}

/** As the app would wire them; `regimeWith` swaps regime dependencies (e.g. a signer that crashes). */
export function wireZatcaProcess(dataSource: DataSource, simulator: ZatcaSimulator, secretBox: SecretBox) {
  const client = new CountingFatooraClient({ baseUrl: simulator.url, timeoutMs: 5_000 });
  const chain = new PostgresZatcaChainStore(dataSource);
  const credentials = new PostgresEgsCredentialStore(dataSource, secretBox);
  const onboarding = new ZatcaOnboardingService({
    provider: client,
    store: credentials,
    ...zatcaXmlTools,
  });
  const dependencies: ZatcaRegimeDependencies = {
    provider: client,
    chain,
    credentials: onboarding,
    ...zatcaXmlTools,
  };
  const regime = new ZatcaRegime(dependencies);
  const regimeWith = (overrides: Partial<ZatcaRegimeDependencies>) =>
    new ZatcaRegime({ ...dependencies, ...overrides });
  const reporting = new ZatcaReportingJob(
    new ZatcaReportingRepository(dataSource, new AuditRepository(dataSource)),
    { provider: client, credentials: onboarding },
    new Logger('ZatcaReporting'),
  );
  return { client, chain, onboarding, regime, regimeWith, reporting };
}

export type ZatcaProcess = ReturnType<typeof wireZatcaProcess>;
