import { ConsoleController } from './console.controller';
import { FailureExportController } from './failure-export.controller';
import { RootRedirectController } from './root-redirect.controller';
import { SubmissionQrController } from './submission-qr.controller';

/** The console's page, `/` leading to it, and the routes it adds to the API (QR image, failure-queue exports). */
export const CONSOLE_CONTROLLERS = [
  ConsoleController,
  RootRedirectController,
  SubmissionQrController,
  FailureExportController,
];
