/** The `sa-zatca` regime's descriptor: settings, providers, its reporting job, identifier columns. */
import type { RegimeDescriptor } from '../../compliance';
import { ZATCA_PROVIDERS } from './zatca-providers';
import { ZatcaSettings } from './zatca-settings';
import { isRefusedReport, reissueRefusedReport } from './reporting/report-reissue';
import { ZATCA_REPORTING_JOB } from './reporting/reporting-job';

/** Reports signed simplified invoices to ZATCA (within 24 h of issue); its logic is in reporting/. */
export { ZATCA_REPORT_JOB } from './reporting/reporting-job';

export const ZATCA_DESCRIPTOR: RegimeDescriptor<ZatcaSettings> = {
  name: 'sa-zatca',
  countries: ['SA'],
  settingsClass: ZatcaSettings,
  providers: ZATCA_PROVIDERS,
  jobs: [ZATCA_REPORTING_JOB],
  // A simplified invoice ZATCA refused to report is retried by re-issuing it in the next chain slot.
  refusedAfterRegistration: { isRefused: isRefusedReport, retry: reissueRefusedReport },
  projectIdentifiers: (ids) => ({
    signedQr: ids.zatcaQr ?? null,
    zatcaUuid: ids.zatcaUuid ?? null,
    zatcaHash: ids.zatcaHash ?? null,
    zatcaIcv: ids.zatcaIcv ?? null,
    zatcaStatus: ids.zatcaStatus ?? null,
  }),
};
