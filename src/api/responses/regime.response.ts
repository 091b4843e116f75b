/** What GET /regimes answers: each regime's reason codes in the authority's own numbering. */
import { ApiProperty } from '@nestjs/swagger';

export class ReasonOptionResponse {
  @ApiProperty()
  code!: string;

  @ApiProperty()
  label!: string;
}

export class RegimeOperationReasonsResponse {
  @ApiProperty()
  name!: string;

  @ApiProperty()
  summary!: string;

  @ApiProperty({ type: [ReasonOptionResponse] })
  reasons!: ReasonOptionResponse[];
}

export class RegimeReasonsResponse {
  @ApiProperty()
  name!: string;

  @ApiProperty()
  cancellable!: boolean;

  @ApiProperty({
    type: [ReasonOptionResponse],
    description: "its identifiers of its own kinds (the keys of a submission's identifiers.extra, as code)",
  })
  identifierFields!: ReasonOptionResponse[];

  @ApiProperty({ type: [ReasonOptionResponse] })
  cancelReasons!: ReasonOptionResponse[];

  @ApiProperty({ type: Number, nullable: true })
  cancelRemarkMaxLength!: number | null;

  @ApiProperty({ type: [RegimeOperationReasonsResponse] })
  operations!: RegimeOperationReasonsResponse[];
}
