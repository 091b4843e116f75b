/** What the purchase intake takes and answers (`POST /webhooks/:instance/purchases`). */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FieldErrorResponse } from './error.response';

const DECIMAL = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$', example: '1180.50' } as const;

/** One bill of the body: an invoice, a credit or debit note, or a bill of entry; or a cancellation. */
export class PushedPurchaseBill {
  @ApiPropertyOptional({
    description: "the ERP's own id (1-128 of letters, digits, ._/:-); default: the bill's natural id",
  })
  externalId?: string;

  @ApiPropertyOptional({
    description:
      'true: the ERP cancelled the bill; it is removed. Name it by externalId, or by the fields of its natural id',
  })
  cancelled?: boolean;

  @ApiPropertyOptional({ description: 'required except on a bill of entry (a supplier abroad has none)' })
  supplierGstin?: string;

  @ApiPropertyOptional()
  supplierName?: string;

  @ApiProperty({ description: "the supplier's invoice number; a bill of entry's BOE number" })
  billNumber!: string;

  @ApiProperty({ format: 'date', description: "YYYY-MM-DD; a bill of entry's BOE date" })
  billDate!: string;

  @ApiPropertyOptional({ enum: ['INV', 'CRN', 'DBN', 'BOE'], default: 'INV' })
  documentType?: string;

  @ApiPropertyOptional({
    pattern: '^[A-Za-z0-9]{6}$',
    description: 'bills of entry: the customs port code (e.g. INNSA1)',
  })
  portCode?: string;

  @ApiProperty({ ...DECIMAL, description: "a bill of entry's assessable value" })
  taxableValue!: string;

  @ApiPropertyOptional({ ...DECIMAL, default: '0' })
  igst?: string;

  @ApiPropertyOptional({ ...DECIMAL, default: '0' })
  cgst?: string;

  @ApiPropertyOptional({ ...DECIMAL, default: '0' })
  sgst?: string;

  @ApiPropertyOptional({ ...DECIMAL, default: '0' })
  cess?: string;

  @ApiPropertyOptional({ ...DECIMAL, description: 'default: taxable value plus taxes' })
  total?: string;

  @ApiPropertyOptional({ pattern: '^\\d{2}$', description: 'two-digit GST state code' })
  placeOfSupply?: string;

  @ApiPropertyOptional()
  reverseCharge?: boolean;
}

export class AcceptedPurchaseResponse {
  @ApiProperty({ description: "the item's position in the batch" })
  index!: number;

  @ApiProperty({ description: "externalId, or the bill's natural id" })
  erpId!: string;

  @ApiProperty({ enum: ['created', 'updated', 'unchanged', 'cancelled', 'not-found'] })
  result!: string;
}

export class RejectedPurchaseResponse {
  @ApiProperty()
  index!: number;

  @ApiProperty({ type: [FieldErrorResponse], description: 'paths within the item (portCode, billDate)' })
  errors!: FieldErrorResponse[];
}

export class PurchaseBatchResponse {
  @ApiProperty({ type: [AcceptedPurchaseResponse] })
  accepted!: AcceptedPurchaseResponse[];

  @ApiProperty({ type: [RejectedPurchaseResponse] })
  rejected!: RejectedPurchaseResponse[];

  @ApiPropertyOptional({ description: 'why nothing was stored (400)' })
  message?: string;

  @ApiPropertyOptional({ type: [FieldErrorResponse] })
  errors?: FieldErrorResponse[];
}
