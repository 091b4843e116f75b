import { ConsoleController } from './console.controller';
import { FailureExportController } from './failure-export.controller';
import { RootRedirectController } from './root-redirect.controller';
import { PrintService } from './print';
import { SubmissionPrintController } from './submission-print.controller';
import { SubmissionQrController } from './submission-qr.controller';

/** The console's page, `/` leading to it, and the routes it adds to the API (QR image, print view, failure-queue exports). */
export const CONSOLE_CONTROLLERS = [
  ConsoleController,
  RootRedirectController,
  SubmissionQrController,
  SubmissionPrintController,
  FailureExportController,
];

/** What those routes need besides the API's own services. */
export const CONSOLE_PROVIDERS = [PrintService];
