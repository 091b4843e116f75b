/** What the reconciliation module adds to the app: registered with one spread in the app module. */
import type { Provider } from '@nestjs/common';
import {
  Gstr2bImportRepository,
  ReconciliationRepository,
  RecoPeriodRepository,
  RecoReportRepository,
} from '../database/repositories';
import { ReconciledGstinsService } from './reconciled-gstins.service';
import { ReconciliationExportService } from './reconciliation-export.service';
import { Gstr2bImportService } from './gstr2b-import.service';
import { ReconciliationActionsService } from './reconciliation-actions.service';
import { ReconciliationReportService } from './reconciliation-report.service';
import { ReconciliationSchedulerService } from './reconciliation-scheduler.service';
import { ReconciliationService } from './reconciliation.service';
import { ReturnGatewaysService } from './return-gateways.service';
import { ReturnSessionMetrics } from './return-session-metrics';

export const RECONCILIATION_PROVIDERS: Provider[] = [
  ReconciliationRepository,
  Gstr2bImportRepository,
  Gstr2bImportService,
  RecoReportRepository,
  ReconciliationExportService,
  ReturnGatewaysService,
  ReturnSessionMetrics,
  ReconciliationService,
  ReconciliationActionsService,
  ReconciliationReportService,
  ReconciliationSchedulerService,
  RecoPeriodRepository,
  ReconciledGstinsService,
];
