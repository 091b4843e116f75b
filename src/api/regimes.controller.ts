/** GET /regimes: the regimes this build knows, with the reason lists their cancel and operations take. */
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { RegimeRegistry } from '../compliance';
import { regimeReasons, type RegimeReasons } from './regime-reasons';
import { ApiErrors } from './responses/api-errors.decorator';
import { RegimeReasonsResponse } from './responses/regime.response';

@ApiTags('regimes')
@ApiSecurity('api-key')
@ApiErrors(401)
@Controller('regimes')
export class RegimesController {
  constructor(private readonly regimes: RegimeRegistry) {}

  @Get()
  @ApiOperation({
    summary:
      "Each regime's cancel reasons and operation reasons (Part-B, extension) in the authority's own numbering",
  })
  @ApiOkResponse({
    type: [RegimeReasonsResponse],
    description: 'One entry per regime: name, cancelReasons, cancelRemarkMaxLength, operations',
  })
  list(): RegimeReasons[] {
    return regimeReasons(this.regimes.descriptors());
  }
}
