/**
 * A KSA invoice as ZATCA's tax invoices are printed: from the XML ZATCA cleared (a standard invoice) or
 * the one this service signed and ZATCA accepted, with its QR.
 */
import { ConflictException, Injectable } from '@nestjs/common';
import type { PrintableInvoice } from '../../../compliance';
import type { RegimePrintable, SubmissionRecord } from '../../../sync';
import { zatcaPrintable } from '../zatca-printable';
import { ZatcaRecordsService } from './zatca-records.service';

@Injectable()
export class ZatcaPrintable implements RegimePrintable {
  constructor(private readonly records: ZatcaRecordsService) {}

  async printable(submission: SubmissionRecord): Promise<PrintableInvoice> {
    const accepted = await this.records.latestAccepted(submission.id);
    const xml = submission.identifiers.zatcaClearedXml ?? accepted?.signedXml;
    const qr = submission.signedQr ?? accepted?.qr;
    if (!xml || !qr)
      throw new ConflictException(`submission ${submission.id} holds no signed invoice with a QR`);
    return zatcaPrintable({ xml, qr, status: submission.zatcaStatus });
  }
}
