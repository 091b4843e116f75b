import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

export class GstinPeriodParams {
  @ApiProperty()
  @Matches(/^[0-9]{2}[0-9A-Z]{13}$/, { message: 'gstin must be a 15-character GSTIN' })
  gstin!: string;

  @ApiProperty({ description: 'MMYYYY' })
  @Matches(/^(0[1-9]|1[0-2])\d{4}$/, { message: 'period must be MMYYYY' })
  period!: string;
}

export class SupplierStatementParams extends GstinPeriodParams {
  @ApiProperty()
  @Matches(/^[0-9]{2}[0-9A-Z]{13}$/, { message: 'supplier must be a 15-character GSTIN' })
  supplier!: string;
}
