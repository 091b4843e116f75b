/**
 * The e-invoice as the IRP portal prints it: the invoice JSON that was registered, the IRN, Ack No and
 * date, the IRP's signed QR, and the document's e-way bill as its record has it.
 */
import { ConflictException, Injectable } from '@nestjs/common';
import type { PrintableInvoice } from '../../../compliance';
import { isRegistered, SubmissionState } from '../../../domain';
import type { NicEinvoiceV11 } from '../../../mappers/irn';
import { type RegimePrintable, type SubmissionRecord, SubmissionRecordsService } from '../../../sync';
import { irnPrintable, type IrnRegistration } from '../irn-printable';

@Injectable()
export class EinvoicePrintable implements RegimePrintable {
  constructor(private readonly submissions: SubmissionRecordsService) {}

  async printable(submission: SubmissionRecord): Promise<PrintableInvoice> {
    const invoice = submission.requestPayload as NicEinvoiceV11 | null;
    if (!invoice || !submission.irn || !submission.signedQr) {
      throw new ConflictException(`submission ${submission.id} holds no IRN with its invoice and signed QR`);
    }
    const registration: IrnRegistration = {
      irn: submission.irn,
      ackNo: submission.ackNo,
      ackDate: submission.ackDate,
      signedQr: submission.signedQr,
      cancelled: submission.state === SubmissionState.Cancelled,
      ewaybill: await this.ewaybillOf(submission),
    };
    return irnPrintable(invoice, registration);
  }

  /**
   * The document's e-way bill as its record has it: the submission of the e-way bill regime holding it
   * (which adopted the bill the IRP generated with the IRN, and which Part-B, extension and cancel update),
   * left out once cancelled; else the bill as the IRP answered the IRN, where no such record exists.
   */
  private async ewaybillOf(submission: SubmissionRecord): Promise<IrnRegistration['ewaybill']> {
    const records = (await this.submissions.forDocument(submission.documentId)).filter(
      (s) => s.regime !== submission.regime && s.ewbNo && isRegistered(s.state),
    );
    const record =
      records.find((s) => s.ewbNo === submission.ewbNo) ??
      records.find((s) => s.state !== SubmissionState.Cancelled);
    if (record) return record.state === SubmissionState.Cancelled ? undefined : billOf(record);
    return submission.ewbNo ? billOf(submission) : undefined;
  }
}

function billOf(holder: SubmissionRecord): IrnRegistration['ewaybill'] {
  return holder.ewbNo
    ? { ewbNo: holder.ewbNo, ewbDate: holder.identifiers.ewbDate, validUpto: holder.validUpto }
    : undefined;
}
