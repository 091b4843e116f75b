import {
  BadRequestException,
  Body,
  Controller,
  Get,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrors } from '../../../api';
import {
  EgsUnitListResponse,
  EgsUnitResponse,
  OnboardingResponse,
  SignedInvoiceListResponse,
} from './zatca.response';
import { IsObject, IsString, Matches } from 'class-validator';
import { reonboardInstruction } from '../onboarding.service';
import { type EgsCredentialRecord } from '../egs-credential-store';
import { checkEgsCsrConfig, type EgsCsrConfig } from '../csr';
import type { Party } from '../../../domain';
import { ZatcaReonboarding, ZatcaWaitingSubmissions } from '../reporting';
import { ZatcaRecordsService } from '../services';

class OnboardRequestDto {
  @ApiProperty({ description: 'one-time password from the Fatoora portal' })
  @IsString()
  @Matches(/^\d{6}$/, { message: 'otp must be 6 digits' })
  otp!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'CSR fields: environment, commonName, solutionName, model, serialNumber, vatNumber, ...',
  })
  @IsObject()
  csr!: EgsCsrConfig;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'the seller as on the unit invoices (used for the compliance samples)',
  })
  @IsObject()
  seller!: Party;
}

@ApiTags('zatca')
@ApiSecurity('api-key')
@ApiErrors(401)
@Controller('zatca')
export class ZatcaController {
  constructor(
    private readonly reonboarding: ZatcaReonboarding,
    private readonly records: ZatcaRecordsService,
    private readonly waiting: ZatcaWaitingSubmissions,
  ) {}

  @Get('egs-units')
  @ApiOperation({ summary: 'Every EGS unit: onboarding state, certificate expiry, what it waits for' })
  @ApiOkResponse({ type: EgsUnitListResponse })
  async list() {
    const records = await this.records.egsUnits();
    return { items: await Promise.all(records.map((record) => this.view(record))) };
  }

  @Post('egs-units/:id/onboard')
  @ApiOperation({
    summary:
      'Onboard (or re-onboard) an EGS unit: key + CSR, compliance CSID (OTP), compliance checks, production CSID',
  })
  @ApiCreatedResponse({
    type: OnboardingResponse,
    description: 'onboarded; what waited for the unit went on',
  })
  @ApiErrors(400, 422, 502, 503, 504)
  async onboard(@Param('id') id: string, @Body() body: OnboardRequestDto) {
    const problems = checkEgsCsrConfig(body.csr);
    if (problems.length > 0) {
      throw new BadRequestException({
        statusCode: 400,
        message: 'request validation failed',
        errors: problems.map((message) => ({ path: 'csr', rule: 'zatca.csr', message })),
      });
    }
    // Invoices held or signed while the unit's CSID was refused go on now (re-issued where they must be).
    return this.reonboarding.onboard({ egsUnitId: id, csr: body.csr, seller: body.seller }, body.otp);
  }

  @Get('egs-units/:id')
  @ApiOperation({ summary: "An EGS unit's onboarding state and certificate expiry (never its keys)" })
  @ApiOkResponse({ type: EgsUnitResponse })
  @ApiErrors(404)
  async get(@Param('id') id: string) {
    const record = await this.records.egsUnit(id);
    if (!record) throw new NotFoundException(`no EGS unit ${id}`);
    return this.view(record);
  }

  @Get('submissions/:id/signed-invoices')
  @ApiOperation({
    summary:
      'Every invoice signed for a submission (ICV, PIH, hash, QR, signed XML), a rejected or superseded one included',
  })
  @ApiOkResponse({ type: SignedInvoiceListResponse })
  @ApiErrors(400)
  async signedInvoices(@Param('id', ParseUUIDPipe) id: string) {
    return { submissionId: id, items: await this.records.signedInvoices(id) };
  }

  private async view(record: EgsCredentialRecord) {
    const refused = record.production?.refusedAt;
    return {
      egsUnitId: record.egsUnitId,
      state: refused ? 'REONBOARD_REQUIRED' : record.state,
      ...(refused
        ? {
            action: reonboardInstruction(record.egsUnitId),
            csidRefusedAt: refused,
            waitingSubmissions: await this.waiting.count(record.egsUnitId),
          }
        : {}),
      environment: record.environment,
      vatNumber: record.vatNumber,
      invoiceType: record.invoiceType,
      complianceChecks: record.complianceChecks,
      productionCertificateExpires: record.production?.expiresAt ?? null,
      updatedAt: record.updatedAt,
    };
  }
}
