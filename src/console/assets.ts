/**
 * The console's files, read once from `web/` beside this module: `src/console/web` under ts-jest and
 * ts-node, `dist/console/web` after `npm run build` (which copies the folder). Only the files named here
 * are served; a missing one fails the boot with its path instead of serving a broken page.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ConsoleAsset {
  contentType: string;
  body: Buffer;
  etag: string;
}

/** The page itself, served at /console. */
export const CONSOLE_PAGE = 'index.html';

export const CONSOLE_WEB_DIR = join(__dirname, 'web');

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  [CONSOLE_PAGE]: 'text/html; charset=utf-8',
  'console.css': 'text/css; charset=utf-8',
  'console-logic.js': 'text/javascript; charset=utf-8',
  'accountant-format.js': 'text/javascript; charset=utf-8',
  'reco-logic.js': 'text/javascript; charset=utf-8',
  'reco.js': 'text/javascript; charset=utf-8',
  'operation-logic.js': 'text/javascript; charset=utf-8',
  'operations.js': 'text/javascript; charset=utf-8',
  'console.js': 'text/javascript; charset=utf-8',
};

function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** File name -> encoded file, read once. */
export function loadConsoleAssets(dir: string = CONSOLE_WEB_DIR): ReadonlyMap<string, ConsoleAsset> {
  const assets = new Map<string, ConsoleAsset>();
  for (const [name, contentType] of Object.entries(CONTENT_TYPES)) {
    const path = join(dir, name);
    if (!existsSync(path))
      throw new Error(`console file ${path} is missing (npm run build copies src/console/web)`);
    const body = readFileSync(path);
    assets.set(name, { contentType, body, etag: etagOf(body) });
  }
  return assets;
}

const TIME_ZONE_META = '<meta name="business-time-zone" content="Asia/Kolkata" />';

/** The page with the business's time zone (server.timeZone) in its meta, and the ETag of that page. */
export function withBusinessTimeZone(
  assets: ReadonlyMap<string, ConsoleAsset>,
  timeZone: string,
): ReadonlyMap<string, ConsoleAsset> {
  const page = assets.get(CONSOLE_PAGE);
  if (!page) return assets;
  const html = page.body.toString('utf8');
  if (!html.includes(TIME_ZONE_META)) throw new Error(`console page has no ${TIME_ZONE_META}`);
  // A validated IANA zone has no character HTML would read; escaped all the same.
  const zone = timeZone.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const body = Buffer.from(
    html.replace(TIME_ZONE_META, `<meta name="business-time-zone" content="${zone}" />`),
  );
  return new Map([...assets, [CONSOLE_PAGE, { ...page, body, etag: etagOf(body) }]]);
}
