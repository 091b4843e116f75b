/** The regime's services floor, reached from outside the regime through this face. */
export { EinvoiceSubmissionLookup } from './einvoice-submission-lookup';
export type { IrnCallbackAnswer } from './irn-callback.service';
export { IrnCallbackRefusal } from './irn-callback.service';
export { IrnCallbackService } from './irn-callback.service';
export type { IrpDay } from './irp-day';
export { parseIrpDay } from './irp-day';
export { RejectedIrnsService } from './rejected-irns.service';
export { EinvoicePrintable } from './einvoice-printable.service';
