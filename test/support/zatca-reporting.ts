/** The `sa-zatca` regime's declared reporting job, run in a test app the way a worker runs it. */
import type { INestApplicationContext } from '@nestjs/common';
import { ZATCA_REPORTING_JOB, type ZatcaReportingRun } from '../../src/regimes/sa-zatca/reporting';
import { RegimeJobs } from '../../src/sync/regime-jobs';

export function zatcaReporting(app: Pick<INestApplicationContext, 'get'>): {
  reportDue(): Promise<ZatcaReportingRun>;
} {
  return { reportDue: () => app.get(RegimeJobs).run(ZATCA_REPORTING_JOB) };
}
