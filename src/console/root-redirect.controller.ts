/**
 * `GET /` leads a person who typed the service's address to the console (public: it says nothing but
 * where the console is; the console asks for the API key itself).
 */
import { Controller, Get, Redirect } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../api';

@Public()
@ApiExcludeController()
@Controller()
export class RootRedirectController {
  @Get()
  @Redirect('/console', 302)
  toConsole(): void {}
}
