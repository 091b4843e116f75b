/** What GET /dashboard answers: the day's and month's documents, the oldest pending one, providers and connectors. */
import { ApiProperty } from '@nestjs/swagger';
import { ThrottledProviderResponse } from './health.response';

export class DashboardLineResponse {
  @ApiProperty({ type: String, nullable: true, description: 'seller GSTIN / VAT number' })
  sellerTaxId!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'INV, CRN, DBN, ...' })
  docType!: string | null;

  @ApiProperty()
  regime!: string;

  @ApiProperty()
  state!: string;

  @ApiProperty({ type: String, nullable: true })
  currency!: string | null;

  @ApiProperty()
  todayCount!: number;

  @ApiProperty({ description: 'decimal text' })
  todayValue!: string;

  @ApiProperty()
  monthCount!: number;

  @ApiProperty({ description: 'decimal text' })
  monthValue!: string;
}

export class OldestPendingResponse {
  @ApiProperty({ format: 'uuid' })
  submissionId!: string;

  @ApiProperty({ format: 'uuid' })
  documentId!: string;

  @ApiProperty({ type: String, nullable: true })
  docNumber!: string | null;

  @ApiProperty({ type: String, nullable: true })
  docDate!: string | null;

  @ApiProperty({ type: String, nullable: true })
  sellerTaxId!: string | null;

  @ApiProperty()
  regime!: string;

  @ApiProperty()
  state!: string;

  @ApiProperty({ format: 'date-time' })
  since!: string;

  @ApiProperty()
  ageSeconds!: number;
}

export class OpenCircuitResponse {
  @ApiProperty()
  key!: string;

  @ApiProperty()
  failures!: number;

  @ApiProperty({ format: 'date-time' })
  reopensAt!: string;

  @ApiProperty()
  secondsLeft!: number;
}

export class DashboardProvidersResponse {
  @ApiProperty({ type: [ThrottledProviderResponse] })
  throttled!: ThrottledProviderResponse[];

  @ApiProperty({ type: [OpenCircuitResponse] })
  circuitsOpen!: OpenCircuitResponse[];
}

export class ConnectorDownResponse {
  @ApiProperty()
  connector!: string;

  @ApiProperty({ type: String, nullable: true })
  message!: string | null;

  @ApiProperty({ format: 'date-time' })
  checkedAt!: string;
}

export class DashboardResponse {
  @ApiProperty({ example: 'Asia/Kolkata' })
  timeZone!: string;

  @ApiProperty({ format: 'date' })
  today!: string;

  @ApiProperty({ format: 'date' })
  monthStart!: string;

  @ApiProperty({ type: [DashboardLineResponse] })
  lines!: DashboardLineResponse[];

  @ApiProperty({ type: OldestPendingResponse, nullable: true })
  oldestPending!: OldestPendingResponse | null;

  @ApiProperty({ type: DashboardProvidersResponse })
  providers!: DashboardProvidersResponse;

  @ApiProperty({ type: [ConnectorDownResponse] })
  connectorsDown!: ConnectorDownResponse[];
}
