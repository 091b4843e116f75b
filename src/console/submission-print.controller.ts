/**
 * GET /submissions/:id/print (an A4 HTML page to print) and /submissions/:id/print.pdf: the registered
 * invoice with the authority's identifiers and QR code, as the IRP portal and ZATCA's printed invoices show
 * it. Behind the API key like every operator route; the console opens the page with it (see console.js).
 */
import { Controller, Get, Param, ParseUUIDPipe, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api';
import type { Response } from 'express';
import { PRINT_CONTENT_SECURITY_POLICY, PrintService } from './print';

@ApiTags('submissions')
@ApiSecurity('api-key')
@Controller('submissions')
export class SubmissionPrintController {
  constructor(private readonly print: PrintService) {}

  @Get(':id/print')
  @ApiProduces('text/html')
  @ApiOkResponse({ content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiErrors(400, 404, 409)
  @ApiOperation({
    summary:
      'The registered invoice as a printable A4 page (IRN, Ack No/Date and signed QR; or ZATCA UUID, ICV and QR); 409 until registered',
  })
  async html(@Param('id', ParseUUIDPipe) id: string, @Res() response: Response): Promise<void> {
    const page = await this.print.html(id);
    response.set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PRINT_CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
    response.status(200).send(page);
  }

  @Get(':id/print.pdf')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiErrors(400, 404, 409)
  @ApiOperation({ summary: 'The registered invoice as an A4 PDF; 409 until registered' })
  async pdf(@Param('id', ParseUUIDPipe) id: string, @Res() response: Response): Promise<void> {
    const pdf = await this.print.pdf(id);
    response.set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="invoice-${id}.pdf"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
    response.status(200).send(pdf);
  }
}
