/** What the ZATCA routes answer: EGS units (never their keys), onboarding, signed invoices. */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

const ENVIRONMENTS = ['developer-portal', 'simulation', 'core'];

export class ComplianceCheckResponse {
  @ApiProperty({ description: 'the sample document checked' })
  document!: string;

  @ApiProperty()
  status!: string;

  @ApiProperty({ type: [String] })
  warnings!: string[];
}

export class EgsUnitResponse {
  @ApiProperty()
  egsUnitId!: string;

  @ApiProperty({ enum: ['COMPLIANCE_CSID', 'COMPLIANCE_CHECKED', 'ACTIVE', 'REONBOARD_REQUIRED'] })
  state!: string;

  @ApiPropertyOptional({ description: 'what to do (REONBOARD_REQUIRED)' })
  action?: string;

  @ApiPropertyOptional({ description: 'when ZATCA refused its production CSID' })
  csidRefusedAt?: string;

  @ApiPropertyOptional({ description: 'submissions held until it is onboarded again' })
  waitingSubmissions?: number;

  @ApiProperty({ enum: ENVIRONMENTS })
  environment!: string;

  @ApiProperty()
  vatNumber!: string;

  @ApiProperty({ description: "the CSR's invoice-type flags, e.g. 1100" })
  invoiceType!: string;

  @ApiProperty({ type: [ComplianceCheckResponse] })
  complianceChecks!: ComplianceCheckResponse[];

  @ApiProperty({ type: String, nullable: true })
  productionCertificateExpires!: string | null;

  @ApiProperty()
  updatedAt!: string;
}

export class EgsUnitListResponse {
  @ApiProperty({ type: [EgsUnitResponse] })
  items!: EgsUnitResponse[];
}

export class NotReissuedResponse {
  @ApiProperty({ format: 'uuid' })
  submissionId!: string;

  @ApiProperty()
  why!: string;
}

export class OnboardingResponse {
  @ApiProperty()
  egsUnitId!: string;

  @ApiProperty({ enum: ['COMPLIANCE_CSID', 'COMPLIANCE_CHECKED', 'ACTIVE'] })
  state!: string;

  @ApiProperty()
  complianceRequestId!: string;

  @ApiProperty()
  productionRequestId!: string;

  @ApiProperty({ type: [ComplianceCheckResponse] })
  checks!: ComplianceCheckResponse[];

  @ApiPropertyOptional()
  certificateExpiresAt?: string;

  @ApiProperty({ description: 'submissions that waited for the unit and went on' })
  releasedSubmissions!: number;

  @ApiProperty({ description: 'simplified invoices signed under the refused certificate, signed again' })
  reissuedSimplifiedInvoices!: number;

  @ApiProperty({ type: [NotReissuedResponse] })
  notReissued!: NotReissuedResponse[];
}

export class ZatcaRejectionResponse {
  @ApiProperty()
  code!: string;

  @ApiProperty()
  message!: string;
}

export class SignedInvoiceResponse {
  @ApiProperty({ description: '1 for the first signing, then one more per re-issue' })
  generation!: number;

  @ApiProperty()
  egsUnitId!: string;

  @ApiProperty({ description: 'invoice counter value' })
  icv!: number;

  @ApiProperty({ description: 'previous invoice hash' })
  pih!: string;

  @ApiProperty()
  uuid!: string;

  @ApiProperty()
  invoiceHash!: string;

  @ApiProperty({ type: String, nullable: true })
  qr!: string | null;

  @ApiProperty()
  signedAt!: string;

  @ApiProperty({ type: ZatcaRejectionResponse, nullable: true })
  rejection!: ZatcaRejectionResponse | null;

  @ApiProperty({ type: String, nullable: true })
  rejectedAt!: string | null;

  @ApiProperty({ type: String, nullable: true })
  supersededAt!: string | null;

  @ApiProperty()
  signedXml!: string;
}

export class SignedInvoiceListResponse {
  @ApiProperty({ format: 'uuid' })
  submissionId!: string;

  @ApiProperty({ type: [SignedInvoiceResponse] })
  items!: SignedInvoiceResponse[];
}
