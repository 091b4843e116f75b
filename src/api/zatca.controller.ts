import { BadRequestException, Body, Controller, Get, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { IsObject, IsString, Matches } from 'class-validator';
import { checkEgsCsrConfig, type EgsCsrConfig } from '../compliance/ksa/csr';
import { ZatcaOnboardingService } from '../compliance/ksa/onboarding.service';
import { PostgresEgsCredentialStore } from '../database/repositories/egs-credential.repository';
import type { Party } from '../domain/canonical-invoice';

class OnboardRequestDto {
  @ApiProperty({ description: 'one-time password from the Fatoora portal' })
  @IsString()
  @Matches(/^\d{6}$/, { message: 'otp must be 6 digits' })
  otp!: string;

  @ApiProperty({
    description: 'CSR fields: environment, commonName, solutionName, model, serialNumber, vatNumber, ...',
  })
  @IsObject()
  csr!: EgsCsrConfig;

  @ApiProperty({ description: 'the seller as on the unit invoices (used for the compliance samples)' })
  @IsObject()
  seller!: Party;
}

@ApiTags('zatca')
@ApiSecurity('api-key')
@Controller('zatca/egs-units')
export class ZatcaController {
  constructor(
    private readonly onboarding: ZatcaOnboardingService,
    private readonly store: PostgresEgsCredentialStore,
  ) {}

  @Post(':id/onboard')
  @ApiOperation({
    summary: 'Onboard an EGS unit: key + CSR, compliance CSID (OTP), compliance checks, production CSID',
  })
  async onboard(@Param('id') id: string, @Body() body: OnboardRequestDto) {
    const problems = checkEgsCsrConfig(body.csr);
    if (problems.length > 0) {
      throw new BadRequestException({
        statusCode: 400,
        message: 'request validation failed',
        errors: problems.map((message) => ({ path: 'csr', rule: 'zatca.csr', message })),
      });
    }
    return this.onboarding.onboard({ egsUnitId: id, csr: body.csr, seller: body.seller }, body.otp);
  }

  @Get(':id')
  @ApiOperation({ summary: "An EGS unit's onboarding state and certificate expiry (never its keys)" })
  async get(@Param('id') id: string) {
    const record = await this.store.get(id);
    if (!record) throw new NotFoundException(`no EGS unit ${id}`);
    return {
      egsUnitId: id,
      state: record.state,
      environment: record.environment,
      vatNumber: record.vatNumber,
      invoiceType: record.invoiceType,
      complianceChecks: record.complianceChecks,
      productionCertificateExpires: record.production?.expiresAt ?? null,
      updatedAt: record.updatedAt,
    };
  }
}
