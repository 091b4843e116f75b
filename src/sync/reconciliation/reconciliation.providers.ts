/** What the reconciliation module adds to the app: registered with one spread in the app module. */
import type { Provider } from '@nestjs/common';
import { ReconciliationRepository } from '../../database/repositories';
import { ReconciliationActionsService } from './reconciliation-actions.service';
import { ReconciliationReportService } from './reconciliation-report.service';
import { ReconciliationSchedulerService } from './reconciliation-scheduler.service';
import { ReconciliationService } from './reconciliation.service';
import { ReturnGatewaysService } from './return-gateways.service';

export const RECONCILIATION_PROVIDERS: Provider[] = [
  ReconciliationRepository,
  ReturnGatewaysService,
  ReconciliationService,
  ReconciliationActionsService,
  ReconciliationReportService,
  ReconciliationSchedulerService,
];
