/** The `sa-zatca` regime's descriptor: settings, providers, its reporting job, identifier columns. */
import type { RegimeDescriptor } from '../regime-descriptor';
import { ZATCA_PROVIDERS } from './zatca-providers';
import { ZatcaSettings } from './zatca-settings';

/** Reports signed simplified invoices to ZATCA (within 24 h of issue); run by sync/. */
export const ZATCA_REPORT_JOB = 'zatca-report';

export const ZATCA_DESCRIPTOR: RegimeDescriptor<ZatcaSettings> = {
  name: 'sa-zatca',
  settingsClass: ZatcaSettings,
  providers: ZATCA_PROVIDERS,
  jobs: [{ name: ZATCA_REPORT_JOB, everySeconds: 300, scheduleSetting: 'zatcaReportEverySeconds' }],
  projectIdentifiers: (ids) => ({
    signedQr: ids.zatcaQr ?? null,
    zatcaUuid: ids.zatcaUuid ?? null,
    zatcaHash: ids.zatcaHash ?? null,
    zatcaIcv: ids.zatcaIcv ?? null,
    zatcaStatus: ids.zatcaStatus ?? null,
  }),
};
