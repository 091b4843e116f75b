/**
 * What ZATCA's reporting job and re-onboarding need from storage and from the regime's clients, as
 * ports: the regime's storage/ implements the store (ZatcaReportingRepository; the store's port is in
 * ports/), services/zatca-wiring.ts binds both.
 */
import { regimePort } from '../../../compliance';
import type { ZatcaReportingStore } from '../../../ports';
import type { ZatcaRegimeDependencies } from '../zatca.regime';

export type {
  DueReport,
  ReportAnswer,
  ReportAuditEvent,
  ReportStatusChange,
  SignedInvoiceRef,
  ZatcaReportingStore,
} from '../../../ports';

/** Provider and signing credentials reports are sent with (the same the `sa-zatca` regime uses). */
export type ZatcaReportingClients = Pick<
  ZatcaRegimeDependencies,
  'provider' | 'providerForUnit' | 'credentials'
>;

export const ZATCA_REPORTING_STORE = regimePort<ZatcaReportingStore>('zatca-reporting-store');
export const ZATCA_REPORTING_CLIENTS = regimePort<ZatcaReportingClients>('zatca-reporting-clients');
