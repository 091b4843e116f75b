/**
 * GET /submissions/:id/qr.png: the registration's QR as a PNG, for the console (which fetches it with the
 * API key) and for anyone printing it. India: the IRP's signed QR token; KSA: the QR of the invoice
 * ZATCA accepted (the latest signed generation that was neither rejected nor superseded).
 */
import {
  Controller,
  Get,
  Inject,
  NotFoundException,
  Optional,
  Param,
  ParseUUIDPipe,
  Res,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api';
import type { Response } from 'express';
import { qrPng } from '../connectors/csv';
import { SubmissionRecordsService } from '../sync';
import { SIGNED_DOCUMENTS, type SignedDocuments } from '../compliance';

@ApiTags('submissions')
@ApiSecurity('api-key')
@ApiErrors(401)
@Controller('submissions')
export class SubmissionQrController {
  constructor(
    private readonly submissions: SubmissionRecordsService,
    @Optional() @Inject(SIGNED_DOCUMENTS.token) private readonly signedDocuments: SignedDocuments | null,
  ) {}

  @Get(':id/qr.png')
  @ApiOperation({ summary: "The registration's QR code as a PNG (IRN signed QR, or ZATCA invoice QR)" })
  @ApiOkResponse({ content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(400, 404)
  async qr(@Param('id', ParseUUIDPipe) id: string, @Res() response: Response): Promise<void> {
    const payload = await this.payloadOf(id);
    if (!payload) throw new NotFoundException(`submission ${id} has no QR (not registered)`);
    response.set({ 'Content-Type': 'image/png', 'Cache-Control': 'no-store' });
    response.status(200).send(qrPng(payload));
  }

  private async payloadOf(id: string): Promise<string | null> {
    const submission = await this.submissions.find(id);
    if (!submission) throw new NotFoundException(`no submission ${id}`);
    if (submission.signedQr) return submission.signedQr;
    return (await this.signedDocuments?.latestAccepted(id))?.qr ?? null;
  }
}
