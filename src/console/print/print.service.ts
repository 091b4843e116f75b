/**
 * The printable invoice of a registered submission, as HTML or PDF: read from what was registered (the
 * IRN request JSON and the IRP's answer; the signed or cleared ZATCA XML and its QR), never from the ERP's
 * current data. A submission the authority does not hold yet answers 409 with its state.
 */
import { existsSync } from 'node:fs';
import { ConflictException, Inject, Injectable, Logger, NotFoundException, Optional } from '@nestjs/common';
import { AppConfig } from '../../config';
import { isRegistered, SubmissionState } from '../../domain';
import type { NicEinvoiceV11 } from '../../mappers/irn';
import { type SubmissionRecord, SubmissionRecordsService } from '../../sync';
import { SIGNED_DOCUMENTS, type SignedDocuments } from '../../compliance';
import { irnPrintable, type IrnRegistration } from './irn-printable';
import { printHtml } from './print-html';
import { printPdf, type PdfFonts } from './print-pdf';
import type { PrintableInvoice } from './printable-invoice';
import { zatcaPrintable } from './zatca-printable';

@Injectable()
export class PrintService {
  private readonly logger = new Logger('Print');
  private fonts: PdfFonts | undefined | null = null;

  constructor(
    private readonly submissions: SubmissionRecordsService,
    @Optional() @Inject(SIGNED_DOCUMENTS.token) private readonly signedDocuments: SignedDocuments | null,
    private readonly config: AppConfig,
  ) {}

  async html(submissionId: string): Promise<string> {
    return printHtml(await this.printable(submissionId));
  }

  async pdf(submissionId: string): Promise<Buffer> {
    return printPdf(await this.printable(submissionId), this.pdfFonts());
  }

  private async printable(submissionId: string): Promise<PrintableInvoice> {
    const submission = await this.submissions.find(submissionId);
    if (!submission) throw new NotFoundException(`no submission ${submissionId}`);
    if (!isRegistered(submission.state)) {
      throw new ConflictException({
        statusCode: 409,
        message: `submission ${submissionId} is not registered yet: it is ${submission.state}`,
        state: submission.state,
      });
    }
    if (submission.regime === 'in-einvoice') return this.irn(submission);
    if (submission.regime === 'sa-zatca') return this.zatca(submission);
    throw new NotFoundException(`a ${submission.regime} submission has no printable invoice`);
  }

  private async irn(submission: SubmissionRecord): Promise<PrintableInvoice> {
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
   * The document's e-way bill as its record has it: the `in-ewaybill` submission holding it (which adopted
   * the bill the IRP generated with the IRN, and which Part-B, extension and cancel update), left out once
   * cancelled; else the bill as the IRP answered the IRN, where no such record exists.
   */
  private async ewaybillOf(submission: SubmissionRecord): Promise<IrnRegistration['ewaybill']> {
    const records = (await this.submissions.forDocument(submission.documentId)).filter(
      (s) => s.regime === 'in-ewaybill' && s.ewbNo && isRegistered(s.state),
    );
    const record =
      records.find((s) => s.ewbNo === submission.ewbNo) ??
      records.find((s) => s.state !== SubmissionState.Cancelled);
    if (record) return record.state === SubmissionState.Cancelled ? undefined : billOf(record);
    return submission.ewbNo ? billOf(submission) : undefined;
  }

  private async zatca(submission: SubmissionRecord): Promise<PrintableInvoice> {
    const accepted = await this.signedDocuments?.latestAccepted(submission.id);
    const xml = submission.identifiers.zatcaClearedXml ?? accepted?.signedXml;
    const qr = submission.signedQr ?? accepted?.qr;
    if (!xml || !qr)
      throw new ConflictException(`submission ${submission.id} holds no signed invoice with a QR`);
    return zatcaPrintable({ xml, qr, status: submission.zatcaStatus });
  }

  /** The configured fonts, once checked; without them the PDF uses Helvetica (and leaves Arabic out). */
  private pdfFonts(): PdfFonts | undefined {
    if (this.fonts !== null) return this.fonts;
    const { pdfFont, pdfBoldFont } = this.config.print;
    const missing = [pdfFont, pdfBoldFont].filter((file) => !existsSync(file));
    if (missing.length > 0) {
      this.logger.warn(
        `print.pdfFont/pdfBoldFont not found (${missing.join(', ')}): PDFs use Helvetica, without Arabic`,
      );
    }
    this.fonts = missing.length > 0 ? undefined : { regular: pdfFont, bold: pdfBoldFont };
    return this.fonts;
  }
}

function billOf(holder: SubmissionRecord): IrnRegistration['ewaybill'] {
  return holder.ewbNo
    ? { ewbNo: holder.ewbNo, ewbDate: holder.identifiers.ewbDate, validUpto: holder.validUpto }
    : undefined;
}
