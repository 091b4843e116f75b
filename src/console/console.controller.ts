/**
 * Serves the operator console: the page at GET /console and its files under /console/<name>.
 *
 * Public on purpose, "behind the same auth" meaning every byte of data: these are fixed files (the same
 * bytes for everyone, nothing from the database or the configuration), and the page asks for the API key
 * and sends it as X-API-Key on every data call, which the global guard checks like any other client's.
 * Requiring the key for the files themselves would need a cookie session (a browser cannot add a header
 * to a page load), and a cookie is ambient authority: every state-changing route would then need CSRF
 * protection. With a header key and `credentials: 'omit'` there is nothing for another site to ride on.
 * test/security/route-table-auth.test.ts checks that every other route refuses a request without the key.
 */
import { Controller, Get, Headers, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../api';
import { AppConfig } from '../config';
import { CONSOLE_PAGE, loadConsoleAssets, withBusinessTimeZone, type ConsoleAsset } from './assets';
import { CONSOLE_SECURITY_HEADERS } from './security-headers';

@Public()
@ApiExcludeController()
@Controller('console')
export class ConsoleController {
  private readonly assets: ReadonlyMap<string, ConsoleAsset>;

  constructor(config: AppConfig) {
    this.assets = withBusinessTimeZone(loadConsoleAssets(), config.server.timeZone);
  }

  @Get()
  page(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res() response: Response): void {
    this.send(CONSOLE_PAGE, ifNoneMatch, response);
  }

  @Get(':name')
  file(
    @Param('name') name: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() response: Response,
  ): void {
    this.send(name, ifNoneMatch, response);
  }

  private send(name: string, ifNoneMatch: string | undefined, response: Response): void {
    const asset: ConsoleAsset | undefined = this.assets.get(name);
    if (!asset) throw new NotFoundException(`no console file ${name}`);
    response.set(CONSOLE_SECURITY_HEADERS);
    response.set({ 'Content-Type': asset.contentType, ETag: asset.etag });
    if (ifNoneMatch === asset.etag) {
      response.status(304).end();
      return;
    }
    response.status(200).send(asset.body);
  }
}
