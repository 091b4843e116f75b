/**
 * The printable invoice of a registered submission, as HTML or PDF, laid out by its regime (RegimePrintable)
 * from what was registered, never from the ERP's current data. A submission the authority does not hold yet
 * answers 409 with its state.
 */
import { existsSync } from 'node:fs';
import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { PrintableInvoice } from '../../compliance';
import { AppConfig } from '../../config';
import { isRegistered } from '../../domain';
import { REGIME_PRINTABLES, type RegimePrintables, SubmissionRecordsService } from '../../sync';
import { printHtml } from './print-html';
import { printPdf, type PdfFonts } from './print-pdf';

@Injectable()
export class PrintService {
  private readonly logger = new Logger('Print');
  private fonts: PdfFonts | undefined | null = null;

  constructor(
    private readonly submissions: SubmissionRecordsService,
    @Inject(REGIME_PRINTABLES) private readonly printables: RegimePrintables,
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
    const regime = this.printables.get(submission.regime);
    if (!regime) throw new NotFoundException(`a ${submission.regime} submission has no printable invoice`);
    return regime.printable(submission);
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
