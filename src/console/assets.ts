/**
 * The console's files, embedded as TS constants so they exist alike under ts-jest (from src) and after
 * `tsc` (from dist, which gets no non-TS files).
 */
import { createHash } from 'node:crypto';
import { CONSOLE_APP_JS } from './assets/console-app-js';
import { CONSOLE_CSS } from './assets/console-css';
import { CONSOLE_LOGIC_JS } from './assets/console-logic-js';
import { CONSOLE_INDEX_HTML } from './assets/index-html';

export interface ConsoleAsset {
  contentType: string;
  body: Buffer;
  etag: string;
}

/** The page itself, served at /console. */
export const CONSOLE_PAGE = 'index.html';

const SOURCES: Record<string, { contentType: string; text: string }> = {
  [CONSOLE_PAGE]: { contentType: 'text/html; charset=utf-8', text: CONSOLE_INDEX_HTML },
  'console.css': { contentType: 'text/css; charset=utf-8', text: CONSOLE_CSS },
  'console-logic.js': { contentType: 'text/javascript; charset=utf-8', text: CONSOLE_LOGIC_JS },
  'console.js': { contentType: 'text/javascript; charset=utf-8', text: CONSOLE_APP_JS },
};

/** File name -> encoded file, built once. */
export function loadConsoleAssets(): ReadonlyMap<string, ConsoleAsset> {
  const assets = new Map<string, ConsoleAsset>();
  for (const [name, source] of Object.entries(SOURCES)) {
    const body = Buffer.from(source.text, 'utf8');
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    assets.set(name, { contentType: source.contentType, body, etag });
  }
  return assets;
}
