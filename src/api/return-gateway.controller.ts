import { Body, Controller, Get, HttpCode, Param, Post, UnprocessableEntityException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from './responses/api-errors.decorator';
import { ReturnSessionResponse } from './responses/return-session.response';
import { ComplianceError } from '../compliance';
import { ReturnSessionService } from '../reconciliation';
import { OperatorNoteDto, SubmitOtpDto } from './reconciliation.dto';

/** The operator's side of the return gateway session: ask for an OTP, hand it in, see the session, log out. */
@ApiTags('returns')
@ApiSecurity('api-key')
@ApiErrors(401)
@Controller('returns/:gstin/session')
export class ReturnGatewayController {
  constructor(private readonly sessions: ReturnSessionService) {}

  @Get()
  @ApiOperation({ summary: 'Session state (none, otp-requested, active) and expiry' })
  @ApiOkResponse({ type: ReturnSessionResponse })
  @ApiErrors(404)
  status(@Param('gstin') gstin: string) {
    return this.sessions.status(gstin);
  }

  @Post('otp-request')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask the GST system to send the taxpayer an OTP' })
  @ApiOkResponse({ type: ReturnSessionResponse })
  @ApiErrors(400, 404, 422, 502, 503)
  requestOtp(@Param('gstin') gstin: string, @Body() body: OperatorNoteDto) {
    return this.sessions.requestOtp(gstin, body.operator);
  }

  @Post('otp')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Submit the OTP: opens the session every instance then uses (refreshed automatically)',
  })
  @ApiOkResponse({ type: ReturnSessionResponse })
  @ApiErrors(400, 404, 422, 503)
  async submitOtp(@Param('gstin') gstin: string, @Body() body: SubmitOtpDto) {
    try {
      return await this.sessions.submitOtp(gstin, body.otp, body.operator);
    } catch (error) {
      // A refused OTP is the operator's input, not an upstream failure.
      if (error instanceof ComplianceError && error.errorClass === 'auth') {
        throw new UnprocessableEntityException({
          errorClass: 'auth',
          code: error.options.code ?? null,
          message: error.message,
        });
      }
      throw error;
    }
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'End the session' })
  @ApiOkResponse({ type: ReturnSessionResponse })
  @ApiErrors(400, 404, 503)
  logout(@Param('gstin') gstin: string, @Body() body: OperatorNoteDto) {
    return this.sessions.logout(gstin, body.operator);
  }
}
