/**
 * What the reconciliation routes answer: runs, the report page, supplier totals, decisions.
 * CategoryTotalResponse is only referenced from maps: its controller lists it as an extra model.
 */
import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { FieldErrorResponse } from './error.response';

export class RecoRunResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  gstin!: string;

  @ApiProperty({ description: 'MMYYYY' })
  period!: string;

  @ApiProperty({ description: 'schedule, operator:<name>, import:<name>' })
  trigger!: string;

  @ApiProperty({ enum: ['running', 'completed', 'failed'] })
  state!: 'running' | 'completed' | 'failed';

  @ApiProperty({ format: 'date-time' })
  startedAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finishedAt!: string | null;

  @ApiProperty({ type: String, nullable: true })
  error!: string | null;

  @ApiProperty({ type: String, nullable: true })
  errorClass!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  summary!: Record<string, unknown> | null;
}

export class CategoryTotalResponse {
  @ApiProperty()
  count!: number;

  @ApiProperty({ description: 'decimal string' })
  itcAtStake!: string;
}

const CATEGORY_TOTALS = {
  type: 'object',
  additionalProperties: { $ref: getSchemaPath(CategoryTotalResponse) },
} as const;

export class PurchaseRangeResponse {
  @ApiProperty({ format: 'date', example: '2026-07-01' })
  from!: string;

  @ApiProperty({ format: 'date', example: '2026-10-31' })
  to!: string;
}

export class RunSummaryResponse {
  @ApiProperty({ type: PurchaseRangeResponse, description: 'bill dates read from the books' })
  purchaseRange!: PurchaseRangeResponse;

  @ApiProperty()
  purchases!: number;

  @ApiProperty()
  unreadablePurchases!: number;

  @ApiProperty()
  gstr2bDocuments!: number;

  @ApiProperty({ ...CATEGORY_TOTALS, description: 'per match category' })
  categories!: Record<string, CategoryTotalResponse>;
}

export class RunOutcomeResponse {
  @ApiPropertyOptional({ format: 'uuid' })
  runId?: string;

  @ApiPropertyOptional({ description: 'why nothing was reconciled' })
  skipped?: string;

  @ApiPropertyOptional({ type: RunSummaryResponse })
  summary?: RunSummaryResponse;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'number' } })
  timingsMs?: Record<string, number>;
}

export class UnreadablePurchaseResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  erpId!: string;

  @ApiProperty({ type: String, nullable: true })
  supplierGstin!: string | null;

  @ApiProperty({ type: String, nullable: true })
  billNumber!: string | null;

  @ApiProperty({ type: String, nullable: true })
  billDate!: string | null;

  @ApiProperty({ type: [FieldErrorResponse], nullable: true })
  fieldErrors!: FieldErrorResponse[] | null;
}

export class ReportPageInfoResponse {
  @ApiProperty()
  limit!: number;

  @ApiProperty({ description: 'matches in the category filter, all pages' })
  total!: number;

  @ApiProperty()
  unreadableTotal!: number;

  @ApiProperty({ type: String, nullable: true, description: "the next page's cursor" })
  nextCursor!: string | null;
}

export class ReportRowResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  category!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'in-other-period / amended: the period (MMYYYY) where the bill was paired or the document amended',
  })
  otherPeriod!: string | null;

  @ApiProperty()
  rule!: string;

  @ApiProperty()
  supplierGstin!: string;

  @ApiProperty({ type: String, nullable: true })
  supplierName!: string | null;

  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  differences!: Record<string, unknown>[];

  @ApiProperty({ type: [String] })
  explanation!: string[];

  @ApiProperty({ description: 'decimal string' })
  itcAtStake!: string;

  @ApiProperty({ type: String, nullable: true })
  decision!: string | null;

  @ApiProperty({ type: String, nullable: true })
  decidedBy!: string | null;

  @ApiProperty({ type: String, nullable: true })
  decisionReason!: string | null;

  @ApiProperty({ type: String, nullable: true })
  purchaseId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  gstr2bId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  erpId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  billNumber!: string | null;

  @ApiProperty({ type: String, nullable: true })
  billDate!: string | null;

  @ApiProperty({ type: String, nullable: true })
  purchaseType!: string | null;

  @ApiProperty({ type: String, nullable: true })
  purchaseTaxable!: string | null;

  @ApiProperty({ type: String, nullable: true })
  purchaseTax!: string | null;

  @ApiProperty({ type: [FieldErrorResponse], nullable: true })
  fieldErrors!: FieldErrorResponse[] | null;

  @ApiProperty({ type: String, nullable: true })
  section!: string | null;

  @ApiProperty({ type: String, nullable: true })
  gstr2bKind!: string | null;

  @ApiProperty({ type: String, nullable: true })
  gstr2bNumber!: string | null;

  @ApiProperty({ type: String, nullable: true })
  gstr2bDate!: string | null;

  @ApiProperty({ type: String, nullable: true })
  gstr2bTaxable!: string | null;

  @ApiProperty({ type: String, nullable: true })
  gstr2bTax!: string | null;

  @ApiProperty({ type: String, nullable: true })
  itcAvailability!: string | null;

  @ApiProperty({ type: String, nullable: true })
  itcUnavailableReason!: string | null;

  @ApiProperty({ type: Boolean, nullable: true })
  reverseCharge!: boolean | null;
}

export class ReconciliationReportResponse {
  @ApiProperty()
  gstin!: string;

  @ApiProperty({ description: 'MMYYYY' })
  period!: string;

  @ApiProperty({ type: RecoRunResponse, nullable: true })
  lastRun!: RecoRunResponse | null;

  @ApiProperty({ ...CATEGORY_TOTALS, description: 'per match category' })
  categories!: Record<string, CategoryTotalResponse>;

  @ApiProperty({ type: [UnreadablePurchaseResponse], description: 'with the first page only' })
  unreadablePurchases!: UnreadablePurchaseResponse[];

  @ApiProperty({ type: ReportPageInfoResponse })
  page!: ReportPageInfoResponse;

  @ApiProperty({ type: [ReportRowResponse] })
  matches!: ReportRowResponse[];
}

export class SupplierTotalResponse {
  @ApiProperty()
  supplierGstin!: string;

  @ApiProperty({ type: String, nullable: true })
  supplierName!: string | null;

  @ApiProperty()
  documents!: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: 'documents per category',
  })
  categories!: Record<string, number>;

  @ApiProperty({ description: 'decimal string' })
  booksTax!: string;

  @ApiProperty({ description: 'decimal string' })
  gstr2bTax!: string;

  @ApiProperty({ description: 'decimal string' })
  itcAtStake!: string;

  @ApiProperty({ description: 'rows still to settle' })
  open!: number;
}

export class MatchActionResultResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: ['accept', 'ignore', 'unlink'] })
  action!: 'accept' | 'ignore' | 'unlink';
}

export class LinkResultResponse {
  @ApiProperty({ format: 'uuid', description: 'the match made' })
  id!: string;

  @ApiProperty()
  category!: string;
}

export class RecoPeriodResponse {
  @ApiProperty({ description: 'MMYYYY' })
  period!: string;

  @ApiProperty({ enum: ['running', 'completed', 'failed'], description: "the period's newest run" })
  state!: string;

  @ApiProperty({ format: 'date-time' })
  startedAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  finishedAt!: string | null;
}

export class ReconciledGstinResponse {
  @ApiProperty()
  gstin!: string;

  @ApiProperty({ description: 'connector instance whose purchase register is reconciled' })
  connector!: string;

  @ApiProperty({
    description: 'MMYYYY of the newest GSTR-2B generated by now (reconciliation.generationDay)',
  })
  latestGeneratedPeriod!: string;

  @ApiProperty({ type: [RecoPeriodResponse], description: 'periods with a run, newest first' })
  periods!: RecoPeriodResponse[];
}
