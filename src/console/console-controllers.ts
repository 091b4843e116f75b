import { ConsoleController } from './console.controller';
import { FailureExportController } from './failure-export.controller';
import { SubmissionQrController } from './submission-qr.controller';

/** The console's page and the routes it adds to the API (QR image, failure-queue exports). */
export const CONSOLE_CONTROLLERS = [ConsoleController, SubmissionQrController, FailureExportController];
